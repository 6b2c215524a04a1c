"""Orders and their timeline: tables and repositories (prices as integer cents).

``save`` is an ``UPDATE ... WHERE id = :id AND status = :expected``: the status check and
the write are one statement, so of two concurrent movers (two requests, two scheduler
workers) exactly one sees a changed row.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from datetime import datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    exists,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, aliased, mapped_column

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime, rowcount
from adapters.sqlalchemy.catalog import ProductRow
from adapters.sqlalchemy.paging import keyset_page
from application.ports.orders import OrderEventRecord
from application.shared.paging import After
from domain.admin import BUNDLE_TITLE_JOIN, ExportRow
from domain.money import from_cents, to_cents
from domain.order_rules import TERMINAL_STATUSES, UNPAID_STATUSES, OrderStatus
from domain.orders import Order, OrderItem


class OrderRow(Base):
    __tablename__ = "orders"
    # As the migrations made them (tests/adapters/test_adapters_schema_drift.py compares).
    __table_args__ = (
        Index("ix_orders_buyer_id_created_at", "buyer_id", "created_at", "id"),
        Index("ix_orders_seller_id_created_at", "seller_id", "created_at", "id"),
        Index("ix_orders_created_at_id", "created_at", "id"),
        Index("ix_orders_status_created_at_id", "status", "created_at", "id"),
        Index("ix_orders_status_delivered_at_id", "status", "delivered_at", "id"),
        Index("ix_orders_status_status_changed_at", "status", "status_changed_at"),
        Index("ix_orders_product_id", "product_id"),
        Index("ix_orders_offer_id", "offer_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_number: Mapped[str] = mapped_column(String(16), unique=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="RESTRICT"))
    buyer_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    seller_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    offer_id: Mapped[int | None] = mapped_column(Integer)
    price_cents: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(20))
    tracking_number: Mapped[str | None] = mapped_column(String(100))
    tracking_url: Mapped[str | None] = mapped_column(String(2000))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    delivered_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    status_changed_at: Mapped[datetime] = mapped_column(UtcDateTime)


class OrderItemRow(Base):
    """One listing of an order (a bundle has several), at its price before the discount."""

    __tablename__ = "order_items"
    __table_args__ = (
        UniqueConstraint("order_id", "product_id", name="uq_order_items_order_id_product_id"),
        Index("ix_order_items_product_id", "product_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="RESTRICT"))
    position: Mapped[int] = mapped_column(Integer)
    price_cents: Mapped[int] = mapped_column(Integer)


class OrderEventRow(Base):
    __tablename__ = "order_events"
    __table_args__ = (Index("ix_order_events_order_id_at", "order_id", "at", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(30))
    status: Mapped[str | None] = mapped_column(String(20))
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    note: Mapped[str | None] = mapped_column(String(300))
    at: Mapped[datetime] = mapped_column(UtcDateTime)


def to_order(row: OrderRow, items: list[OrderItem] | None = None) -> Order:
    return Order(items=items or [],
                 id=row.id, order_number=row.order_number, product_id=row.product_id,
                 buyer_id=row.buyer_id, seller_id=row.seller_id,
                 price=from_cents(row.price_cents), status=OrderStatus(row.status),
                 tracking_number=row.tracking_number, tracking_url=row.tracking_url,
                 created_at=row.created_at, delivered_at=row.delivered_at)


def _with_statuses(query: Any, statuses: frozenset[OrderStatus] | None) -> Any:
    if statuses is None:
        return query
    return query.where(OrderRow.status.in_(sorted(s.value for s in statuses)))


class SqlOrderRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, order: Order, now: datetime, offer_id: int | None = None) -> Order:
        row = OrderRow(order_number=order.order_number, product_id=order.product_id,
                       buyer_id=order.buyer_id, seller_id=order.seller_id, offer_id=offer_id,
                       price_cents=to_cents(order.price), status=order.status.value,
                       created_at=order.created_at, status_changed_at=now)
        self.session.add(row)
        await self.session.flush()
        order.id = row.id
        self.session.add_all(
            OrderItemRow(order_id=row.id, product_id=item.product_id, position=position,
                         price_cents=to_cents(item.price))
            for position, item in enumerate(order.items or [OrderItem(order.product_id,
                                                                      order.price)]))
        await self.session.flush()
        return order

    async def _orders(self, rows: Any) -> list[Order]:
        """Orders with their items (one more query for the whole batch)."""
        rows = list(rows)
        items: dict[int, list[OrderItem]] = defaultdict(list)
        if rows:
            found = await self.session.execute(
                select(OrderItemRow.order_id, OrderItemRow.product_id, OrderItemRow.price_cents)
                .where(OrderItemRow.order_id.in_([row.id for row in rows]))
                .order_by(OrderItemRow.order_id, OrderItemRow.position))
            for order_id, product_id, cents in found.all():
                items[order_id].append(OrderItem(product_id, from_cents(cents)))
        return [to_order(row, items.get(row.id)) for row in rows]

    async def _one(self, row: OrderRow | None) -> Order | None:
        return None if row is None else (await self._orders([row]))[0]

    async def get(self, order_id: int) -> Order | None:
        return await self._one(await self.session.get(OrderRow, order_id))

    async def get_by_number(self, order_number: str) -> Order | None:
        return await self._one(await self.session.scalar(
            select(OrderRow).where(OrderRow.order_number == order_number)))

    async def for_offers(self, offer_ids: list[int]) -> dict[int, int]:
        if not offer_ids:
            return {}
        rows = await self.session.execute(
            select(OrderRow.offer_id, OrderRow.id)
            .where(OrderRow.offer_id.in_(offer_ids),
                   OrderRow.status != OrderStatus.CANCELLED.value)
            .order_by(OrderRow.id))
        return {offer_id: order_id for offer_id, order_id in rows.all()
                if offer_id is not None}  # (never None: the query matched it)

    async def offer_of(self, order_id: int) -> int | None:
        return await self.session.scalar(
            select(OrderRow.offer_id).where(OrderRow.id == order_id))

    async def number_taken(self, order_number: str) -> bool:
        return bool(await self.session.scalar(
            select(exists().where(OrderRow.order_number == order_number))))

    async def save(self, order: Order, expected_status: OrderStatus, now: datetime) -> bool:
        values = {"status": order.status.value, "tracking_number": order.tracking_number,
                  "tracking_url": order.tracking_url, "delivered_at": order.delivered_at}
        if order.status is not expected_status:
            values["status_changed_at"] = now
        result = await self.session.execute(
            update(OrderRow)
            .where(OrderRow.id == order.id, OrderRow.status == expected_status.value)
            .values(**values).execution_options(synchronize_session=False))
        return rowcount(result) == 1

    async def list_for(self, *, buyer_id: int | None = None, seller_id: int | None = None,
                       statuses: Collection[OrderStatus] | None = None, limit: int,
                       after: After | None = None) -> list[Order]:
        query = select(OrderRow)
        if buyer_id is not None:
            query = query.where(OrderRow.buyer_id == buyer_id)
        if seller_id is not None:
            query = query.where(OrderRow.seller_id == seller_id)
        if statuses is not None:
            query = query.where(OrderRow.status.in_(sorted(s.value for s in statuses)))
        query = keyset_page(query, OrderRow.created_at, OrderRow.id, limit, after)
        return await self._orders((await self.session.scalars(query)).all())

    async def names_product(self, product_id: int) -> bool:
        in_orders = select(OrderRow.id).where(OrderRow.product_id == product_id)
        in_items = select(OrderItemRow.id).where(OrderItemRow.product_id == product_id)
        return bool(await self.session.scalar(select(exists(in_orders) | exists(in_items))))

    async def count_open_for(self, user_id: int) -> int:
        query = select(func.count()).select_from(OrderRow).where(
            or_(OrderRow.buyer_id == user_id, OrderRow.seller_id == user_id),
            OrderRow.status.not_in([s.value for s in TERMINAL_STATUSES]))
        return int(await self.session.scalar(query) or 0)

    async def delivered_ids(self, delivered_before: datetime, limit: int) -> list[int]:
        # On ix_orders_status_delivered_at_id (migration 0100): no sort, no row read.
        query = (select(OrderRow.id)
                 .where(OrderRow.status == OrderStatus.DELIVERED.value,
                        OrderRow.delivered_at <= delivered_before)
                 .order_by(OrderRow.delivered_at, OrderRow.id).limit(limit))
        return list((await self.session.scalars(query)).all())

    async def unpaid_ids(self, placed_before: datetime, limit: int) -> list[int]:
        query = (select(OrderRow.id)
                 .where(OrderRow.status.in_(sorted(s.value for s in UNPAID_STATUSES)),
                        OrderRow.created_at <= placed_before)
                 .order_by(OrderRow.created_at, OrderRow.id).limit(limit))
        return list((await self.session.scalars(query)).all())

    async def status_changed_at(self, order_ids: list[int]) -> dict[int, datetime]:
        if not order_ids:
            return {}
        rows = await self.session.execute(
            select(OrderRow.id, OrderRow.status_changed_at).where(OrderRow.id.in_(order_ids)))
        return {order_id: at for order_id, at in rows.all()}


    # -- the administrators' order desk -----------------------------------------------------

    async def desk_page(self, *, statuses: frozenset[OrderStatus] | None, search: str | None,
                        limit: int, after: After | None = None) -> list[Order]:
        query = _with_statuses(select(OrderRow), statuses)
        if search:
            buyer, seller = aliased(UserRow), aliased(UserRow)
            needle = search.lower()
            query = (query.join(buyer, buyer.id == OrderRow.buyer_id)
                     .join(seller, seller.id == OrderRow.seller_id)
                     .where(or_(*(func.lower(column).contains(needle, autoescape=True)
                                  for column in (OrderRow.order_number, buyer.username,
                                                 buyer.display_name, buyer.email,
                                                 seller.username, seller.display_name,
                                                 seller.email)))))
        query = keyset_page(query, OrderRow.created_at, OrderRow.id, limit, after)
        return await self._orders((await self.session.scalars(query)).all())

    async def count_by_status(self) -> dict[OrderStatus, int]:
        rows = await self.session.execute(
            select(OrderRow.status, func.count()).group_by(OrderRow.status))
        return {OrderStatus(status): count for status, count in rows.all()}

    async def sales(self, statuses: frozenset[OrderStatus]) -> tuple[int, Decimal]:
        query = _with_statuses(
            select(func.count(), func.coalesce(func.sum(OrderRow.price_cents), 0)), statuses)
        count, cents = (await self.session.execute(query)).one()
        return int(count), from_cents(int(cents))

    async def export_batch(self, *, statuses: frozenset[OrderStatus] | None,
                           after: After | None, limit: int) -> list[tuple[int, ExportRow]]:
        buyer, seller = aliased(UserRow), aliased(UserRow)
        query = (select(OrderRow.id, OrderRow.order_number, OrderRow.created_at,
                        ProductRow.title, OrderRow.price_cents, OrderRow.status,
                        buyer.display_name, buyer.email, seller.display_name, seller.email)
                 .join(ProductRow, ProductRow.id == OrderRow.product_id)
                 .join(buyer, buyer.id == OrderRow.buyer_id)
                 .join(seller, seller.id == OrderRow.seller_id))
        query = keyset_page(query, OrderRow.created_at, OrderRow.id, limit, after,
                            descending=False)
        rows = (await self.session.execute(_with_statuses(query, statuses))).all()
        titles: dict[int, list[str]] = defaultdict(list)
        if rows:
            found = await self.session.execute(
                select(OrderItemRow.order_id, ProductRow.title)
                .join(ProductRow, ProductRow.id == OrderItemRow.product_id)
                .where(OrderItemRow.order_id.in_([row[0] for row in rows]))
                .order_by(OrderItemRow.order_id, OrderItemRow.position))
            for order_id, item_title in found.all():
                titles[order_id].append(item_title)
        return [(order_id, ExportRow(number, created,
                                     BUNDLE_TITLE_JOIN.join(titles.get(order_id) or [title]),
                                     from_cents(cents), OrderStatus(status), buyer_name,
                                     buyer_email, seller_name, seller_email,
                                     max(1, len(titles.get(order_id, [])))))
                for (order_id, number, created, title, cents, status, buyer_name, buyer_email,
                     seller_name, seller_email) in rows]


class SqlOrderEventRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, order_id: int, kind: str, status: str | None, actor_id: int | None,
                  at: datetime, note: str | None = None) -> None:
        self.session.add(OrderEventRow(order_id=order_id, kind=kind, status=status,
                                       actor_id=actor_id, at=at, note=note))
        await self.session.flush()

    async def for_orders(self, order_ids: list[int]) -> dict[int, list[OrderEventRecord]]:
        found: dict[int, list[OrderEventRecord]] = defaultdict(list)
        if not order_ids:
            return found
        query = (select(OrderEventRow).where(OrderEventRow.order_id.in_(order_ids))
                 .order_by(OrderEventRow.at, OrderEventRow.id))
        for row in (await self.session.scalars(query)).all():
            found[row.order_id].append(OrderEventRecord(row.id, row.order_id, row.kind,
                                                        row.status, row.actor_id, row.note,
                                                        row.at))
        return found
