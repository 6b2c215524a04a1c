"""The administrators' order desk with in-memory fakes: who may look, filters, search,
paging, the cards, sales figures and the batched export."""

from __future__ import annotations

from decimal import Decimal

import pytest

from application.order_desk import OrderDesk, statuses_for
from application.orders import OrderService
from domain.accounts import Role, User
from domain.errors import Forbidden, ValidationError
from domain.order_rules import OrderStatus
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock
from tests.support import add_listing, add_user

pytestmark = pytest.mark.unit


class Desk:
    def __init__(self, container: Container) -> None:
        self.uow: FakeUnitOfWork = container.uow()
        self.clock: FixedClock = container.clock()
        self.orders: OrderService = container.orders()
        self.desk: OrderDesk = container.order_desk()

    async def user(self, name: str, role: Role = Role.USER) -> User:
        return await add_user(self.uow, name, role, created_at=self.clock.now())

    async def sell(self, seller: User, buyer: User, price: str, title: str = "Wool coat"
                   ) -> int:
        """``buyer`` orders a new listing of ``seller``'s; the order's id."""
        assert seller.id is not None
        listing = await add_listing(self.uow, seller.id, title=title, price=price,
                                    created_at=self.clock.now())
        assert listing.id is not None
        self.clock.advance(minutes=1)
        view = await self.orders.place(buyer, listing.id)
        assert view.order.id is not None
        return view.order.id

    async def move(self, actor: User, order_id: int, *statuses: OrderStatus) -> None:
        for status in statuses:
            tracking = "1Z999" if status is OrderStatus.SHIPPED else None
            await self.orders.change_status(actor, order_id, status.value, tracking)


@pytest.fixture
async def world(container: Container) -> tuple[Desk, User, User, User, User]:
    desk = Desk(container)
    sam, lea = await desk.user("sam"), await desk.user("lea")
    maya, boss = await desk.user("maya"), await desk.user("boss", Role.ADMIN)
    return desk, sam, lea, maya, boss


async def test_only_administrators_use_the_desk(world: tuple[Desk, User, User, User, User]
                                                ) -> None:
    desk, sam, _, maya, _ = world
    for who in (sam, maya):
        with pytest.raises(Forbidden):
            await desk.desk.page(who)
        with pytest.raises(Forbidden):
            await desk.desk.summary(who)


def test_a_status_or_a_group_filters_and_anything_else_is_refused() -> None:
    assert statuses_for(None) is None and statuses_for("") is None
    assert statuses_for("completed") == {OrderStatus.COMPLETED}  # the status, not the group
    assert statuses_for("pending_payment") == {OrderStatus.PENDING, OrderStatus.CONFIRMED}
    assert statuses_for("sales") == {OrderStatus.SHIPPED, OrderStatus.DELIVERED,
                                     OrderStatus.COMPLETED}
    with pytest.raises(ValidationError) as refused:
        statuses_for("lost")
    assert refused.value.errors == {"status": "Please choose a valid order status"}


async def test_cards_sales_filters_and_search(world: tuple[Desk, User, User, User, User]
                                              ) -> None:
    desk, sam, lea, maya, boss = world
    pending = await desk.sell(sam, maya, "10.00")
    confirmed = await desk.sell(sam, maya, "20.00")
    await desk.move(sam, confirmed, OrderStatus.CONFIRMED)
    paid = await desk.sell(lea, maya, "30.00")
    await desk.orders.confirm_payment(boss, paid)
    shipped = await desk.sell(lea, sam, "40.00")
    await desk.orders.confirm_payment(boss, shipped)
    await desk.move(lea, shipped, OrderStatus.SHIPPED)
    done = await desk.sell(sam, lea, "55.55")
    await desk.orders.confirm_payment(boss, done)
    await desk.move(sam, done, OrderStatus.SHIPPED, OrderStatus.DELIVERED)
    await desk.move(lea, done, OrderStatus.COMPLETED)
    cancelled = await desk.sell(sam, lea, "99.00")
    await desk.move(lea, cancelled, OrderStatus.CANCELLED)

    summary = await desk.desk.summary(boss)
    assert (summary.counts.total, summary.counts.pending_payments,
            summary.counts.to_be_shipped, summary.counts.completed) == (6, 2, 1, 1)
    assert (summary.sales.count, summary.sales.revenue, summary.sales.average) == (
        2, Decimal("95.55"), Decimal("47.78"))

    async def ids(**query: str) -> list[int]:
        page = await desk.desk.page(boss, **query)
        return [view.order.id or 0 for view in page.items]

    assert await ids() == [cancelled, done, shipped, paid, confirmed, pending]  # newest first
    assert await ids(status="pending_payment") == [confirmed, pending]
    assert await ids(status="payment_confirmed") == [paid]
    assert await ids(status="sales") == [done, shipped]
    assert await ids(search="LEA") == [cancelled, done, shipped, paid]  # buyer or seller
    assert await ids(search="lea@example", status="sales") == [done, shipped]
    number = (await desk.uow.orders.get(paid)).order_number  # type: ignore[union-attr]
    assert await ids(search=number.lower()) == [paid]
    page = await desk.desk.page(boss, search="lea")
    view = page.items[0]
    assert view.buyer is not None and view.buyer.email == "lea@example.com"
    assert view.seller is not None and view.seller.email == "sam@example.com"


async def test_pages_follow_the_cursor_without_repeats(
        world: tuple[Desk, User, User, User, User]) -> None:
    desk, sam, _, maya, boss = world
    made = [await desk.sell(sam, maya, "10.00") for _ in range(5)]
    seen: list[int] = []
    cursor = None
    for _ in range(5):
        page = await desk.desk.page(boss, limit=2, cursor=cursor)
        seen += [view.order.id or 0 for view in page.items]
        cursor = page.next_cursor
        if cursor is None:
            break
    assert seen == list(reversed(made))
    with pytest.raises(ValidationError):
        await desk.desk.page(boss, limit=0)


async def test_the_export_walks_every_order_in_batches(
        world: tuple[Desk, User, User, User, User]) -> None:
    desk, sam, _, maya, boss = world
    made = [await desk.sell(sam, maya, "10.00", title=f"Coat {i}") for i in range(7)]
    await desk.orders.confirm_payment(boss, made[3])
    batches = [batch async for batch in desk.desk.export(batch=3)]
    assert [len(b) for b in batches] == [3, 3, 1]
    rows = [row for batch in batches for row in batch]
    assert [row.product for row in rows] == [f"Coat {i}" for i in range(7)]
    assert (rows[0].buyer_name, rows[0].buyer_email, rows[0].seller_email) == (
        "Maya", "maya@example.com", "sam@example.com")
    only = [row async for batch in desk.desk.export("payment_confirmed") for row in batch]
    assert [row.product for row in only] == ["Coat 3"]
    assert await desk.desk.export_size() == 7
    assert await desk.desk.export_size("pending") == 6
    assert desk.desk.export_filename() == (
        f"rethread-orders-{desk.clock.now().date().isoformat()}.csv")
