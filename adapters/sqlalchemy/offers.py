"""Offers in SQL: one row per offer, prices in whole cents.

Two partial unique indexes (the same on SQLite and PostgreSQL) settle races the service's
pre-checks cannot see: one open offer per (buyer, listing), one accepted offer per listing.
A violation becomes :class:`Conflict` with the rule's own words. Status changes are
conditional updates (``WHERE status = <the status read>``), and ``lock_listing`` takes the
listing row (``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite a no-op write, which takes
the database's single write lock), so competing answers on one listing queue up.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy import (
    Boolean,
    ColumnElement,
    ForeignKey,
    Index,
    Integer,
    String,
    false,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.base import Base, UtcDateTime
from adapters.sqlalchemy.catalog import ProductRow
from adapters.sqlalchemy.paging import keyset_page
from application.ports.offers import OfferCounts, OfferQuery
from application.shared.paging import After
from domain.errors import Conflict
from domain.money import from_cents, to_cents
from domain.offers import OPEN_STATUSES, DeclineReason, Offer, OfferStatus

OPEN_SQL = "status IN ('pending', 'countered')"
ACCEPTED_SQL = "status = 'accepted'"
DUPLICATE_OPEN = "You already have an open offer on this item."
SECOND_ACCEPTED = "Another offer on this item has already been accepted."


class OfferRow(Base):
    __tablename__ = "offers"
    __table_args__ = (
        Index("uq_offers_open_buyer_product", "buyer_id", "product_id", unique=True,
              sqlite_where=text(OPEN_SQL), postgresql_where=text(OPEN_SQL)),
        Index("uq_offers_accepted_product", "product_id", unique=True,
              sqlite_where=text(ACCEPTED_SQL), postgresql_where=text(ACCEPTED_SQL)),
        Index("ix_offers_seller_id_created_at", "seller_id", "created_at", "id"),
        Index("ix_offers_buyer_id_created_at", "buyer_id", "created_at", "id"),
        Index("ix_offers_product_id_status", "product_id", "status"),
        Index("ix_offers_status_reserved_until", "status", "reserved_until"),
        Index("ix_offers_status_expires_at", "status", "expires_at"),
        Index("ix_offers_product_id_from_seller_created_at", "product_id", "from_seller",
              "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    buyer_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    seller_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(String(16))
    listing_price_cents: Mapped[int] = mapped_column(Integer)
    offer_price_cents: Mapped[int] = mapped_column(Integer)
    counter_price_cents: Mapped[int | None] = mapped_column(Integer, nullable=True)
    message: Mapped[str | None] = mapped_column(String(500), nullable=True)
    decline_reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    seller_seen: Mapped[bool] = mapped_column(Boolean)
    buyer_seen: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime)
    reserved_until: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)
    from_seller: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    expires_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


def _cents(amount: Decimal | None) -> int | None:
    return None if amount is None else to_cents(amount)


def _dollars(cents: int | None) -> Decimal | None:
    return None if cents is None else from_cents(cents)


def _values(offer: Offer) -> dict[str, object]:
    return {
        "product_id": offer.product_id, "buyer_id": offer.buyer_id,
        "seller_id": offer.seller_id, "status": offer.status.value,
        "listing_price_cents": _cents(offer.listing_price),
        "offer_price_cents": _cents(offer.offer_price),
        "counter_price_cents": _cents(offer.counter_price), "message": offer.message,
        "decline_reason": None if offer.decline_reason is None else offer.decline_reason.value,
        "seller_seen": offer.seller_seen, "buyer_seen": offer.buyer_seen,
        "created_at": offer.created_at, "updated_at": offer.updated_at or offer.created_at,
        "reserved_until": offer.reserved_until,
        "from_seller": offer.from_seller, "expires_at": offer.expires_at,
    }


def _offer(row: OfferRow) -> Offer:
    return Offer(
        id=row.id, product_id=row.product_id, buyer_id=row.buyer_id, seller_id=row.seller_id,
        status=OfferStatus(row.status), listing_price=from_cents(row.listing_price_cents),
        offer_price=from_cents(row.offer_price_cents),
        counter_price=_dollars(row.counter_price_cents), message=row.message,
        decline_reason=None if row.decline_reason is None else DeclineReason(row.decline_reason),
        seller_seen=row.seller_seen, buyer_seen=row.buyer_seen,
        created_at=row.created_at, updated_at=row.updated_at,
        reserved_until=row.reserved_until, from_seller=bool(row.from_seller),
        expires_at=row.expires_at)


def _conflict(error: IntegrityError) -> Conflict:
    text_of_error = str(error.orig)
    if "uq_offers_open_buyer_product" in text_of_error or "buyer_id, offers.product_id" in (
            text_of_error):
        return Conflict(DUPLICATE_OPEN)
    if "uq_offers_accepted_product" in text_of_error or "offers.product_id" in text_of_error:
        return Conflict(SECOND_ACCEPTED)
    return Conflict("That conflicts with existing data; please try again.")


class SqlOfferRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    @property
    def _dialect(self) -> str:
        return self.session.get_bind().dialect.name

    async def add(self, offer: Offer) -> Offer:
        try:
            offer.id = await self.session.scalar(
                insert(OfferRow).values(**_values(offer)).returning(OfferRow.id))
        except IntegrityError as error:
            raise _conflict(error) from error
        return offer

    async def add_many(self, offers: list[Offer]) -> None:
        if offers:
            await self.session.execute(insert(OfferRow), [_values(o) for o in offers])

    async def get(self, offer_id: int) -> Offer | None:
        row = await self.session.get(OfferRow, offer_id, populate_existing=True)
        return None if row is None else _offer(row)

    async def save(self, offer: Offer, *, was: OfferStatus) -> None:
        values = _values(offer)
        statement = (update(OfferRow)
                     .where(OfferRow.id == offer.id, OfferRow.status == was.value)
                     .values(**values).returning(OfferRow.id))
        try:
            changed = (await self.session.scalars(statement)).all()
        except IntegrityError as error:
            raise _conflict(error) from error
        if not changed:
            raise Conflict("This offer has just been changed; please reload and try again.")

    async def lock_listing(self, product_id: int) -> None:
        if self._dialect == "postgresql":
            await self.session.execute(
                select(ProductRow.id).where(ProductRow.id == product_id).with_for_update())
        else:
            await self.session.execute(
                update(ProductRow).where(ProductRow.id == product_id)
                .values(watch_count=ProductRow.watch_count))

    async def open_for_listing(self, product_id: int) -> list[Offer]:
        rows = (await self.session.scalars(
            select(OfferRow).where(OfferRow.product_id == product_id,
                                   OfferRow.status.in_([s.value for s in OPEN_STATUSES]))
            .order_by(OfferRow.id).execution_options(populate_existing=True))).all()
        return [_offer(row) for row in rows]

    async def reserving_until(self, before: datetime, limit: int) -> list[Offer]:
        rows = await self.session.scalars(
            select(OfferRow).where(OfferRow.status == OfferStatus.ACCEPTED.value,
                                   OfferRow.reserved_until <= before)
            .order_by(OfferRow.reserved_until, OfferRow.id).limit(limit))
        return [_offer(row) for row in rows]

    async def lapsed_ids(self, now: datetime, limit: int) -> list[int]:
        rows = await self.session.scalars(
            select(OfferRow.id).where(OfferRow.status == OfferStatus.ACCEPTED.value,
                                      OfferRow.reserved_until <= now)
            .order_by(OfferRow.reserved_until, OfferRow.id).limit(limit))
        return list(rows.all())

    async def lapsed_watcher_offer_ids(self, now: datetime, limit: int) -> list[int]:
        rows = await self.session.scalars(
            select(OfferRow.id).where(OfferRow.status == OfferStatus.COUNTERED.value,
                                      OfferRow.expires_at <= now)
            .order_by(OfferRow.expires_at, OfferRow.id).limit(limit))
        return list(rows.all())

    async def last_watcher_offer_at(self, product_id: int) -> datetime | None:
        return await self.session.scalar(
            select(func.max(OfferRow.created_at)).where(OfferRow.product_id == product_id,
                                                        OfferRow.from_seller.is_(True)))

    async def has_open(self, buyer_id: int, product_id: int) -> bool:
        return await self._exists(OfferRow.buyer_id == buyer_id,
                                  OfferRow.product_id == product_id,
                                  OfferRow.status.in_([s.value for s in OPEN_STATUSES]))

    async def has_accepted(self, product_id: int) -> bool:
        return await self._exists(OfferRow.product_id == product_id,
                                  OfferRow.status == OfferStatus.ACCEPTED.value)

    async def _exists(self, *where: ColumnElement[bool]) -> bool:
        found = await self.session.scalar(select(OfferRow.id).where(*where).limit(1))
        return found is not None

    async def search(self, query: OfferQuery, limit: int,
                     after: After | None = None) -> list[Offer]:
        where = []
        if query.seller_id is not None:
            where.append(OfferRow.seller_id == query.seller_id)
        if query.buyer_id is not None:
            where.append(OfferRow.buyer_id == query.buyer_id)
        if query.product_id is not None:
            where.append(OfferRow.product_id == query.product_id)
        if query.statuses:
            where.append(OfferRow.status.in_(sorted(s.value for s in query.statuses)))
        rows = (await self.session.scalars(keyset_page(
            select(OfferRow).where(*where), OfferRow.created_at, OfferRow.id, limit,
            after))).all()
        return [_offer(row) for row in rows]

    async def counts(self, user_id: int) -> OfferCounts:
        answered = [OfferStatus.ACCEPTED.value, OfferStatus.COUNTERED.value]
        buyer = await self.session.scalar(select(func.count()).select_from(OfferRow).where(
            OfferRow.buyer_id == user_id, OfferRow.status.in_(answered),
            OfferRow.buyer_seen.is_(False)))
        seller = await self.session.scalar(select(func.count()).select_from(OfferRow).where(
            OfferRow.seller_id == user_id, OfferRow.status == OfferStatus.PENDING.value,
            OfferRow.seller_seen.is_(False)))
        return OfferCounts(int(buyer or 0), int(seller or 0))

    async def mark_seller_seen(self, seller_id: int, product_id: int | None = None) -> int:
        where = [OfferRow.seller_id == seller_id, OfferRow.seller_seen.is_(False)]
        if product_id is not None:
            where.append(OfferRow.product_id == product_id)
        return await self._mark(where, seller_seen=True)

    async def mark_buyer_seen(self, buyer_id: int) -> int:
        return await self._mark([OfferRow.buyer_id == buyer_id, OfferRow.buyer_seen.is_(False)],
                                buyer_seen=True)

    async def _mark(self, where: list[ColumnElement[bool]], **values: bool) -> int:
        changed = (await self.session.scalars(
            update(OfferRow).where(*where).values(**values)
            .returning(OfferRow.id))).all()
        return len(changed)
