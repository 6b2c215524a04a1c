"""Account security: password reset, email verification, changing the password or the
email, and the email change waiting for its link (seen, sent again, cancelled) (issue 41).
Two-factor sign-in is ``application/two_factor.py``; the sessions list
``application/account_sessions.py``.

Every email is queued in the transaction that causes it (``application/account_mail.py``);
every token is single use, by a compare-and-set on the stored hash, so two requests with
one link cannot both succeed. Signing a member out everywhere goes through
``application/account_sessions.end_sessions_in``, the one place for it.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from application.account_mail import (
    queue_email_change,
    queue_email_change_notice,
    queue_password_changed,
    queue_password_reset,
    queue_verification,
)
from application.account_sessions import end_sessions_in
from application.mail import Letters
from application.ports import Clock, PasswordHasher, RateLimiter, UnitOfWork
from application.shared.throttle import Throttle, hashed
from application.sign_in_guard import SignInGuard
from domain.account_tokens import (
    ADDRESS_LINKS,
    EMAILED_LINKS,
    INVALID_RESET_LINK,
    INVALID_VERIFY_LINK,
    AccountToken,
    TokenPurpose,
    already_confirmed,
    email_after_verifying,
    hash_secret,
)
from domain.accounts import User, normalise_email
from domain.errors import Conflict, NotFound, ValidationError, require_valid
from domain.rate_limits import DEFAULT_LIMITS, Limits
from domain.validation._rules import clean, is_email
from domain.validation.accounts import new_password_error, password_error

TOO_MANY_RESETS = "Too many password reset requests. Please wait and try again."
TOO_MANY_VERIFICATIONS = "Too many verification emails. Please wait and try again."
RESET_REQUESTED = ("If an account uses that email, we have sent it a link to reset the "
                   "password. The link works for one hour.")
PASSWORD_RESET_DONE = "Your password has been reset. You can now log in."
WRONG_PASSWORD = "Your current password is not correct"
EMAIL_TAKEN_OR_SENT = "Check your new inbox: we sent a link to confirm the address."
NO_EMAIL_CHANGE = "No email change is waiting to be confirmed"
TOKEN_MAX = 200


class AccountSecurity:
    def __init__(self, uow: UnitOfWork, hasher: PasswordHasher, clock: Clock,
                 limiter: RateLimiter, letters: Letters,
                 limits: Limits = DEFAULT_LIMITS,
                 new_token: Callable[[], str] = lambda: secrets.token_urlsafe(32)) -> None:
        self.uow = uow
        self.hasher = hasher
        self.clock = clock
        self.throttle = Throttle(limiter, clock)
        self.guard = SignInGuard(self.throttle, limits)
        self.letters = letters
        self.limits = limits
        self.new_token = new_token

    # -- password reset --------------------------------------------------------------------

    async def allow_password_reset(self, email: str, client: str) -> str:
        """Count a reset request against the email and the address (429 past the limits);
        the normalised email. Answers the same whether or not an account uses it."""
        if not is_email(clean(email)):
            raise ValidationError({"email": "Please enter a valid email"})
        address = normalise_email(email)
        await self.throttle.take(self.limits.reset_address, f"reset:addr:{hashed(client)}",
                                 TOO_MANY_RESETS)
        await self.throttle.take(self.limits.reset_email, f"reset:email:{hashed(address)}",
                                 TOO_MANY_RESETS)
        return address

    async def send_password_reset(self, email: str) -> bool:
        """Queue a reset link for the account using ``email``, if any (run after the
        answer is sent, so the answer's time says nothing; ``entrypoints/http``)."""
        async with self.uow:
            user = await self.uow.users.get_by_login(normalise_email(email))
            if user is None:
                return False
            await queue_password_reset(self.uow, self.letters, self.clock, self.new_token,
                                       user)
            await self.uow.commit()
        return True

    async def send_password_reset_to(self, login: str) -> User:
        """Operators: a reset link for a named account (``rethread users reset-password``)."""
        async with self.uow:
            user = await self.uow.users.get_by_login(login.strip())
            if user is None:
                raise NotFound(f"No user named '{login}'")
            await queue_password_reset(self.uow, self.letters, self.clock, self.new_token,
                                       user)
            await self.uow.commit()
        return user

    async def reset_password(self, token: str, password: str) -> None:
        """Set the password from a reset link: the link is used up and every session of the
        account ends."""
        require_valid({"password": error} if (error := password_error(password)) else {})
        if not token or len(token) > TOKEN_MAX:
            raise ValidationError({"token": INVALID_RESET_LINK})
        password_hash = await self.hasher.hash(password)  # slow: before the transaction
        now = self.clock.now()
        async with self.uow:
            found = await self.uow.account_tokens.get(hash_secret(token))
            if found is None or not found.usable(now, TokenPurpose.PASSWORD_RESET):
                raise ValidationError({"token": INVALID_RESET_LINK})
            if not await self.uow.account_tokens.use(found.token_hash, now):
                raise ValidationError({"token": INVALID_RESET_LINK})  # the other request won
            # The link reached the mailbox, so the address is the member's (a link to an
            # address the account has left died with the change).
            if not await self.uow.users.update_open(
                    found.user_id, {"password_hash": password_hash, "email_verified": True}):
                raise ValidationError({"token": INVALID_RESET_LINK})  # closed meanwhile
            await void_emailed_links(self.uow, found.user_id)
            await end_sessions_in(self.uow, found.user_id)
            await self.uow.commit()

    # -- email verification ----------------------------------------------------------------

    async def resend_verification(self, user: User) -> None:
        assert user.id is not None
        if user.email_verified:
            raise Conflict("Your email is already verified")
        await self.throttle.take(self.limits.verification_account, f"verify:{user.id}",
                                 TOO_MANY_VERIFICATIONS)
        async with self.uow:
            await queue_verification(self.uow, self.letters, self.clock, self.new_token, user)
            await self.uow.commit()

    async def verify_email(self, token: str) -> bool:
        """Confirm the account's address, or, with an email-change link, move the account
        to the new address now (``domain.account_tokens.email_after_verifying``). Moving
        it voids every other emailed link of the account. True when the link had been used
        already and the account is verified at its address (``already_confirmed``: the
        same link opened twice); nothing changes then. Any other spent link is refused."""
        if not token or len(token) > TOKEN_MAX:
            raise ValidationError({"token": INVALID_VERIFY_LINK})
        now = self.clock.now()
        async with self.uow:
            found = await self.uow.account_tokens.get(hash_secret(token))
            if found is None or not any(found.usable(now, purpose)
                                        for purpose in ADDRESS_LINKS):
                return await self._spent(found)
            user = await self.uow.users.get(found.user_id)
            email = None if user is None else email_after_verifying(found, user.email)
            if user is None or email is None:
                raise ValidationError({"token": INVALID_VERIFY_LINK})
            used = await self.uow.account_tokens.use(found.token_hash, now)
            if used:
                if email != user.email:
                    if await self.uow.users.email_taken(email):
                        raise Conflict("Another account now uses that email")
                    await void_emailed_links(self.uow, found.user_id)
                # Only while the email is still the one judged above (a compare-and-set).
                if not await self.uow.users.update_open(
                        found.user_id, {"email": email, "email_verified": True},
                        expect={"email": user.email}):
                    raise ValidationError({"token": INVALID_VERIFY_LINK})
                await self.uow.commit()
        return False if used else await self._used_meanwhile(token)

    async def _used_meanwhile(self, token: str) -> bool:
        """The link was usable when read and used by the time this request tried (opened
        twice at once: a mail scanner and its owner). The request that used it has
        committed (the conditional use waited for it), so a new unit of work sees what it
        did."""
        async with self.uow:
            return await self._spent(await self.uow.account_tokens.get(hash_secret(token)))

    async def _spent(self, found: AccountToken | None) -> bool:
        """Inside the caller's unit of work, a link that can no longer be used: True
        ("already verified") for a used one whose own open account is verified at its
        address (``already_confirmed``), the refusal for any other."""
        user = None if found is None else await self.uow.users.get(found.user_id)
        if (found is not None and user is not None and not user.is_closed
                and already_confirmed(found, user.email, user.email_verified)):
            return True
        raise ValidationError({"token": INVALID_VERIFY_LINK})

    # -- changing the password or the email ------------------------------------------------

    async def change_password(self, user: User, session_token: str | None, current: str,
                              new: str) -> None:
        """A new password; every other session of the account ends, and so does every
        emailed link (a reset link, a pending email change asked for with the old
        password: whoever knew it must keep nothing)."""
        assert user.id is not None
        require_valid({"newPassword": error} if (error := new_password_error(new, current))
                      else {})
        await self._check_password(user, current, "currentPassword")
        password_hash = await self.hasher.hash(new)
        async with self.uow:
            # Only while the password is still the one just checked (a reset meanwhile
            # wins, and this request is told the password it gave is not right).
            if not await self.uow.users.update_open(
                    user.id, {"password_hash": password_hash},
                    expect={"password_hash": user.password_hash}):
                raise ValidationError({"currentPassword": WRONG_PASSWORD})
            fresh = await self.uow.users.get(user.id)
            assert fresh is not None
            await void_emailed_links(self.uow, user.id)
            await end_sessions_in(self.uow, user.id, keep_token=session_token)
            await queue_password_changed(self.uow, self.letters, self.clock, fresh)
            await self.uow.commit()

    async def change_email(self, user: User, password: str, email: str) -> str:
        """Send a confirmation link to the new address (the email changes when it is
        opened) and tell the old one. A new address another account uses gets no link,
        and the answer is the same (no word about who has an account)."""
        assert user.id is not None
        if not is_email(clean(email)):
            raise ValidationError({"email": "Please enter a valid email"})
        new_email = normalise_email(email)
        if new_email == user.email:
            raise ValidationError({"email": "That is already your email"})
        await self._check_password(user, password, "password")
        await self.throttle.take(self.limits.verification_account, f"verify:{user.id}",
                                 TOO_MANY_VERIFICATIONS)
        async with self.uow:
            await self._link_new_address(user, new_email)
            await queue_email_change_notice(self.uow, self.letters, self.clock, user,
                                            new_email)
            await self.uow.commit()
        return EMAIL_TAKEN_OR_SENT

    # -- the pending email change (``/settings``, "Email") ---------------------------------

    async def pending_email_change(self, user: User) -> AccountToken | None:
        """The change asked for and not confirmed yet: its link (``email``, ``created_at``
        when it was sent, ``expires_at``) while it can still be used; an expired, used or
        voided link is nothing pending."""
        assert user.id is not None
        async with self.uow:
            return await self._pending(user.id)

    async def resend_email_change(self, user: User) -> str:
        """A new link to the pending change's address in place of the old one, counted as
        asking for the change is; the address. Conflict when nothing is pending."""
        assert user.id is not None
        async with self.uow:
            pending = await self._pending(user.id)
            if pending is None or pending.email is None:
                raise Conflict(NO_EMAIL_CHANGE)
            await self.throttle.take(self.limits.verification_account, f"verify:{user.id}",
                                     TOO_MANY_VERIFICATIONS)
            await self._link_new_address(user, pending.email)
            await self.uow.commit()
        return pending.email

    async def cancel_email_change(self, user: User) -> bool:
        """The pending change's link dies and the account keeps its email; whether a change
        was pending (cancelling twice is no error)."""
        assert user.id is not None
        async with self.uow:
            pending = await self._pending(user.id)
            await self.uow.account_tokens.delete_for(user.id, TokenPurpose.CHANGE_EMAIL,
                                                     unused_only=True)
            await self.uow.commit()
        return pending is not None

    async def _pending(self, user_id: int) -> AccountToken | None:
        return await self.uow.account_tokens.newest_usable(
            user_id, TokenPurpose.CHANGE_EMAIL, self.clock.now())

    async def _link_new_address(self, user: User, new_email: str) -> None:
        """Inside the caller's unit of work: a link to ``new_email`` becomes the account's
        one pending email change; an earlier unused one dies, so only the newest address
        asked for can be confirmed. An address another account uses gets no email and the
        same pending change (``queue_email_change``)."""
        assert user.id is not None
        await self.uow.account_tokens.delete_for(user.id, TokenPurpose.CHANGE_EMAIL,
                                                 unused_only=True)
        await queue_email_change(self.uow, self.letters, self.clock, self.new_token, user,
                                 new_email, taken=await self.uow.users.email_taken(new_email))

    async def _check_password(self, user: User, password: str, field: str) -> None:
        """Counted against the login's lock-out (``application/sign_in_guard.py``)."""
        await self.guard.check_password(self.hasher, user, password, field, WRONG_PASSWORD)


async def void_emailed_links(uow: UnitOfWork, user_id: int) -> None:
    """Inside the caller's unit of work: every reset, verification and email-change link
    of the account that could still be used dies (``domain.account_tokens.EMAILED_LINKS``),
    as its password or email changes. Used ones stay, marked used: they can do nothing
    more, and a verification link opened again is told its address is already verified
    while the account is verified there (``already_confirmed``)."""
    for purpose in EMAILED_LINKS:
        await uow.account_tokens.delete_for(user_id, purpose, unused_only=True)


__all__ = ["AccountSecurity", "void_emailed_links"]
