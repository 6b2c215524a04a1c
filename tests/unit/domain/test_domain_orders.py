"""Order rules by example (spec §4, §9)."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.catalog import ListingStatus
from domain.errors import Forbidden, IllegalTransition, ValidationError
from domain.events import OrderPlaced, OrderStatusChanged
from domain.orders import (
    BUYER_PROTECTION_DAYS,
    FINISHED_STATUSES,
    Actor,
    Order,
    OrderStatus,
    Party,
)
from tests.support import NOW

pytestmark = pytest.mark.unit

BUYER, SELLER, ADMIN, STRANGER = Actor(1), Actor(2), Actor(9, is_admin=True), Actor(3)
S = OrderStatus


def place(**changes) -> Order:
    fields = {
        "order_number": "42-SBEUF8",
        "product_id": 1,
        "buyer_id": 1,
        "seller_id": 2,
        "price": Decimal("45"),
        "created_at": NOW,
    }
    return Order.place(**{**fields, **changes})


def delivered(at: datetime = NOW) -> Order:
    order = place()
    order.confirm(SELLER, at)
    order.ship(SELLER, at, "1Z999")
    order.mark_delivered(SELLER, at)
    return order


def test_placing_an_order():
    order = place(id=5)
    assert order.status is S.PENDING
    assert order.price == Decimal("45.00")
    assert order.listing_status is ListingStatus.RESERVED
    assert not order.releases_listing
    assert not order.is_terminal
    assert order.pull_events() == [
        OrderPlaced(5, "42-SBEUF8", 1, 1, 2, Decimal("45.00")),
    ]


def test_placing_refuses_bad_orders():
    with pytest.raises(Forbidden, match="your own listing"):
        place(buyer_id=2)
    with pytest.raises(ValidationError):
        place(price=Decimal("0"))
    with pytest.raises(ValueError, match="order number"):
        place(order_number="ABC")


def test_the_happy_path_through_payment():
    order = place()
    order.confirm(SELLER, NOW)
    order.confirm_payment(ADMIN, NOW)
    order.ship(SELLER, NOW, " 1Z999 ", " https://track.example.com/1Z999 ")
    assert order.tracking_number == "1Z999"
    assert order.tracking_url == "https://track.example.com/1Z999"
    assert order.listing_status is ListingStatus.SOLD
    order.mark_delivered(SELLER, NOW + timedelta(days=4))
    assert order.delivered_at == NOW + timedelta(days=4)
    order.complete(BUYER, NOW + timedelta(days=5))
    assert order.status is S.COMPLETED
    assert order.is_terminal
    statuses = [e.new_status for e in order.events if isinstance(e, OrderStatusChanged)]
    assert statuses == ["confirmed", "payment_confirmed", "shipped", "delivered", "completed"]


def test_admin_can_confirm_payment_straight_from_pending():
    order = place()
    order.transition(ADMIN, "payment_confirmed", NOW)
    order.ship(SELLER, NOW, "1Z")
    assert order.tracking_url is None
    assert order.status is S.SHIPPED


def test_shipping_needs_a_tracking_number():
    order = place()
    order.confirm(SELLER, NOW)
    with pytest.raises(ValidationError) as caught:
        order.transition(SELLER, S.SHIPPED, NOW)
    assert caught.value.errors == {"trackingNumber": "Tracking number is required"}
    with pytest.raises(ValidationError) as caught:
        order.ship(SELLER, NOW, "1Z", "not a url")
    assert caught.value.errors == {"trackingUrl": "Tracking URL must be a valid URL"}
    assert order.status is S.CONFIRMED
    assert order.tracking_number is None


@pytest.mark.parametrize("actor", [BUYER, SELLER, ADMIN])
def test_anyone_party_cancels_a_pending_order_which_releases_the_listing(actor):
    order = place()
    order.cancel(actor, NOW)
    assert order.status is S.CANCELLED
    assert order.releases_listing
    assert order.listing_status is ListingStatus.AVAILABLE
    assert order.allowed_transitions(actor) == frozenset()


def test_strangers_are_forbidden_everything():
    order = place()
    assert order.parties(STRANGER) == frozenset()
    assert order.allowed_transitions(STRANGER) == frozenset()
    with pytest.raises(Forbidden, match="not part of this order"):
        order.cancel(STRANGER, NOW)


@pytest.mark.parametrize(
    ("actor", "move", "message"),
    [
        (BUYER, "confirm", "Only the seller can confirm"),
        (ADMIN, "confirm", "Only the seller can confirm"),
        (SELLER, "confirm_payment", "Only an administrator"),
        (BUYER, "confirm_payment", "Only an administrator"),
    ],
)
def test_wrong_actor_is_forbidden(actor, move, message):
    order = place()
    with pytest.raises(Forbidden, match=message):
        getattr(order, move)(actor, NOW)
    assert order.status is S.PENDING


def test_only_the_seller_ships_and_delivers():
    order = place()
    order.confirm(SELLER, NOW)
    with pytest.raises(Forbidden, match="shipped"):
        order.ship(BUYER, NOW, "1Z")
    order.ship(SELLER, NOW, "1Z")
    with pytest.raises(Forbidden, match="delivered"):
        order.mark_delivered(ADMIN, NOW)


@pytest.mark.parametrize(
    ("setup", "target"),
    [
        ([], S.SHIPPED),
        ([], S.DELIVERED),
        ([], S.COMPLETED),
        ([], S.PENDING),
        (["confirm"], S.PENDING),
        (["confirm"], S.CONFIRMED),
    ],
)
def test_illegal_moves_are_conflicts(setup, target):
    order = place()
    for move in setup:
        getattr(order, move)(SELLER, NOW)
    with pytest.raises(IllegalTransition):
        order.transition(SELLER, target, NOW, tracking_number="1Z")


def test_delivered_offers_the_seller_nothing_until_protection_ends():
    order = delivered()
    assert order.allowed_transitions(SELLER, NOW) == frozenset()
    assert order.allowed_transitions(BUYER, NOW) == {S.COMPLETED}
    with pytest.raises(Forbidden, match="buyer protection"):
        order.complete(SELLER, NOW + timedelta(days=1))
    later = NOW + timedelta(days=BUYER_PROTECTION_DAYS)
    assert order.allowed_transitions(SELLER, later) == {S.COMPLETED}
    order.complete(ADMIN, later)
    assert order.status is S.COMPLETED


def test_protection_expiry_completes_by_itself():
    order = delivered()
    assert order.protection_ends_at == NOW + timedelta(days=3)
    assert not order.complete_if_protection_expired(NOW + timedelta(days=3, seconds=-1))
    assert order.status is S.DELIVERED
    assert order.complete_if_protection_expired(NOW + timedelta(days=3))
    assert order.status is S.COMPLETED
    assert order.events[-1].actor_id is None
    assert not order.complete_if_protection_expired(NOW + timedelta(days=30))


def test_protection_does_not_run_before_delivery():
    order = place()
    assert order.protection_ends_at is None
    assert not order.complete_if_protection_expired(NOW + timedelta(days=365))


def test_an_admin_selling_an_item_plays_only_the_seller():
    order = place(seller_id=9)
    assert order.parties(ADMIN) == {Party.SELLER}
    assert order.allowed_transitions(ADMIN) == {S.CONFIRMED, S.CANCELLED}
    with pytest.raises(Forbidden, match="another administrator must confirm its payment"):
        order.confirm_payment(ADMIN, NOW)
    with pytest.raises(Forbidden, match="Only the buyer"):
        order.address_form_for(ADMIN)
    assert order.status is S.PENDING


def test_finished_statuses_are_the_sales_records_ones():
    assert {S.COMPLETED, S.SHIPPED, S.DELIVERED} == FINISHED_STATUSES


def test_a_stored_order_can_be_rebuilt_from_plain_values():
    order = Order(
        order_number="1-AAAAAA",
        product_id=1,
        buyer_id=1,
        seller_id=2,
        price=Decimal("10.00"),
        status="shipped",
        created_at=NOW,
    )
    assert order.status is S.SHIPPED
    assert order.status.label == "Shipped"


@given(st.integers(min_value=-10_000, max_value=10_000))
def test_protection_expires_exactly_three_days_after_delivery(minutes):
    order = delivered()
    now = NOW + timedelta(days=3, minutes=minutes)
    assert order.complete_if_protection_expired(now) == (minutes >= 0)
    assert (order.status is S.COMPLETED) == (minutes >= 0)


def test_unknown_target_status_is_bad_input():
    order = place()
    with pytest.raises(ValidationError) as caught:
        order.transition(SELLER, "teleported", NOW)
    assert caught.value.errors == {"status": "Please choose a valid order status"}
    order.transition(SELLER, " Confirmed ", NOW)
    assert order.status is S.CONFIRMED
