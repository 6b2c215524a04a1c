"""Users, sessions and single-use account tokens: tables and the repositories behind the
accounts ports."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    BigInteger,
    Boolean,
    ForeignKey,
    Index,
    Integer,
    Numeric,
    String,
    Text,
    delete,
    exists,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.base import Base, UtcDateTime, rowcount
from domain.account_tokens import AccountToken, TokenPurpose
from domain.accounts import Role, SessionInfo, User


class UserRow(Base):
    __tablename__ = "users"
    __table_args__ = (Index("uq_users_username_lower", func.lower("username"), unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str] = mapped_column(String(30))
    display_name: Mapped[str] = mapped_column(String(50))
    email: Mapped[str] = mapped_column(String(254), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(16), default=Role.USER.value)
    bio: Mapped[str | None] = mapped_column(Text)
    avatar_url: Mapped[str | None] = mapped_column(String(500))
    height: Mapped[str | None] = mapped_column(String(20))
    instagram_handle: Mapped[str | None] = mapped_column(String(64))
    verified: Mapped[bool] = mapped_column(Boolean, default=False)
    email_verified: Mapped[bool] = mapped_column(Boolean, default=False)
    totp_secret: Mapped[str | None] = mapped_column(String(64))
    two_factor_enabled: Mapped[bool] = mapped_column(Boolean, default=False)
    totp_last_step: Mapped[int | None] = mapped_column(BigInteger)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    rating: Mapped[Decimal] = mapped_column(Numeric(3, 2), default=Decimal("0"))
    rating_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)


class SessionRow(Base):
    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)
    last_seen_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    user_agent: Mapped[str | None] = mapped_column(String(300))
    network: Mapped[str | None] = mapped_column(String(64))


_USER_FIELDS = (
    "username", "display_name", "email", "password_hash", "bio", "avatar_url", "height",
    "instagram_handle", "verified", "rating", "rating_count", "created_at", "email_verified",
    "totp_secret", "two_factor_enabled", "totp_last_step", "closed_at",
)


async def lock_member(session: AsyncSession, user_id: int) -> None:
    """Hold the member's row until commit, so a check-then-write about what they own (how
    many saved searches or addresses, their bundle tiers) runs one at a time per member:
    ``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite a no-op write, which takes its one
    write lock before the check reads anything."""
    if session.get_bind().dialect.name == "postgresql":
        await session.execute(select(UserRow.id).where(UserRow.id == user_id).with_for_update())
    else:
        await session.execute(update(UserRow).where(UserRow.id == user_id).values(id=UserRow.id))


def user_from_row(row: UserRow) -> User:
    return User(id=row.id, role=Role(row.role), **{f: getattr(row, f) for f in _USER_FIELDS})


def _column(name: str) -> str:
    if name not in _USER_FIELDS and name != "role":
        raise ValueError(f"users have no column {name!r}")
    return name


def _copy_to_row(user: User, row: UserRow) -> None:
    for name in _USER_FIELDS:
        setattr(row, name, getattr(user, name))
    row.role = user.role.value


class SqlUserRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, user: User) -> User:
        row = UserRow()
        _copy_to_row(user, row)
        self.session.add(row)
        await self.session.flush()
        user.id = row.id
        return user

    async def add_many(self, users: list[User]) -> None:
        rows = [{**{f: getattr(u, f) for f in _USER_FIELDS}, "role": u.role.value} for u in users]
        await self.session.execute(insert(UserRow), rows)

    async def get(self, user_id: int) -> User | None:
        row = await self.session.get(UserRow, user_id)
        return None if row is None else user_from_row(row)

    async def lock(self, user_id: int) -> None:
        await lock_member(self.session, user_id)

    async def get_many(self, user_ids: set[int]) -> dict[int, User]:
        if not user_ids:
            return {}
        rows = await self.session.scalars(select(UserRow).where(UserRow.id.in_(user_ids)))
        return {row.id: user_from_row(row) for row in rows.all()}

    async def get_by_login(self, login: str) -> User | None:
        column = UserRow.email if "@" in login else func.lower(UserRow.username)
        row = await self.session.scalar(select(UserRow).where(column == login.lower()))
        return None if row is None else user_from_row(row)

    async def username_taken(self, username: str) -> bool:
        query = exists().where(func.lower(UserRow.username) == username.lower()).select()
        return bool(await self.session.scalar(query))

    async def email_taken(self, email: str) -> bool:
        return bool(await self.session.scalar(exists().where(UserRow.email == email).select()))

    async def save(self, user: User) -> None:
        row = await self.session.get(UserRow, user.id)
        if row is None:
            raise LookupError(f"user {user.id} vanished")
        _copy_to_row(user, row)
        await self.session.flush()

    async def update_open(self, user_id: int, values: Mapping[str, object], *,
                          expect: Mapping[str, object] | None = None) -> bool:
        conditions = [UserRow.id == user_id, UserRow.closed_at.is_(None)]
        conditions += [getattr(UserRow, _column(name)) == value
                       for name, value in (expect or {}).items()]
        result = await self.session.execute(
            update(UserRow).where(*conditions)
            .values({_column(name): value.value if isinstance(value, Role) else value
                     for name, value in values.items()})
            .execution_options(synchronize_session=False))
        return rowcount(result) == 1

    async def count(self) -> int:
        return int(await self.session.scalar(select(func.count()).select_from(UserRow)) or 0)

    async def advance_totp_step(self, user_id: int, step: int) -> bool:
        result = await self.session.execute(
            update(UserRow)
            .where(UserRow.id == user_id,
                   (UserRow.totp_last_step.is_(None)) | (UserRow.totp_last_step < step))
            .values(totp_last_step=step).execution_options(synchronize_session=False))
        return rowcount(result) == 1

    async def page(self, limit: int, after_id: int | None = None) -> list[User]:
        query = select(UserRow).order_by(UserRow.id).limit(limit)
        if after_id is not None:
            query = query.where(UserRow.id > after_id)
        return [user_from_row(row) for row in await self.session.scalars(query)]


def _session_info(row: SessionRow) -> SessionInfo:
    return SessionInfo(token_hash=row.token_hash, user_id=row.user_id,
                       created_at=row.created_at, expires_at=row.expires_at,
                       last_seen_at=row.last_seen_at, user_agent=row.user_agent,
                       network=row.network)


class SqlSessionRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, token_hash: str, user_id: int, created_at: datetime,
                  expires_at: datetime, *, user_agent: str | None = None,
                  network: str | None = None) -> None:
        self.session.add(SessionRow(token_hash=token_hash, user_id=user_id,
                                    created_at=created_at, expires_at=expires_at,
                                    last_seen_at=created_at, user_agent=user_agent,
                                    network=network))
        await self.session.flush()

    async def lookup(self, token_hash: str, now: datetime) -> SessionInfo | None:
        row = await self.session.scalar(select(SessionRow).where(
            SessionRow.token_hash == token_hash, SessionRow.expires_at > now))
        return None if row is None else _session_info(row)

    async def touch(self, token_hash: str, now: datetime) -> None:
        await self.session.execute(
            update(SessionRow).where(SessionRow.token_hash == token_hash)
            .values(last_seen_at=now).execution_options(synchronize_session=False))

    async def for_user(self, user_id: int, now: datetime) -> list[SessionInfo]:
        rows = await self.session.scalars(select(SessionRow).where(
            SessionRow.user_id == user_id, SessionRow.expires_at > now))
        found = [_session_info(row) for row in rows]
        return sorted(found, key=lambda s: s.last_seen_at or s.created_at, reverse=True)

    async def user_id_for(self, token_hash: str, now: datetime) -> int | None:
        query = select(SessionRow.user_id).where(
            SessionRow.token_hash == token_hash, SessionRow.expires_at > now)
        return await self.session.scalar(query)

    async def delete(self, token_hash: str) -> None:
        await self.session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    async def delete_expired(self, now: datetime) -> int:
        result = await self.session.execute(delete(SessionRow).where(SessionRow.expires_at <= now))
        return rowcount(result) or 0

    async def delete_for_user(self, user_id: int, keep: str | None = None) -> int:
        query = delete(SessionRow).where(SessionRow.user_id == user_id)
        if keep is not None:
            query = query.where(SessionRow.token_hash != keep)
        result = await self.session.execute(query)
        return rowcount(result) or 0


class AccountTokenRow(Base):
    __tablename__ = "account_tokens"
    __table_args__ = (Index("ix_account_tokens_user_purpose", "user_id", "purpose"),)

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    purpose: Mapped[str] = mapped_column(String(24))
    email: Mapped[str | None] = mapped_column(String(254))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    expires_at: Mapped[datetime] = mapped_column(UtcDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UtcDateTime)


class SqlAccountTokenRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, token: AccountToken) -> None:
        self.session.add(AccountTokenRow(
            token_hash=token.token_hash, user_id=token.user_id, purpose=token.purpose.value,
            email=token.email, created_at=token.created_at, expires_at=token.expires_at,
            used_at=token.used_at))
        await self.session.flush()

    async def get(self, token_hash: str) -> AccountToken | None:
        return _token(await self.session.get(AccountTokenRow, token_hash))

    async def use(self, token_hash: str, now: datetime) -> bool:
        result = await self.session.execute(
            update(AccountTokenRow)
            .where(AccountTokenRow.token_hash == token_hash, AccountTokenRow.used_at.is_(None))
            .values(used_at=now).execution_options(synchronize_session=False))
        return rowcount(result) == 1

    async def delete_for(self, user_id: int, purpose: TokenPurpose, *,
                         unused_only: bool = False) -> None:
        statement = delete(AccountTokenRow).where(
            AccountTokenRow.user_id == user_id, AccountTokenRow.purpose == purpose.value)
        if unused_only:
            statement = statement.where(AccountTokenRow.used_at.is_(None))
        await self.session.execute(statement)

    async def count_unused(self, user_id: int, purpose: TokenPurpose, now: datetime) -> int:
        query = select(func.count()).select_from(AccountTokenRow).where(
            AccountTokenRow.user_id == user_id, AccountTokenRow.purpose == purpose.value,
            AccountTokenRow.used_at.is_(None), AccountTokenRow.expires_at > now)
        return int(await self.session.scalar(query) or 0)

    async def newest_usable(self, user_id: int, purpose: TokenPurpose,
                            now: datetime) -> AccountToken | None:
        query = (select(AccountTokenRow).where(
            AccountTokenRow.user_id == user_id, AccountTokenRow.purpose == purpose.value,
            AccountTokenRow.used_at.is_(None), AccountTokenRow.expires_at > now)
            .order_by(AccountTokenRow.created_at.desc(), AccountTokenRow.token_hash)
            .limit(1))
        return _token(await self.session.scalar(query))


def _token(row: AccountTokenRow | None) -> AccountToken | None:
    if row is None:
        return None
    return AccountToken(token_hash=row.token_hash, user_id=row.user_id,
                        purpose=TokenPurpose(row.purpose), created_at=row.created_at,
                        expires_at=row.expires_at, email=row.email, used_at=row.used_at)
