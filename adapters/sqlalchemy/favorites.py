"""Favorites (the watch list) and the denormalised ``products.watch_count`` they keep.

Adding uses ``INSERT ... ON CONFLICT (user_id, product_id) DO NOTHING RETURNING id`` on both
databases: two concurrent requests for the same pair end with one row, and only the request
that really inserted raises the watch count, in the same transaction as the insert.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, UniqueConstraint, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.base import Base, UtcDateTime, dialect_insert
from adapters.sqlalchemy.catalog import ProductRow
from adapters.sqlalchemy.search_outbox import note
from application.ports.favorites import Favorite


class FavoriteRow(Base):
    __tablename__ = "favorites"
    __table_args__ = (
        UniqueConstraint("user_id", "product_id", name="uq_favorites_user_id_product_id"),
        Index("ix_favorites_user_id_created_at", "user_id", "created_at"),
        Index("ix_favorites_product_id", "product_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


def _favorite(row: FavoriteRow) -> Favorite:
    return Favorite(row.id, row.user_id, row.product_id, row.created_at)


class SqlFavoriteRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, user_id: int, product_id: int, now: datetime) -> tuple[Favorite, bool]:
        statement = (dialect_insert(self.session, FavoriteRow)
                     .values(user_id=user_id, product_id=product_id, created_at=now)
                     .on_conflict_do_nothing(index_elements=["user_id", "product_id"])
                     .returning(FavoriteRow.id))
        new_id = await self.session.scalar(statement)
        if new_id is not None:
            await self._adjust_watchers({product_id: 1})
            return Favorite(new_id, user_id, product_id, now), True
        existing = await self.get(user_id, product_id)
        assert existing is not None, "a conflicting favorite must exist"
        return existing, False

    async def remove(self, user_id: int, product_id: int) -> bool:
        statement = (delete(FavoriteRow)
                     .where(FavoriteRow.user_id == user_id, FavoriteRow.product_id == product_id)
                     .returning(FavoriteRow.id))
        removed = (await self.session.scalars(statement)).all()
        if removed:
            await self._adjust_watchers({product_id: -len(removed)})
        return bool(removed)

    async def get(self, user_id: int, product_id: int) -> Favorite | None:
        row = await self.session.scalar(select(FavoriteRow).where(
            FavoriteRow.user_id == user_id, FavoriteRow.product_id == product_id))
        return None if row is None else _favorite(row)

    async def list_for(self, user_id: int, limit: int) -> list[Favorite]:
        query = (select(FavoriteRow).where(FavoriteRow.user_id == user_id)
                 .order_by(FavoriteRow.created_at.desc(), FavoriteRow.id.desc()).limit(limit))
        return [_favorite(row) for row in (await self.session.scalars(query)).all()]

    async def add_many(self, pairs: list[tuple[int, int, datetime]]) -> None:
        if not pairs:
            return
        rows = [{"user_id": u, "product_id": p, "created_at": at} for u, p, at in pairs]
        statement = dialect_insert(self.session, FavoriteRow).on_conflict_do_nothing(
            index_elements=["user_id", "product_id"]).returning(FavoriteRow.product_id)
        added = (await self.session.scalars(statement, rows)).all()
        await self._adjust_watchers(Counter(added))

    async def watcher_ids(self, product_id: int) -> list[int]:
        query = (select(FavoriteRow.user_id).where(FavoriteRow.product_id == product_id)
                 .order_by(FavoriteRow.user_id))
        return list((await self.session.scalars(query)).all())

    async def _adjust_watchers(self, deltas: dict[int, int]) -> None:
        for product_id, delta in deltas.items():
            await self.session.execute(
                update(ProductRow).where(ProductRow.id == product_id)
                .values(watch_count=ProductRow.watch_count + delta))
        # Popularity orders search: the indexer folds a batch's changes into one write each.
        await note(self.session, [product_id for product_id, delta in deltas.items() if delta])
