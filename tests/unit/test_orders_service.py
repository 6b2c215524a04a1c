"""Orders, addresses, timers and reviews with in-memory fakes and a clock the tests move.

Size: one service test file per area (docs/architecture.md, Tests): placing, the lifecycle,
timers, addresses and reviews share the kit's orders.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from types import SimpleNamespace

import pytest

from application.addresses import AddressService
from application.analytics import AnalyticsService
from application.order_notices import buyer_placed_text
from application.order_timers import OrderTimers
from application.orders import OrderService
from application.reviews import ReviewService
from domain.accounts import Role, User
from domain.analytics import ActivityKind
from domain.bundles import MAX_BUNDLE_ITEMS
from domain.catalog import ListingStatus
from domain.errors import Conflict, Forbidden, IllegalTransition, NotFound, ValidationError
from domain.events import OrderStatusChanged
from domain.moderation import SELLER_SUSPENDED, Suspension
from domain.money import MAX_AMOUNT
from domain.notifications import BODY_MAX, new_notification
from domain.order_numbers import is_valid_order_number
from domain.order_rules import OrderStatus
from domain.orders import Order, OrderItem
from domain.validation.addresses import AddressForm
from domain.validation.listings import TITLE_MAX
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock
from tests.fakes.realtime import FakeRealtime
from tests.support import add_listing, add_user

pytestmark = pytest.mark.unit

ADDRESS = AddressForm(full_name="Maya Chen", address_line1="12 Market Street", city="Boston",
                      state="MA", zip_code="02110", phone_number="6175550100")


class World:
    """The orders services of the faked container (tests/fakes), and the fakes behind them."""

    def __init__(self, container: Container) -> None:
        self.uow: FakeUnitOfWork = container.uow()
        self.clock: FixedClock = container.clock()
        self.orders: OrderService = container.orders()
        self.timers: OrderTimers = container.order_timers()
        self.reviews: ReviewService = container.reviews()
        self.addresses: AddressService = container.addresses()
        self.realtime: FakeRealtime = container.realtime()
        self.analytics: AnalyticsService = container.analytics()

    async def user(self, name: str, role: Role = Role.USER) -> User:
        return await add_user(self.uow, name, role, created_at=self.clock.now())

    async def listing(self, seller: User, price: str = "80.00") -> int:
        assert seller.id is not None
        listing = await add_listing(self.uow, seller.id, price=price,
                                    created_at=self.clock.now())
        assert listing.id is not None
        return listing.id

    async def listing_status(self, product_id: int) -> ListingStatus:
        listing = await self.uow.listings.get(product_id)
        assert listing is not None
        return listing.status


@pytest.fixture
def world(container: Container) -> World:
    return World(container)


async def setup(world: World) -> tuple[User, User, User, int]:
    seller, buyer = await world.user("sam"), await world.user("maya")
    admin = await world.user("boss", Role.ADMIN)
    return seller, buyer, admin, await world.listing(seller)


async def test_placing_charges_the_listing_price_and_reserves_it(world: World) -> None:
    _seller, buyer, _, product = await setup(world)
    view = await world.orders.place(buyer, product)
    assert view.order.price == Decimal("80.00")
    assert view.totals.total == Decimal("89.00")
    assert is_valid_order_number(view.order.order_number)
    assert view.order.status is OrderStatus.PENDING
    assert [e.kind for e in view.events] == ["placed"]
    assert await world.listing_status(product) is ListingStatus.RESERVED


async def test_a_second_buyer_gets_409_and_no_order(world: World) -> None:
    _seller, buyer, _, product = await setup(world)
    other = await world.user("lee")
    await world.orders.place(buyer, product)
    with pytest.raises(Conflict, match="no longer available"):
        await world.orders.place(other, product)
    assert len(world.uow.orders.orders) == 1


async def test_nobody_buys_their_own_listing_or_a_missing_one(world: World) -> None:
    seller, _, _, product = await setup(world)
    with pytest.raises(Forbidden):
        await world.orders.place(seller, product)
    assert await world.listing_status(product) is ListingStatus.AVAILABLE
    with pytest.raises(NotFound):
        await world.orders.place(seller, 999)


@pytest.mark.parametrize("closing", ["seller", "buyer"])
async def test_no_order_from_or_to_a_closed_account(world: World, closing: str) -> None:
    """Even on a listing still for sale, a closed seller gets no order (409) and a closed
    buyer places none (403); nothing is reserved."""
    seller, buyer, _, product = await setup(world)
    closed = seller if closing == "seller" else buyer
    assert closed.id is not None
    stored = await world.uow.users.get(closed.id)
    assert stored is not None
    stored.close(world.clock.now())
    await world.uow.users.save(stored)
    refused = Conflict if closing == "seller" else Forbidden
    with pytest.raises(refused, match="closed"):
        await world.orders.place(buyer, product)
    assert not world.uow.orders.orders
    assert await world.listing_status(product) is ListingStatus.AVAILABLE


@pytest.mark.parametrize("suspended", ["seller", "buyer"])
async def test_no_order_from_or_to_a_member_whose_suspension_is_running(
        world: World, suspended: str) -> None:
    """A suspended seller gets no order (409, said in a sentence) and a suspended buyer
    places none (403), even on a listing still for sale; nothing is reserved. Once a timed
    suspension has run out it no longer counts, before the sweep lifts it."""
    seller, buyer, _, product = await setup(world)
    member = seller if suspended == "seller" else buyer
    assert member.id is not None
    async with world.uow:
        await world.uow.suspensions.put(Suspension(
            member.id, "Spam", world.clock.now(), world.clock.now() + timedelta(days=2)))
        await world.uow.commit()
    refused = Conflict if suspended == "seller" else Forbidden
    message = SELLER_SUSPENDED if suspended == "seller" else "Your account is suspended"
    with pytest.raises(refused, match=message):
        await world.orders.place(buyer, product)
    assert not world.uow.orders.orders
    assert await world.listing_status(product) is ListingStatus.AVAILABLE
    world.clock.advance(days=2)
    assert (await world.orders.place(buyer, product)).order.status is OrderStatus.PENDING


async def test_order_numbers_retry_on_a_clash(world: World) -> None:
    _seller, buyer, _admin, product = await setup(world)
    world.orders.nonce = lambda: 7
    first = await world.orders.place(buyer, product)
    await world.orders.change_status(buyer, first.order.id, "cancelled")
    with pytest.raises(Conflict, match="order number"):
        await world.orders.place(buyer, product)
    nonces = iter([7, 7, 8])
    world.orders.nonce = lambda: next(nonces)
    second = await world.orders.place(buyer, product)
    assert second.order.order_number.startswith("8-")


async def test_the_whole_lifecycle_with_the_right_actors(world: World) -> None:
    seller, buyer, admin, product = await setup(world)
    order_id = (await world.orders.place(buyer, product)).order.id
    with pytest.raises(Forbidden):
        await world.orders.change_status(buyer, order_id, "confirmed")
    await world.orders.change_status(seller, order_id, "confirmed")
    with pytest.raises(Forbidden):
        await world.orders.confirm_payment(seller, order_id)
    await world.orders.confirm_payment(admin, order_id)
    assert await world.listing_status(product) is ListingStatus.SOLD
    with pytest.raises(ValidationError):
        await world.orders.change_status(seller, order_id, "shipped")
    await world.orders.change_status(seller, order_id, "shipped", "1Z999", None)
    with pytest.raises(IllegalTransition):
        await world.orders.change_status(buyer, order_id, "cancelled")
    await world.orders.change_status(seller, order_id, "delivered")
    view = await world.orders.change_status(buyer, order_id, "completed")
    assert view.order.tracking_number == "1Z999"
    assert [e.status for e in view.events] == [
        "pending", "confirmed", "payment_confirmed", "shipped", "delivered", "completed"]
    assert [e.actor_id for e in view.events][-1] == buyer.id


async def test_strangers_cannot_see_an_order(world: World) -> None:
    _seller, buyer, _, product = await setup(world)
    stranger = await world.user("eve")
    order_id = (await world.orders.place(buyer, product)).order.id
    with pytest.raises(Forbidden):
        await world.orders.get(stranger, order_id)
    with pytest.raises(NotFound):
        await world.orders.get(buyer, 999)


async def test_cancelling_returns_the_listing_to_the_shop(world: World) -> None:
    _seller, buyer, _, product = await setup(world)
    order_id = (await world.orders.place(buyer, product)).order.id
    await world.orders.change_status(buyer, order_id, "cancelled")
    assert await world.listing_status(product) is ListingStatus.AVAILABLE
    await world.orders.place(await world.user("lee"), product)


async def test_the_seller_sees_the_address_only_after_payment(world: World) -> None:
    seller, buyer, admin, product = await setup(world)
    order_id = (await world.orders.place(buyer, product)).order.id
    view = await world.orders.set_shipping_address(buyer, order_id, ADDRESS)
    assert view.address is not None and "Boston, MA 02110" in view.address.raw
    assert (await world.orders.get(seller, order_id)).address is None
    await world.orders.confirm_payment(admin, order_id)
    assert (await world.orders.get(seller, order_id)).address is not None


async def test_address_rules_for_buyer_and_admin_forms(world: World) -> None:
    seller, buyer, admin, product = await setup(world)
    order_id = (await world.orders.place(buyer, product)).order.id
    with pytest.raises(ValidationError) as short:
        await world.orders.set_shipping_address(buyer, order_id, AddressForm(full_name="M"))
    assert short.value.errors["fullName"] == "Name must be at least 2 characters"
    with pytest.raises(ValidationError) as missing:
        await world.orders.set_shipping_address(admin, order_id, AddressForm(full_name="M"))
    assert missing.value.message.startswith("Missing Required Fields: Address line 1, City")
    with pytest.raises(Forbidden):
        await world.orders.set_shipping_address(seller, order_id, ADDRESS)


async def test_saved_addresses_keep_one_default(world: World) -> None:
    buyer = await world.user("maya")
    first = await world.addresses.save(buyer, ADDRESS, is_default=False)
    assert first.is_default  # the first one is the default
    other = AddressForm(**{**ADDRESS.__dict__, "city": "Denver"})
    await world.addresses.save(buyer, other, is_default=True)
    saved = await world.addresses.mine(buyer)
    assert [(s.address.city, s.is_default) for s in saved] == [("Denver", True),
                                                               ("Boston", False)]


async def test_unpaid_orders_are_cancelled_after_72_hours(world: World) -> None:
    _seller, buyer, _, product = await setup(world)
    order_id = (await world.orders.place(buyer, product)).order.id
    world.clock.advance(hours=71, minutes=59)
    assert (await world.timers.sweep()).total == 0
    world.clock.advance(minutes=1)
    assert (await world.timers.sweep()).cancelled == [order_id]
    assert await world.listing_status(product) is ListingStatus.AVAILABLE
    view = await world.orders.get(buyer, order_id)
    assert view.order.status is OrderStatus.CANCELLED and view.events[-1].actor_id is None
    assert (await world.timers.sweep()).total == 0


async def delivered(world: World) -> tuple[User, User, int]:
    seller, buyer, admin, product = await setup(world)
    order_id = (await world.orders.place(buyer, product)).order.id
    await world.orders.confirm_payment(admin, order_id)
    await world.orders.change_status(seller, order_id, "shipped", "1Z1")
    await world.orders.change_status(seller, order_id, "delivered")
    return seller, buyer, order_id


async def test_delivered_orders_complete_after_the_inspection_window(world: World) -> None:
    _seller, buyer, order_id = await delivered(world)
    world.clock.advance(days=2, hours=23)
    assert (await world.timers.sweep()).total == 0
    world.clock.advance(hours=1)
    assert (await world.timers.sweep()).completed == [order_id]
    assert (await world.orders.get(buyer, order_id)).order.status is OrderStatus.COMPLETED


async def test_a_paid_order_is_not_cancelled_by_the_timer(world: World) -> None:
    _seller, buyer, admin, product = await setup(world)
    order_id = (await world.orders.place(buyer, product)).order.id
    await world.orders.confirm_payment(admin, order_id)
    world.clock.advance(days=30)
    assert (await world.timers.sweep()).cancelled == []


async def completed(world: World) -> tuple[User, User, int]:
    seller, buyer, order_id = await delivered(world)
    await world.orders.change_status(buyer, order_id, "completed")
    return seller, buyer, order_id


async def test_reviews_are_double_blind_until_both_wrote(world: World) -> None:
    seller, buyer, order_id = await completed(world)
    await world.reviews.write(buyer, order_id, 5, "Lovely coat")
    assert (await world.orders.get(seller, order_id)).reviews == []
    assert len((await world.orders.get(buyer, order_id)).reviews) == 1
    assert await world.reviews.about(seller.id) == []
    await world.reviews.write(seller, order_id, 4, "Paid fast")
    about_seller = await world.reviews.about(seller.id)
    assert [(v.review.rating, v.as_buyer) for v in about_seller] == [(5, True)]
    stored = await world.uow.users.get(seller.id)
    assert (stored.rating, stored.rating_count) == (Decimal("5.00"), 1)


async def test_a_lone_review_is_published_after_14_days(world: World) -> None:
    seller, buyer, order_id = await completed(world)
    await world.reviews.write(buyer, order_id, 3, "")
    world.clock.advance(days=13)
    assert (await world.timers.sweep()).reviews_published == []
    world.clock.advance(days=1)
    assert (await world.timers.sweep()).reviews_published == [order_id]
    assert (await world.uow.users.get(seller.id)).rating_count == 1
    with pytest.raises(Conflict, match="closed"):
        await world.reviews.write(seller, order_id, 5, "late")


async def test_review_rules(world: World) -> None:
    _seller, buyer, order_id = await delivered(world)
    with pytest.raises(Conflict, match="completed"):
        await world.reviews.write(buyer, order_id, 5, "")
    await world.orders.change_status(buyer, order_id, "completed")
    with pytest.raises(ValidationError):
        await world.reviews.write(buyer, order_id, 6, "")
    with pytest.raises(Forbidden):
        await world.reviews.write(await world.user("eve"), order_id, 5, "")
    await world.reviews.write(buyer, order_id, 5, "")
    with pytest.raises(Conflict, match="already"):
        await world.reviews.write(buyer, order_id, 4, "")


async def test_changes_post_thread_notices_and_notifications(world: World) -> None:
    seller, buyer, admin, product = await setup(world)
    placed_view = await world.orders.place(buyer, product)
    order_id, steps = placed_view.order.id, placed_view.payment_steps
    await world.orders.confirm_payment(admin, order_id)
    assert (await world.orders.get(buyer, order_id)).payment_steps == ()  # paid
    messages = list(world.uow.messages.rows.values())
    assert [m.message_type for m in messages] == ["order_update", "order_update"]
    assert {(m.sender_id, m.receiver_id) for m in messages} <= {(buyer.id, seller.id),
                                                                (seller.id, buyer.id)}
    number = (await world.uow.orders.get(order_id)).order_number
    to_seller = [n for n in world.uow.notifications.rows.values() if n.user_id == seller.id]
    assert [n.title for n in to_seller] == [f"New order {number}",
                                            f"Payment confirmed for order {number}"]
    assert to_seller[-1].body.startswith("Payment confirmed — please ship within 3 business")
    to_buyer = [n for n in world.uow.notifications.rows.values() if n.user_id == buyer.id]
    assert [n.kind for n in to_buyer] == ["order_update", "order_update"]
    placed = to_buyer[0]  # what they ordered and how to pay, with the order's own steps
    assert placed.title == f"Order {number} placed: how to pay"
    assert placed.link == f"/orders/{order_id}/confirmed"
    assert len(steps) == 4 and placed.body.splitlines()[1:] == [
        f"{index}. {step}" for index, step in enumerate(steps, 1)]


def test_the_buyers_placed_notice_fits_uncut_at_its_longest() -> None:
    """The longest title, the most items, the highest prices: every payment step is in the
    notice (and so in its email), none cut off by the notice's length limit. Placed late
    in December, the deadline falls in the next year and so names it."""
    placed_at = datetime(2025, 12, 30, 21, 45, tzinfo=UTC)
    items = [OrderItem(pid, MAX_AMOUNT) for pid in range(1, MAX_BUNDLE_ITEMS + 1)]
    order = Order.place(order_number="99-ABCDEF", product_id=1, buyer_id=1, seller_id=2,
                        price=MAX_AMOUNT * MAX_BUNDLE_ITEMS, created_at=placed_at, items=items)
    body = buyer_placed_text(order, SimpleNamespace(title="x" * TITLE_MAX))  # type: ignore[arg-type]
    notice = new_notification(user_id=1, kind="order_update", title="t", body=body,
                              link="/orders/1/confirmed", now=placed_at)
    assert len(body) <= BODY_MAX and notice.body == body
    assert all(step in notice.body for step in order.payment_steps(placed_at))
    assert "Pay by Jan 2, 2026, 21:45 UTC: " in notice.body


async def watch(world: World, product: int, *users: User) -> None:
    async with world.uow:
        for user in users:
            assert user.id is not None
            await world.uow.favorites.add(user.id, product, world.clock.now())
        await world.uow.commit()


async def bag(world: World, product: int, *users: User) -> None:
    async with world.uow:
        for user in users:
            assert user.id is not None
            await world.uow.bag.add(user.id, product, world.clock.now())
        await world.uow.commit()


async def test_placing_tells_everyone_else_with_the_item_in_their_bag(world: World) -> None:
    """Their open bag refetches (``bag_changed``) and shows the item reserved at once;
    not the buyer, and nobody who does not hold it."""
    seller, buyer, _, product = await setup(world)
    lee, zoe, ann = await world.user("lee"), await world.user("zoe"), await world.user("ann")
    await bag(world, product, buyer, lee, zoe)
    await bag(world, await world.listing(seller), ann)
    world.realtime.published.clear()
    await world.orders.place(buyer, product)
    told = [(users, event) for users, event in world.realtime.published
            if event["type"] == "bag_changed"]
    assert told == [(sorted([lee.id or 0, zoe.id or 0]),
                     {"type": "bag_changed", "productIds": [product]})]


def sold_notices(world: World) -> list[int]:
    return [n.user_id for n in world.uow.notifications.rows.values() if n.kind == "item_sold"]


@pytest.mark.parametrize("sale", ["confirmed", "payment_confirmed", "shipped"])
async def test_watchers_hear_once_when_the_item_sells(world: World, sale: str) -> None:
    """Sold means paid (or shipped by the seller): the seller's confirmation of an unpaid
    order keeps the listing reserved and tells watchers nothing."""
    seller, buyer, admin, product = await setup(world)
    lee, ana = await world.user("lee"), await world.user("ana")
    await watch(world, product, lee, ana, buyer, seller)  # buyer and seller are not told
    order_id = (await world.orders.place(buyer, product)).order.id
    assert sold_notices(world) == []  # reserved is not sold yet
    if sale != "payment_confirmed":
        await world.orders.change_status(seller, order_id, "confirmed")
        assert sold_notices(world) == []  # confirmed but unpaid is not sold either
        assert await world.listing_status(product) is ListingStatus.RESERVED
    world.realtime.published.clear()
    if sale == "shipped":
        await world.orders.change_status(seller, order_id, "shipped", "1Z999", None)
    else:
        await world.orders.confirm_payment(admin, order_id)
    assert await world.listing_status(product) is ListingStatus.SOLD
    assert sorted(sold_notices(world)) == sorted([lee.id, ana.id])
    notice = next(n for n in world.uow.notifications.rows.values() if n.kind == "item_sold")
    assert notice.title == "Sold: Wool coat" and notice.link == f"/product/{product}"
    assert ([sorted(users) for users, event in world.realtime.published
             if event == {"type": "notification", "kind": "item_sold"}]
            == [sorted([lee.id, ana.id])])
    if sale != "shipped":  # shipping after payment is not a second sale
        await world.orders.change_status(seller, order_id, "shipped", "1Z999", None)
    assert sorted(sold_notices(world)) == sorted([lee.id, ana.id])


async def test_a_cancelled_order_does_not_tell_watchers(world: World) -> None:
    _seller, buyer, _, product = await setup(world)
    await watch(world, product, await world.user("lee"))
    order_id = (await world.orders.place(buyer, product)).order.id
    await world.orders.change_status(buyer, order_id, "cancelled")
    assert sold_notices(world) == []
    assert not any(event.get("kind") == "item_sold" for _, event in world.realtime.published)


async def test_unpaid_orders_cancelled_by_the_timer_do_not_tell_watchers(world: World) -> None:
    _seller, buyer, _, product = await setup(world)
    await watch(world, product, await world.user("lee"))
    await world.orders.place(buyer, product)
    world.clock.advance(hours=73)
    assert (await world.timers.sweep()).cancelled
    assert sold_notices(world) == []


async def test_a_rolled_back_attempt_publishes_nothing(world: World) -> None:
    """A status change whose transaction lost a race runs again (``with_retries``) on the
    same service: what the lost attempt recorded left with its rollback, so each socket
    gets the committed attempt's events once, never a rolled-back message."""
    seller, buyer, _, product = await setup(world)
    lee = await world.user("lee")
    await watch(world, product, lee)
    order = (await world.orders.place(buyer, product)).order
    event = OrderStatusChanged(order.id, order.order_number, buyer.id or 0, seller.id or 0,
                               "pending", "payment_confirmed", None, world.clock.now())
    notices = world.orders.notices
    world.realtime.published.clear()
    async with world.uow:  # the attempt is rolled back; the call runs again
        await notices.status_changed(world.uow, order, event, world.clock.now())
        notices.updated(world.uow, order)
    assert world.realtime.published == []
    async with world.uow:
        await notices.status_changed(world.uow, order, event, world.clock.now())
        notices.updated(world.uow, order)
        await world.uow.commit()
    assert world.realtime.types_for(buyer.id or 0).count("new_message") == 1
    assert world.realtime.types_for(lee.id or 0) == ["notification"]
    assert world.realtime.types_for(buyer.id or 0).count("order_updated") == 1


async def test_my_orders_come_a_page_at_a_time(world: World) -> None:
    seller, buyer, _, first = await setup(world)
    products = [first] + [await world.listing(seller) for _ in range(2)]
    for product in products:
        await world.orders.place(buyer, product)
        world.clock.advance(minutes=1)
    page = await world.orders.list_mine(buyer, limit=2)
    assert [v.order.product_id for v in page.items] == products[:0:-1]
    rest = await world.orders.list_mine(buyer, limit=2, cursor=page.next_cursor)
    assert [v.order.product_id for v in rest.items] == products[:1] and rest.next_cursor is None
    sales = await world.orders.list_mine(seller, as_seller=True)
    assert sales.items[0].order.buyer_id == buyer.id


# -- analytics activity (docs/admin.md "Recording activity") -------------------------------

def order_activity(world: World) -> list[tuple[ActivityKind, int | None, datetime]]:
    kinds = {ActivityKind.ORDER_PLACED, ActivityKind.SALE_COMPLETED, ActivityKind.ORDER_CANCELLED}
    return [(r.kind, r.user_id, r.at) for r in world.uow.activity.rows if r.kind in kinds]


async def test_orders_record_placed_completed_and_cancelled_activity(world: World) -> None:
    seller, buyer, admin, product = await setup(world)
    placed_at = world.clock.now()
    order_id = (await world.orders.place(buyer, product)).order.id
    assert order_activity(world) == [(ActivityKind.ORDER_PLACED, buyer.id, placed_at)]
    await world.orders.confirm_payment(admin, order_id)
    await world.orders.change_status(seller, order_id, "shipped", "1Z1")
    await world.orders.change_status(seller, order_id, "delivered")
    assert len(order_activity(world)) == 1  # the steps between record nothing
    world.clock.advance(hours=5)
    await world.orders.change_status(buyer, order_id, "completed")
    assert order_activity(world)[1:] == [
        (ActivityKind.SALE_COMPLETED, seller.id, world.clock.now())]  # the sale is the seller's

    other = await world.listing(seller)
    second = (await world.orders.place(buyer, other)).order.id
    world.clock.advance(hours=1)
    await world.orders.change_status(seller, second, "cancelled")  # the seller cancels
    assert order_activity(world)[2:] == [
        (ActivityKind.ORDER_PLACED, buyer.id, world.clock.now() - timedelta(hours=1)),
        (ActivityKind.ORDER_CANCELLED, buyer.id, world.clock.now())]  # the order was the buyer's
    summary = await world.analytics.summary()
    assert summary.transaction_success_rate == 0.5 and summary.buyer_count == 1
    assert sum(day.completed_sales for day in summary.daily_metrics) == 1


async def test_the_timers_record_their_cancellations_and_sales(world: World) -> None:
    seller, buyer, order_id = await delivered(world)
    late = await world.user("lee")
    before = len(order_activity(world))
    world.clock.advance(days=2, hours=23)
    await world.timers.sweep()
    assert len(order_activity(world)) == before
    unpaid = (await world.orders.place(late, await world.listing(seller))).order.id
    before += 1
    world.clock.advance(hours=1)
    assert (await world.timers.sweep()).completed == [order_id]
    assert order_activity(world)[before:] == [
        (ActivityKind.SALE_COMPLETED, seller.id, world.clock.now())]
    world.clock.advance(hours=71)
    assert (await world.timers.sweep()).cancelled == [unpaid]
    assert order_activity(world)[before + 1:] == [
        (ActivityKind.ORDER_CANCELLED, late.id, world.clock.now())]
    assert (await world.timers.sweep()).total == 0
    assert len(order_activity(world)) == before + 2  # a second sweep records nothing again
    assert buyer.id != late.id


async def test_a_refused_or_rolled_back_change_records_no_activity(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    _seller, buyer, _admin, product = await setup(world)
    order_id = (await world.orders.place(buyer, product)).order.id
    with pytest.raises(Conflict):
        await world.orders.place(await world.user("lee"), product)
    with pytest.raises(IllegalTransition):
        await world.orders.change_status(buyer, order_id, "completed")
    commit = world.uow.commit

    async def lost() -> None:  # the database refuses the commit (a serialization failure)
        monkeypatch.setattr(world.uow, "commit", commit)
        raise Conflict("lost the race")

    monkeypatch.setattr(world.uow, "commit", lost)
    with pytest.raises(Conflict, match="lost the race"):
        await world.orders.change_status(buyer, order_id, "cancelled")
    assert [kind for kind, *_ in order_activity(world)] == [ActivityKind.ORDER_PLACED]
    await world.orders.change_status(buyer, order_id, "cancelled")  # the retry records once
    assert [kind for kind, *_ in order_activity(world)] == [
        ActivityKind.ORDER_PLACED, ActivityKind.ORDER_CANCELLED]
