"""Bundle discount tiers and bags: tables and repositories.

A bag's insert is ``INSERT ... ON CONFLICT DO NOTHING`` on both databases, so a double click
(two requests adding the same listing at once) ends with one row and no error. Replacing a
seller's tiers locks the seller's row first, so two saves at once leave one set.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import lock_member
from adapters.sqlalchemy.base import Base, UtcDateTime, dialect_insert, rowcount
from domain.bundles import BundleTier


class BundleTierRow(Base):
    __tablename__ = "bundle_tiers"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    min_items: Mapped[int] = mapped_column(Integer, primary_key=True)
    percent: Mapped[int] = mapped_column(Integer)


class BagItemRow(Base):
    __tablename__ = "bag_items"
    __table_args__ = (Index("ix_bag_items_product_id", "product_id"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"),
                                            primary_key=True)
    added_at: Mapped[datetime] = mapped_column(UtcDateTime)


class SqlBundleTierRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def for_seller(self, seller_id: int) -> list[BundleTier]:
        return (await self.for_sellers([seller_id])).get(seller_id, [])

    async def for_sellers(self, seller_ids: list[int]) -> dict[int, list[BundleTier]]:
        found: dict[int, list[BundleTier]] = defaultdict(list)
        if not seller_ids:
            return found
        rows = await self.session.scalars(
            select(BundleTierRow).where(BundleTierRow.user_id.in_(sorted(set(seller_ids))))
            .order_by(BundleTierRow.user_id, BundleTierRow.min_items))
        for row in rows.all():
            found[row.user_id].append(BundleTier(row.min_items, row.percent))
        return dict(found)

    async def replace(self, seller_id: int, tiers: list[BundleTier]) -> None:
        # Two saves at once take turns on the seller's row; otherwise each deletes what it
        # sees (nothing, the first time) and both sets stay: six tiers on PostgreSQL.
        await lock_member(self.session, seller_id)
        await self.session.execute(delete(BundleTierRow).where(BundleTierRow.user_id == seller_id))
        self.session.add_all(BundleTierRow(user_id=seller_id, min_items=tier.min_items,
                                           percent=tier.percent) for tier in tiers)
        await self.session.flush()


class SqlBagRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, user_id: int, product_id: int, now: datetime) -> bool:
        added = await self.session.scalar(
            dialect_insert(self.session, BagItemRow)
            .values(user_id=user_id, product_id=product_id, added_at=now)
            .on_conflict_do_nothing(index_elements=["user_id", "product_id"])
            .returning(BagItemRow.product_id))
        return added is not None

    async def remove(self, user_id: int, product_id: int) -> bool:
        result = await self.session.execute(
            delete(BagItemRow).where(BagItemRow.user_id == user_id,
                                     BagItemRow.product_id == product_id))
        return bool(rowcount(result))

    async def remove_many(self, user_id: int, product_ids: list[int]) -> None:
        if product_ids:
            await self.session.execute(
                delete(BagItemRow).where(BagItemRow.user_id == user_id,
                                         BagItemRow.product_id.in_(product_ids)))

    async def product_ids(self, user_id: int) -> list[int]:
        rows = await self.session.scalars(
            select(BagItemRow.product_id).where(BagItemRow.user_id == user_id)
            .order_by(BagItemRow.added_at, BagItemRow.product_id))
        return list(rows.all())

    async def holders(self, product_ids: list[int]) -> list[int]:
        if not product_ids:
            return []
        rows = await self.session.scalars(
            select(BagItemRow.user_id).where(BagItemRow.product_id.in_(product_ids))
            .distinct().order_by(BagItemRow.user_id))
        return list(rows.all())
