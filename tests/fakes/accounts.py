"""Accounts: users (case-insensitive usernames), sessions (expiry) and a fast hasher."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from domain.account_tokens import AccountToken, TokenPurpose
from domain.accounts import SessionInfo, User


class FakeUsers:
    def __init__(self) -> None:
        self.rows: dict[int, User] = {}

    async def add(self, user: User) -> User:
        user.id = max(self.rows, default=0) + 1
        self.rows[user.id] = copy.deepcopy(user)
        return user

    async def add_many(self, users: list[User]) -> None:
        for user in users:
            await self.add(user)

    async def get(self, user_id: int) -> User | None:
        row = self.rows.get(user_id)
        return copy.deepcopy(row) if row else None

    async def get_many(self, user_ids: set[int]) -> dict[int, User]:
        return {i: copy.deepcopy(self.rows[i]) for i in user_ids if i in self.rows}

    async def lock(self, user_id: int) -> None:
        """(One task at a time in the fakes: nothing to hold.)"""

    async def get_by_login(self, login: str) -> User | None:
        key = login.lower()
        for user in self.rows.values():
            if (user.email if "@" in login else user.username.lower()) == key:
                return copy.deepcopy(user)
        return None

    async def username_taken(self, username: str) -> bool:
        return any(u.username.lower() == username.lower() for u in self.rows.values())

    async def email_taken(self, email: str) -> bool:
        return any(u.email == email for u in self.rows.values())

    async def save(self, user: User) -> None:
        assert user.id in self.rows
        self.rows[user.id] = copy.deepcopy(user)

    async def update_open(self, user_id: int, values: Mapping[str, object], *,
                          expect: Mapping[str, object] | None = None) -> bool:
        user = self.rows.get(user_id)
        if user is None or user.is_closed or any(
                getattr(user, name) != value for name, value in (expect or {}).items()):
            return False
        for name, value in values.items():
            assert hasattr(user, name), name
            setattr(user, name, value)
        return True

    async def count(self) -> int:
        return len(self.rows)

    async def advance_totp_step(self, user_id: int, step: int) -> bool:
        user = self.rows[user_id]
        if user.totp_last_step is not None and user.totp_last_step >= step:
            return False
        user.totp_last_step = step
        return True

    async def page(self, limit: int, after_id: int | None = None) -> list[User]:
        ids = sorted(i for i in self.rows if after_id is None or i > after_id)[:limit]
        return [copy.deepcopy(self.rows[i]) for i in ids]


@dataclass
class FakeSessions:
    rows: dict[str, SessionInfo] = field(default_factory=dict)

    async def add(self, token_hash: str, user_id: int, created_at: datetime,
                  expires_at: datetime, *, user_agent: str | None = None,
                  network: str | None = None) -> None:
        self.rows[token_hash] = SessionInfo(token_hash, user_id, created_at, expires_at,
                                            created_at, user_agent, network)

    async def user_id_for(self, token_hash: str, now: datetime) -> int | None:
        found = await self.lookup(token_hash, now)
        return None if found is None else found.user_id

    async def lookup(self, token_hash: str, now: datetime) -> SessionInfo | None:
        found = self.rows.get(token_hash)
        return found if found is not None and found.expires_at > now else None

    async def touch(self, token_hash: str, now: datetime) -> None:
        if token_hash in self.rows:
            self.rows[token_hash] = dataclasses.replace(self.rows[token_hash], last_seen_at=now)

    async def for_user(self, user_id: int, now: datetime) -> list[SessionInfo]:
        found = [s for s in self.rows.values() if s.user_id == user_id and s.expires_at > now]
        return sorted(found, key=lambda s: s.last_seen_at or s.created_at, reverse=True)

    async def delete(self, token_hash: str) -> None:
        self.rows.pop(token_hash, None)

    async def delete_expired(self, now: datetime) -> int:
        expired = [k for k, s in self.rows.items() if s.expires_at <= now]
        for key in expired:
            del self.rows[key]
        return len(expired)

    async def delete_for_user(self, user_id: int, keep: str | None = None) -> int:
        ended = [k for k, s in self.rows.items() if s.user_id == user_id and k != keep]
        for key in ended:
            del self.rows[key]
        return len(ended)


@dataclass
class FakeAccountTokens:
    rows: dict[str, AccountToken] = field(default_factory=dict)

    async def add(self, token: AccountToken) -> None:
        self.rows[token.token_hash] = token

    async def get(self, token_hash: str) -> AccountToken | None:
        return self.rows.get(token_hash)

    async def use(self, token_hash: str, now: datetime) -> bool:
        token = self.rows.get(token_hash)
        if token is None or token.used_at is not None:
            return False
        self.rows[token_hash] = dataclasses.replace(token, used_at=now)
        return True

    async def delete_for(self, user_id: int, purpose: TokenPurpose, *,
                         unused_only: bool = False) -> None:
        self.rows = {k: t for k, t in self.rows.items()
                     if not (t.user_id == user_id and t.purpose is purpose
                             and (t.used_at is None or not unused_only))}

    async def count_unused(self, user_id: int, purpose: TokenPurpose, now: datetime) -> int:
        return sum(1 for t in self.rows.values() if t.user_id == user_id
                   and t.purpose is purpose and t.used_at is None and t.expires_at > now)

    async def newest_usable(self, user_id: int, purpose: TokenPurpose,
                            now: datetime) -> AccountToken | None:
        usable = [t for t in self.rows.values()
                  if t.user_id == user_id and t.usable(now, purpose)]
        return max(usable, key=lambda t: t.created_at, default=None)


class PlainHasher:
    """Reversible 'hash' so tests run fast; never used outside tests."""

    async def hash(self, password: str) -> str:
        return f"plain${password}"

    async def verify(self, password_hash: str | None, password: str) -> bool:
        return password_hash is not None and password_hash == f"plain${password}"

    def needs_rehash(self, password_hash: str) -> bool:
        return False
