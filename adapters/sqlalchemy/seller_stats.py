"""Listing views and the figures of a seller's stats.

``listing_view_marks`` holds today's marks only (a keyed hash per visitor, listing and day;
``domain/seller_stats.py``): its primary key makes a second visit of the day a no-op on both
databases (INSERT ... ON CONFLICT DO NOTHING), and only a mark that was new adds one to
``listing_view_days`` (an upsert, atomic on both). The scheduler deletes the marks of past
days, so no trace of a visitor outlives the day.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from sqlalchemy import Date, ForeignKey, Integer, String, delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.base import Base, dialect_insert, rowcount
from adapters.sqlalchemy.catalog import ProductRow
from adapters.sqlalchemy.offers import OfferRow
from adapters.sqlalchemy.orders import OrderRow
from application.ports.seller_stats import ListingFigures
from domain.money import from_cents
from domain.seller_stats import SOLD_STATUSES


class ListingViewMarkRow(Base):
    __tablename__ = "listing_view_marks"

    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"),
                                            primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True, index=True)
    mark: Mapped[str] = mapped_column(String(64), primary_key=True)


class ListingViewDayRow(Base):
    __tablename__ = "listing_view_days"

    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"),
                                            primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    views: Mapped[int] = mapped_column(Integer)


class SqlSellerStatsRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def record_view(self, product_id: int, day: date, mark: str) -> bool:
        marked = await self.session.execute(
            dialect_insert(self.session, ListingViewMarkRow)
            .values(product_id=product_id, day=day, mark=mark)
            .on_conflict_do_nothing(index_elements=["product_id", "day", "mark"]))
        if not rowcount(marked):
            return False
        upsert = dialect_insert(self.session, ListingViewDayRow).values(
            product_id=product_id, day=day, views=1)
        await self.session.execute(upsert.on_conflict_do_update(
            index_elements=["product_id", "day"],
            set_={"views": ListingViewDayRow.views + 1}))
        return True

    async def forget_marks(self, before: date) -> int:
        result = await self.session.execute(
            delete(ListingViewMarkRow).where(ListingViewMarkRow.day < before))
        return int(rowcount(result) or 0)

    async def add_view_days(self, rows: list[tuple[int, date, int]]) -> None:
        if rows:
            await self.session.execute(insert(ListingViewDayRow), [
                {"product_id": p, "day": d, "views": v} for p, d, v in rows])

    async def listing_counts(self, product_id: int) -> tuple[int, int]:
        views = await self.session.scalar(
            select(func.coalesce(func.sum(ListingViewDayRow.views), 0))
            .where(ListingViewDayRow.product_id == product_id))
        offers = await self.session.scalar(
            select(func.count()).select_from(OfferRow).where(OfferRow.product_id == product_id))
        return int(views or 0), int(offers or 0)

    async def listings(self, seller_id: int, limit: int) -> list[ListingFigures]:
        views = (select(func.coalesce(func.sum(ListingViewDayRow.views), 0))
                 .where(ListingViewDayRow.product_id == ProductRow.id)
                 .correlate(ProductRow).scalar_subquery())
        offers = (select(func.count()).select_from(OfferRow)
                  .where(OfferRow.product_id == ProductRow.id)
                  .correlate(ProductRow).scalar_subquery())
        rows = await self.session.execute(
            select(ProductRow.id, ProductRow.title, ProductRow.status, ProductRow.price_cents,
                   ProductRow.created_at, views, ProductRow.watch_count, offers)
            .where(ProductRow.seller_id == seller_id)
            .order_by(ProductRow.created_at.desc(), ProductRow.id.desc()).limit(limit))
        return [ListingFigures(product_id=pid, title=title, status=status,
                               price=from_cents(cents), created_at=created,
                               views=int(v or 0), watchers=int(w or 0), offers=int(o or 0))
                for pid, title, status, cents, created, v, w, o in rows]

    async def views_by_day(self, seller_id: int, first: date, last: date) -> dict[date, int]:
        rows = await self.session.execute(
            select(ListingViewDayRow.day, func.sum(ListingViewDayRow.views))
            .join(ProductRow, ProductRow.id == ListingViewDayRow.product_id)
            .where(ProductRow.seller_id == seller_id,
                   ListingViewDayRow.day.between(first, last))
            .group_by(ListingViewDayRow.day))
        return {day: int(views) for day, views in rows}

    async def offers_by_day(self, seller_id: int, first: datetime, last: datetime
                            ) -> list[datetime]:
        return list((await self.session.scalars(
            select(OfferRow.created_at).where(OfferRow.seller_id == seller_id,
                                              OfferRow.created_at >= first,
                                              OfferRow.created_at <= last))).all())

    async def sales(self, seller_id: int, first: datetime, last: datetime
                    ) -> list[tuple[datetime, Decimal]]:
        rows = await self.session.execute(
            select(OrderRow.created_at, OrderRow.price_cents)
            .where(OrderRow.seller_id == seller_id,
                   OrderRow.status.in_(sorted(s.value for s in SOLD_STATUSES)),
                   OrderRow.created_at >= first, OrderRow.created_at <= last))
        return [(at, from_cents(cents)) for at, cents in rows]
