"""Ports of the accounts area: users, server-side sessions and single-use tokens."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Protocol

from domain.account_tokens import AccountToken, TokenPurpose
from domain.accounts import SessionInfo, User


class UserRepository(Protocol):
    async def add(self, user: User) -> User: ...
    async def add_many(self, users: list[User]) -> None:
        """Bulk insert (demo data at scale); ids are not read back."""
    async def get(self, user_id: int) -> User | None: ...
    async def get_many(self, user_ids: set[int]) -> dict[int, User]: ...
    async def get_by_login(self, login: str) -> User | None:
        """A user by username (case-insensitive) or, when ``login`` has an '@', by email."""
    async def username_taken(self, username: str) -> bool: ...
    async def email_taken(self, email: str) -> bool: ...
    async def save(self, user: User) -> None: ...
    async def update_open(self, user_id: int, values: Mapping[str, object], *,
                          expect: Mapping[str, object] | None = None) -> bool:
        """Set only ``values`` (``User`` field names) of an open account, in one conditional
        write, and only while the columns named in ``expect`` still hold those values
        (a compare-and-set). False when no row matched: closed, gone, or changed
        meanwhile. Unlike ``save`` it never writes back what another request changed
        since this one read the row (a password reset racing a login or a verification)."""
    async def count(self) -> int: ...
    async def lock(self, user_id: int) -> None:
        """Hold the member's row until commit: their account changes that read, then
        replace (their recovery codes) run one at a time."""
    async def advance_totp_step(self, user_id: int, step: int) -> bool:
        """Record that a code of time step ``step`` was accepted, only if it is later than
        the last one (compare-and-set): a code is never accepted twice."""
    async def page(self, limit: int, after_id: int | None = None) -> list[User]:
        """Up to ``limit`` users in id order, after ``after_id`` (operators' listing)."""


class SessionRepository(Protocol):
    async def add(self, token_hash: str, user_id: int, created_at: datetime,
                  expires_at: datetime, *, user_agent: str | None = None,
                  network: str | None = None) -> None:
        """A new session, last seen at ``created_at``."""
    async def user_id_for(self, token_hash: str, now: datetime) -> int | None: ...
    async def lookup(self, token_hash: str, now: datetime) -> SessionInfo | None:
        """The unexpired session with this token hash."""
    async def touch(self, token_hash: str, now: datetime) -> None:
        """Record that the session was seen ``now``."""
    async def for_user(self, user_id: int, now: datetime) -> list[SessionInfo]:
        """The user's unexpired sessions, the most recently seen first."""
    async def delete(self, token_hash: str) -> None: ...
    async def delete_expired(self, now: datetime) -> int: ...
    async def delete_for_user(self, user_id: int, keep: str | None = None) -> int:
        """End every session of the user (but ``keep``, a token hash); how many."""


class AccountTokenRepository(Protocol):
    """Single-use tokens kept by their hash (``domain/account_tokens.py``)."""

    async def add(self, token: AccountToken) -> None: ...
    async def get(self, token_hash: str) -> AccountToken | None: ...
    async def use(self, token_hash: str, now: datetime) -> bool:
        """Mark used if still unused (compare-and-set): True for exactly one caller."""
    async def delete_for(self, user_id: int, purpose: TokenPurpose, *,
                         unused_only: bool = False) -> None:
        """Delete the account's tokens of ``purpose`` (``unused_only``: only those never
        used; a used one can do nothing more and stays as the record that it was used)."""
    async def count_unused(self, user_id: int, purpose: TokenPurpose, now: datetime) -> int: ...
    async def newest_usable(self, user_id: int, purpose: TokenPurpose,
                            now: datetime) -> AccountToken | None:
        """The account's most recent token of ``purpose`` that is unused and unexpired."""


class OneTimePasswords(Protocol):
    """Time-based one-time passwords (RFC 6238), behind a well-kept library."""

    def new_secret(self) -> str: ...
    def provisioning_url(self, secret: str, account: str) -> str:
        """The ``otpauth://`` URL an authenticator app reads (as a QR code)."""
    def qr_code(self, url: str) -> str:
        """``url`` as a QR code image, a ``data:`` URL the page shows."""
    def matching_step(self, secret: str, code: str, at: datetime) -> int | None:
        """The time step whose code ``code`` is, within one step of ``at``; None if none."""
