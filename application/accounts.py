"""Accounts: registration, login with rate limiting, server-side sessions, profiles."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from application.analytics import VisitLog
from application.ports import Clock, PasswordHasher, RateLimiter, UnitOfWork
from domain.accounts import Role, User, normalise_email, role_for
from domain.analytics import ActivityKind, activity_day
from domain.errors import Conflict, NotAuthenticated, NotFound, RateLimited, require_valid
from domain.validation import validate_login, validate_registration

SESSION_LIFETIME = timedelta(days=30)
LOGIN_FAILURE_LIMIT = 5
LOGIN_FAILURE_IP_LIMIT = 30
LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60
INVALID_CREDENTIALS = "Invalid username or password"


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


def hash_token(token: str) -> str:
    """Sessions are stored by the hash of their token, so a leaked table opens nothing."""
    return hashlib.sha256(token.encode()).hexdigest()


class AccountService:
    def __init__(
        self,
        uow: UnitOfWork,
        hasher: PasswordHasher,
        clock: Clock,
        limiter: RateLimiter,
        admin_emails: frozenset[str] = frozenset(),
        new_token: Callable[[], str] = lambda: secrets.token_urlsafe(32),
        visits: VisitLog | None = None,
    ) -> None:
        self.uow = uow
        self.hasher = hasher
        self.clock = clock
        self.limiter = limiter
        self.admin_emails = admin_emails
        self.new_token = new_token
        self.visits = visits or VisitLog()

    async def register(self, form: Registration) -> SignedIn:
        require_valid(validate_registration(
            form.username, form.display_name, form.email, form.password, form.confirm_password))
        email = normalise_email(form.email)
        async with self.uow:
            if await self.uow.users.username_taken(form.username.strip()):
                raise Conflict("That username is already taken")
            if await self.uow.users.email_taken(email):
                raise Conflict("An account with that email already exists")
            user = await self.uow.users.add(User(
                username=form.username.strip(),
                display_name=form.display_name.strip(),
                email=email,
                password_hash=self.hasher.hash(form.password),
                created_at=self.clock.now(),
                role=role_for(email, self.admin_emails),
            ))
            token = await self._open_session(user)
            await self.uow.activity.record(ActivityKind.SIGNUP, user.id, user.created_at)
            await self.uow.commit()
        return SignedIn(user, token)

    async def login(self, login: str, password: str, client: str) -> SignedIn:
        require_valid(validate_login(login, password))
        keys = (f"login:{client}:{login.strip().lower()}", f"login-ip:{client}")
        await self._refuse_when_limited(keys)
        async with self.uow:
            user = await self.uow.users.get_by_login(login.strip())
            if user is None or not self.hasher.verify(user.password_hash, password):
                for key in keys:
                    await self.limiter.record(key, LOGIN_FAILURE_WINDOW_SECONDS)
                raise NotAuthenticated(INVALID_CREDENTIALS)
            self._refresh_account(user, password)
            await self.uow.users.save(user)
            token = await self._open_session(user)
            await self.uow.commit()
        await self.limiter.reset(keys[0])
        return SignedIn(user, token)

    async def logout(self, token: str | None) -> None:
        if not token:
            return
        async with self.uow:
            await self.uow.sessions.delete(hash_token(token))
            await self.uow.commit()

    async def user_for_session(self, token: str | None) -> User | None:
        if not token:
            return None
        now = self.clock.now()
        async with self.uow:
            user_id = await self.uow.sessions.user_id_for(hash_token(token), now)
            user = None if user_id is None else await self.uow.users.get(user_id)
            if user is not None:
                await self._record_visit(user, now)
            return user

    async def _record_visit(self, user: User, now: datetime) -> None:
        """An authenticated visit, written once per user per day (see VisitLog)."""
        assert user.id is not None
        day = activity_day(now)
        if self.visits.seen(user.id, day):
            return
        await self.uow.activity.record(ActivityKind.VISIT, user.id, now)
        await self.uow.commit()
        self.visits.remember(user.id, day)

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
        user = signed_in.user
        await self.logout(signed_in.token)
        if admin and not user.is_admin:
            async with self.uow:
                user.promote_to_admin()
                await self.uow.users.save(user)
                await self.uow.commit()
        return user

    async def _refuse_when_limited(self, keys: tuple[str, str]) -> None:
        limits = (LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_IP_LIMIT)
        for key, limit in zip(keys, limits, strict=True):
            if await self.limiter.count(key, LOGIN_FAILURE_WINDOW_SECONDS) >= limit:
                raise RateLimited("Too many failed login attempts. Please wait and try again.")

    def _refresh_account(self, user: User, password: str) -> None:
        if self.hasher.needs_rehash(user.password_hash):
            user.password_hash = self.hasher.hash(password)
        user.role = role_for(user.email, self.admin_emails, user.role)

    async def _open_session(self, user: User) -> str:
        assert user.id is not None
        token = self.new_token()
        now = self.clock.now()
        await self.uow.sessions.add(hash_token(token), user.id, now, now + SESSION_LIFETIME)
        return token


__all__ = ["AccountService", "Registration", "Role", "SignedIn", "hash_token"]
