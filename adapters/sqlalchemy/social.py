"""Follows: the table and the repository behind the social ports.

The primary key (follower_id, following_id) makes a follow unique; ``ON CONFLICT DO
NOTHING`` makes a repeated or concurrent follow harmless on both databases. Counting
followers uses the index (following_id, created_at); counting follows the primary key.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, ForeignKey, Index, delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow, user_from_row
from adapters.sqlalchemy.base import Base, UtcDateTime, dialect_insert, rowcount
from application.ports.social import Follow
from domain.accounts import User


class FollowRow(Base):
    __tablename__ = "follows"
    __table_args__ = (
        CheckConstraint("follower_id <> following_id", name="not_self"),
        Index("ix_follows_following_id_created_at", "following_id", "created_at"),
    )

    follower_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    following_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


F = FollowRow


class SqlFollowRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, follower_id: int, following_id: int, now: datetime
                  ) -> tuple[Follow, bool]:
        statement = (dialect_insert(self.session, FollowRow)
                     .values(follower_id=follower_id, following_id=following_id, created_at=now)
                     .on_conflict_do_nothing(index_elements=["follower_id", "following_id"])
                     .returning(FollowRow.created_at))
        created_at = await self.session.scalar(statement)
        if created_at is not None:
            return Follow(follower_id, following_id, created_at), True
        existing = await self.session.scalar(select(F.created_at).where(
            F.follower_id == follower_id, F.following_id == following_id))
        assert existing is not None, "a conflicting follow must exist"
        return Follow(follower_id, following_id, existing), False

    async def remove(self, follower_id: int, following_id: int) -> bool:
        result = await self.session.execute(delete(FollowRow).where(
            F.follower_id == follower_id, F.following_id == following_id))
        return bool(rowcount(result))

    async def exists(self, follower_id: int, following_id: int) -> bool:
        found = await self.session.scalar(select(F.created_at).where(
            F.follower_id == follower_id, F.following_id == following_id))
        return found is not None

    async def followers(self, user_id: int, limit: int) -> list[User]:
        query = (select(UserRow).join(F, F.follower_id == UserRow.id)
                 .where(F.following_id == user_id)
                 .order_by(F.created_at.desc(), UserRow.id.desc()).limit(limit))
        return [user_from_row(row) for row in (await self.session.scalars(query)).all()]

    async def following(self, user_id: int, limit: int) -> list[User]:
        query = (select(UserRow).join(F, F.following_id == UserRow.id)
                 .where(F.follower_id == user_id)
                 .order_by(F.created_at.desc(), UserRow.id.desc()).limit(limit))
        return [user_from_row(row) for row in (await self.session.scalars(query)).all()]

    async def count_followers(self, user_id: int) -> int:
        query = select(func.count()).select_from(F).where(F.following_id == user_id)
        return int(await self.session.scalar(query) or 0)

    async def count_following(self, user_id: int) -> int:
        query = select(func.count()).select_from(F).where(F.follower_id == user_id)
        return int(await self.session.scalar(query) or 0)
