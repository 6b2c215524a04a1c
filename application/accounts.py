"""Accounts: registration, login with rate limiting, the admin's account tools.

Failed logins are limited per account and per address, with a lock-out that doubles with
each further failure: ``application/sign_in_guard.py`` keeps that lock-out, shared with the
signed-in routes that ask for the password again.

Signing in opens a session; everything after that (reading it on each request, signing
out, the member's list of sessions) is ``application/account_sessions.py``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from application.account_mail import queue_signup_attempt, queue_verification
from application.account_sessions import SESSION_LIFETIME, hash_token
from application.audit import record_audit
from application.mail import Letters
from application.ports import Clock, PasswordHasher, RateLimiter, UnitOfWork
from application.ports.accounts import OneTimePasswords
from application.shared.throttle import Throttle, hashed
from application.sign_in_guard import SignInGuard, login_keys
from application.two_factor import CODE_NEEDED, WRONG_CODE, second_factor_refusal
from domain.accounts import (
    Role,
    User,
    network_of,
    normalise_email,
    role_for,
    short_agent,
)
from domain.analytics import ActivityKind
from domain.errors import (
    Conflict,
    Forbidden,
    NotAuthenticated,
    NotFound,
    TwoFactorRequired,
    require_valid,
)
from domain.moderation import AuditAction
from domain.rate_limits import DEFAULT_LIMITS, Limits
from domain.validation import validate_login, validate_registration

INVALID_CREDENTIALS = "Invalid username or password"
TOO_MANY_SIGNUPS = "Too many new accounts from your network. Please wait and try again."
CHECK_EMAIL_TO_FINISH = "Check your email to finish signing up"


@dataclass(frozen=True)
class Registration:
    username: str
    display_name: str
    email: str
    password: str
    confirm_password: str | None = None


@dataclass(frozen=True)
class SignedIn:
    user: User
    token: str


@dataclass(frozen=True)
class CheckEmail:
    """A sign-up with an email that already has an account: no session, and no word that
    the email is taken (its owner is emailed instead; ``docs/security.md``)."""

    message: str = CHECK_EMAIL_TO_FINISH


class AccountService:
    def __init__(
        self,
        uow: UnitOfWork,
        hasher: PasswordHasher,
        clock: Clock,
        limiter: RateLimiter,
        admin_emails: frozenset[str] = frozenset(),
        new_token: Callable[[], str] = lambda: secrets.token_urlsafe(32),
        limits: Limits = DEFAULT_LIMITS,
        letters: Letters | None = None,
        otp: OneTimePasswords | None = None,
    ) -> None:
        self.uow = uow
        self.otp = otp
        self.letters = letters
        self.hasher = hasher
        self.clock = clock
        self.throttle = Throttle(limiter, clock)
        self.guard = SignInGuard(self.throttle, limits)
        self.limits = limits
        self.admin_emails = admin_emails
        self.new_token = new_token

    async def register(self, form: Registration, client: str | None = None,
                       agent: str | None = None) -> SignedIn | CheckEmail:
        """A new account, signed in, with a verification email on its way. ``client`` (the
        address) is limited; the operator's CLI passes none and is told plainly when the
        email is taken. A visitor whose email already has an account gets
        :class:`CheckEmail`, exactly as long in coming, and the owner gets an email (at
        most ``limits.signup_notice_email`` of them: past it, the same answer and no email)."""
        require_valid(validate_registration(
            form.username, form.display_name, form.email, form.password, form.confirm_password))
        if client is not None:
            await self.throttle.take(self.limits.registration_address,
                                     f"signup:{hashed(client)}", TOO_MANY_SIGNUPS)
        email = normalise_email(form.email)
        await self._refuse_taken(form.username.strip(), email, client)  # before the slow hash
        password_hash = await self.hasher.hash(form.password)  # slow: before the transaction
        async with self.uow:
            await self._refuse_taken(form.username.strip(), email, client)
            owner = await self.uow.users.get_by_login(email)
            if owner is not None:  # (only for visitors: _refuse_taken raised for operators)
                if self.letters is not None and await self.throttle.allow(
                        self.limits.signup_notice_email, f"signup-notice:{hashed(email)}"):
                    await queue_signup_attempt(self.uow, self.letters, self.clock, owner)
                    await self.uow.commit()
                return CheckEmail()
            user = await self.uow.users.add(User(
                username=form.username.strip(),
                display_name=form.display_name.strip(),
                email=email,
                password_hash=password_hash,
                created_at=self.clock.now(),
                role=role_for(email, self.admin_emails),
            ))
            token = await self._open_session(user, client, agent)
            await self.uow.activity.record(ActivityKind.SIGNUP, user.id, user.created_at)
            if self.letters is not None and client is not None:
                await queue_verification(self.uow, self.letters, self.clock, self.new_token,
                                         user)
            await self.uow.commit()
        if client is not None:
            # Signing up is signing in: the address is known to the new account.
            await self.guard.remember_address(login_keys(user, "", client).known)
        return SignedIn(user, token)

    async def login(self, login: str, password: str, client: str, code: str | None = None,
                    agent: str | None = None) -> SignedIn:
        """Signed in, or refused. With two-factor sign-in on, a right password and no
        ``code`` answers :class:`TwoFactorRequired` (not a failure); a wrong code counts as
        a failed login, like a wrong password, and is answered under the ``code`` field
        (a used recovery code of the account is named as used)."""
        require_valid(validate_login(login, password))
        async with self.uow:  # a read: no lock is held while the password is checked
            user = await self.uow.users.get_by_login(login.strip())
        if user is not None and user.is_closed:
            user = None  # a closed account is nobody's: answered as an unknown name
        keys = login_keys(user, login, client)
        known = await self.guard.is_known(keys)
        await self.guard.refuse_while_locked(keys, known)  # before the slow hash
        # Unknown users are checked against a dummy hash: both answers take as long.
        correct = await self.hasher.verify(None if user is None else user.password_hash,
                                           password)
        # Guesses sent together all passed the first check; failures recorded meanwhile
        # lock them out too, whatever their password (so the answer tells nothing). The
        # second check and the failure's record are one step per key (held against every
        # other process), so no burst of guesses gets more tries than the limits allow.
        async with self.throttle.exclusive(keys.account, keys.pair, keys.address):
            await self.guard.refuse_while_locked(keys, known)
            if not correct or user is None:
                await self.guard.record_failure(keys)
                raise NotAuthenticated(INVALID_CREDENTIALS)
            if user.two_factor_enabled:
                if not code:
                    raise TwoFactorRequired(CODE_NEEDED)
                async with self.uow:
                    refusal = (WRONG_CODE if self.otp is None else await second_factor_refusal(
                        self.uow, self.otp, self.clock, user, code))
                    await self.uow.commit()
                if refusal is not None:
                    await self.guard.record_failure(keys)
                    raise TwoFactorRequired(refusal, {"code": refusal})
        assert user.id is not None  # found by its login, so stored
        user_id, verified_hash = user.id, user.password_hash
        new_hash = (await self.hasher.hash(password)
                    if self.hasher.needs_rehash(user.password_hash) else None)
        async with self.uow:
            user = await self.uow.users.get(user_id) or user  # with any step just recorded
            await self._refuse_if_suspended(user)
            role = role_for(user.email, self.admin_emails, user.role)
            password_hash = new_hash or verified_hash
            # Only the columns a login changes, and only while the account is open with the
            # password just checked: a reset or a closure that committed since then wins,
            # and this login opens no session (the whole row is never written back).
            if not await self.uow.users.update_open(
                    user_id, {"role": role, "password_hash": password_hash},
                    expect={"password_hash": verified_hash}):
                raise NotAuthenticated(INVALID_CREDENTIALS)
            user.role, user.password_hash = role, password_hash
            token = await self._open_session(user, client, agent)
            await self.uow.commit()
        await self.throttle.reset(keys.pair)
        await self.guard.remember_address(keys.known)
        return SignedIn(user, token)

    async def _refuse_if_suspended(self, user: User) -> None:
        """A suspended member (issue 37) is told why and until when (403)."""
        assert user.id is not None
        suspension = await self.uow.suspensions.get(user.id)
        if suspension is not None and suspension.active(self.clock.now()):
            raise Forbidden(suspension.login_refusal(self.clock.now()))



    # -- operators (CLI) -------------------------------------------------------------------

    async def list_users(self, limit: int = 50, after_id: int | None = None) -> list[User]:
        async with self.uow:
            return await self.uow.users.page(max(1, min(limit, 1000)), after_id)

    async def set_admin(self, login: str, admin: bool) -> User:
        """Grant or revoke the administrator role; a clear error when nothing would change."""
        async with self.uow:
            user = await self.uow.users.get_by_login(login.strip())
            if user is None or user.id is None:
                raise NotFound(f"No user named '{login}'")
            if admin == user.is_admin:
                state = "already" if admin else "not"
                raise Conflict(f"{user.username} is {state} an administrator")
            if admin:
                user.promote_to_admin()
            elif user.email in self.admin_emails:
                raise Conflict(f"{user.username} is an administrator through "
                               f"RETHREAD_ADMIN_EMAILS; remove {user.email} from it first")
            else:
                listed = await self.uow.listings.count_by_seller(user.id, include_unavailable=True)
                user.revoke_admin(has_listings=listed > 0)
            await self.uow.users.save(user)
            await record_audit(self.uow, None,
                               AuditAction.ADMIN_GRANTED if admin else AuditAction.ADMIN_REVOKED,
                               "user", user.id, None, self.clock)
            await self.uow.commit()
        return user

    async def get_user(self, user_id: int) -> User:
        async with self.uow:
            user = await self.uow.users.get(user_id)
        if user is None:
            raise NotFound("User not found")
        return user

    async def create_user(self, form: Registration, *, admin: bool = False) -> User:
        """Operator path (CLI): same rules as sign-up, optionally an administrator."""
        signed_in = await self.register(form)
        assert isinstance(signed_in, SignedIn)  # an operator is told when the email is taken
        user = signed_in.user
        async with self.uow:  # an operator's account starts signed out
            await self.uow.sessions.delete(hash_token(signed_in.token))
            if admin and not user.is_admin:
                user.promote_to_admin()
                await self.uow.users.save(user)
            await self.uow.commit()
        return user

    async def _refuse_taken(self, username: str, email: str, client: str | None) -> None:
        """Usernames are public, so a taken one is said; a taken email only to operators."""
        async with self.uow:
            if await self.uow.users.username_taken(username):
                raise Conflict("That username is already taken")
            if client is None and await self.uow.users.email_taken(email):
                raise Conflict("An account with that email already exists")

    async def _open_session(self, user: User, client: str | None = None,
                            agent: str | None = None) -> str:
        """A new session, with what the sessions list shows of it: the browser's
        User-Agent and the network of the address (not the address)."""
        assert user.id is not None
        token = self.new_token()
        now = self.clock.now()
        await self.uow.sessions.add(hash_token(token), user.id, now, now + SESSION_LIFETIME,
                                    user_agent=short_agent(agent), network=network_of(client))
        return token


__all__ = ["AccountService", "CheckEmail", "Registration", "Role", "SignedIn"]
