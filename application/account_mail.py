"""The accounts area's emails: each one queued in the caller's transaction (``Letters``).

Links carry a fresh random token whose hash is stored (``domain/account_tokens.py``); the
token itself exists only in the queued message and the member's mailbox.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from application.mail import Letters
from application.ports import Clock, UnitOfWork
from domain.account_tokens import TokenPurpose, new_account_token
from domain.accounts import User

RESET_PATH = "/reset-password?token="
VERIFY_PATH = "/verify-email?token="
FORGOT_PATH = "/forgot-password"


async def _token(uow: UnitOfWork, clock: Clock, new_token: Callable[[], str], user: User,
                 purpose: TokenPurpose, email: str | None = None) -> str:
    assert user.id is not None
    secret = new_token()
    await uow.account_tokens.add(new_account_token(secret, user_id=user.id, purpose=purpose,
                                                   now=clock.now(), email=email))
    return secret


async def queue_password_reset(uow: UnitOfWork, letters: Letters, clock: Clock,
                               new_token: Callable[[], str], user: User) -> None:
    secret = await _token(uow, clock, new_token, user, TokenPurpose.PASSWORD_RESET)
    await letters.queue(uow, clock, user.email, "password_reset", {"name": user.display_name},
                        link=letters.url(RESET_PATH + quote(secret)))


async def queue_verification(uow: UnitOfWork, letters: Letters, clock: Clock,
                             new_token: Callable[[], str], user: User) -> None:
    """A link confirming the account's own address (it only ever marks that address
    verified: ``domain.account_tokens.email_after_verifying``)."""
    await _queue_address_link(uow, letters, clock, new_token, user, user.email,
                              TokenPurpose.VERIFY_EMAIL)


async def queue_email_change(uow: UnitOfWork, letters: Letters, clock: Clock,
                             new_token: Callable[[], str], user: User, new_email: str, *,
                             taken: bool) -> None:
    """A link, sent to ``new_email``, that moves ``user``'s account to it when opened. For
    an address another account uses (``taken``) the link is stored, so the member sees the
    same pending change, and never sent: nobody ever holds it, and nobody learns from the
    answer or the settings page who has an account."""
    if taken:
        await _token(uow, clock, new_token, user, TokenPurpose.CHANGE_EMAIL, new_email)
        return
    await _queue_address_link(uow, letters, clock, new_token, user, new_email,
                              TokenPurpose.CHANGE_EMAIL)


async def _queue_address_link(uow: UnitOfWork, letters: Letters, clock: Clock,
                              new_token: Callable[[], str], user: User, address: str,
                              purpose: TokenPurpose) -> None:
    secret = await _token(uow, clock, new_token, user, purpose, address)
    await letters.queue(uow, clock, address, "verify_email",
                        {"name": user.display_name, "email": address},
                        link=letters.url(VERIFY_PATH + quote(secret)))


async def queue_signup_attempt(uow: UnitOfWork, letters: Letters, clock: Clock,
                               owner: User) -> None:
    """Tell an email's owner that someone tried to sign up with it."""
    await letters.queue(uow, clock, owner.email, "signup_attempt",
                        {"name": owner.display_name, "email": owner.email,
                         "username": owner.username},
                        link=letters.url(FORGOT_PATH))


async def queue_email_change_notice(uow: UnitOfWork, letters: Letters, clock: Clock,
                                    user: User, new_email: str) -> None:
    await letters.queue(uow, clock, user.email, "email_change_notice",
                        {"name": user.display_name, "new_email": new_email},
                        link=letters.url(FORGOT_PATH))


async def queue_password_changed(uow: UnitOfWork, letters: Letters, clock: Clock,
                                 user: User) -> None:
    await letters.queue(uow, clock, user.email, "password_changed",
                        {"name": user.display_name}, link=letters.url(FORGOT_PATH))


async def queue_two_factor_changed(uow: UnitOfWork, letters: Letters, clock: Clock,
                                   user: User, *, on: bool) -> None:
    """Tell the member that two-factor sign-in was turned on or off."""
    await letters.queue(uow, clock, user.email, "two_factor_changed",
                        {"name": user.display_name, "on": on}, link=letters.url(FORGOT_PATH))


async def queue_recovery_codes_replaced(uow: UnitOfWork, letters: Letters, clock: Clock,
                                        user: User) -> None:
    """Tell the member that new recovery codes replaced the old ones."""
    await letters.queue(uow, clock, user.email, "recovery_codes_replaced",
                        {"name": user.display_name}, link=letters.url(FORGOT_PATH))
