"""The deadline an order shows (domain/order_deadlines.py): the moment its own rule counts
to, for every status, and the business days the ship-by date counts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.disputes import DisputeOutcome, DisputeReason
from domain.fees import seller_net
from domain.order_deadlines import (
    DeadlineKind,
    OrderDeadline,
    add_business_days,
    order_deadline,
    ship_by,
)
from domain.order_rules import (
    BUYER_PROTECTION,
    SHIP_WITHIN_BUSINESS_DAYS,
    UNPAID_LIMIT,
    UNPAID_STATUSES,
    Actor,
    OrderStatus,
)
from domain.orders import Order

pytestmark = pytest.mark.unit

BUYER, SELLER, ADMIN = Actor(1), Actor(2), Actor(9, is_admin=True)
S = OrderStatus
MONDAY = datetime(2025, 3, 3, 9, 30, tzinfo=UTC)
moments = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1),
                       timezones=st.just(UTC))


def place(at: datetime = MONDAY) -> Order:
    return Order.place(order_number="42-SBEUF8", product_id=1, buyer_id=1, seller_id=2,
                       price=Decimal("80"), created_at=at)


def in_status(status: OrderStatus, at: datetime = MONDAY) -> Order:
    """An order walked to ``status``, every move at ``at``."""
    order = place(at)
    steps = {
        S.PENDING: [],
        S.CONFIRMED: [lambda o: o.confirm(SELLER, at)],
        S.PAYMENT_CONFIRMED: [lambda o: o.confirm_payment(ADMIN, at)],
        S.SHIPPED: [lambda o: o.confirm_payment(ADMIN, at), lambda o: o.ship(SELLER, at, "1Z")],
        S.DELIVERED: [lambda o: o.confirm_payment(ADMIN, at), lambda o: o.ship(SELLER, at, "1Z"),
                      lambda o: o.mark_delivered(SELLER, at)],
        S.COMPLETED: [lambda o: o.confirm_payment(ADMIN, at), lambda o: o.ship(SELLER, at, "1Z"),
                      lambda o: o.mark_delivered(SELLER, at), lambda o: o.complete(BUYER, at)],
        S.CANCELLED: [lambda o: o.cancel(BUYER, at)],
        S.DISPUTED: [lambda o: o.confirm_payment(ADMIN, at), lambda o: o.ship(SELLER, at, "1Z"),
                     lambda o: o.mark_delivered(SELLER, at),
                     lambda o: o.open_dispute(BUYER, DisputeReason.DAMAGED, at, at)],
        S.REFUNDED: [lambda o: o.confirm_payment(ADMIN, at), lambda o: o.ship(SELLER, at, "1Z"),
                     lambda o: o.mark_delivered(SELLER, at),
                     lambda o: o.open_dispute(BUYER, DisputeReason.DAMAGED, at, at),
                     lambda o: o.resolve_dispute(ADMIN, DisputeOutcome.REFUND, at)],
    }[status]
    for step in steps:
        step(order)
    assert order.status is status
    return order


@pytest.mark.parametrize("status", list(OrderStatus))
def test_every_status_has_its_deadline_or_none(status: OrderStatus) -> None:
    deadline = order_deadline(in_status(status), paid_at=MONDAY)
    expected = {
        S.PENDING: OrderDeadline(DeadlineKind.PAY, MONDAY + UNPAID_LIMIT),
        S.CONFIRMED: OrderDeadline(DeadlineKind.PAY, MONDAY + UNPAID_LIMIT),
        S.PAYMENT_CONFIRMED: OrderDeadline(DeadlineKind.SHIP, datetime(2025, 3, 6, 9, 30,
                                                                       tzinfo=UTC)),
        S.DELIVERED: OrderDeadline(DeadlineKind.COMPLETE, MONDAY + BUYER_PROTECTION),
    }.get(status)
    assert deadline == expected


def test_a_paid_order_without_a_known_payment_time_shows_no_ship_by_date() -> None:
    assert order_deadline(in_status(S.PAYMENT_CONFIRMED), paid_at=None) is None


def test_only_the_ship_by_date_is_a_promise_the_others_are_the_timers() -> None:
    assert [kind for kind in DeadlineKind if kind.automatic] == [DeadlineKind.PAY,
                                                                  DeadlineKind.COMPLETE]


@given(placed=moments, status=st.sampled_from(sorted(UNPAID_STATUSES)))
def test_the_pay_by_deadline_is_when_the_timer_cancels(placed: datetime,
                                                       status: OrderStatus) -> None:
    deadline = order_deadline(in_status(status, placed), paid_at=None)
    assert deadline is not None and deadline.kind is DeadlineKind.PAY
    assert not in_status(status, placed).cancel_if_unpaid_expired(
        deadline.at - timedelta(microseconds=1))
    assert in_status(status, placed).cancel_if_unpaid_expired(deadline.at)


@given(delivered=moments)
def test_the_completion_deadline_is_when_the_timer_completes(delivered: datetime) -> None:
    deadline = order_deadline(in_status(S.DELIVERED, delivered), paid_at=delivered)
    assert deadline is not None and deadline.kind is DeadlineKind.COMPLETE
    assert not in_status(S.DELIVERED, delivered).complete_if_protection_expired(
        deadline.at - timedelta(microseconds=1))
    assert in_status(S.DELIVERED, delivered).complete_if_protection_expired(deadline.at)


@pytest.mark.parametrize(("paid", "due"), [
    ("2025-03-03", "2025-03-06"),  # Monday -> Thursday
    ("2025-03-05", "2025-03-10"),  # Wednesday -> Monday
    ("2025-03-07", "2025-03-12"),  # Friday -> Wednesday
    ("2025-03-08", "2025-03-12"),  # Saturday -> Wednesday
    ("2025-03-09", "2025-03-12"),  # Sunday -> Wednesday
])
def test_ship_by_counts_three_weekdays(paid: str, due: str) -> None:
    at = datetime.fromisoformat(f"{paid}T23:15:00+00:00")
    assert ship_by(at) == datetime.fromisoformat(f"{due}T23:15:00+00:00")


@given(start=moments, days=st.integers(min_value=0, max_value=30))
def test_business_days_are_weekdays_counted_after_the_start(start: datetime, days: int
                                                            ) -> None:
    end = add_business_days(start, days)
    assert end.time() == start.time() and end >= start
    span = [(start + timedelta(days=n)).weekday() for n in range(1, (end - start).days + 1)]
    assert sum(1 for day in span if day < 5) == days
    if days:
        assert end.weekday() < 5  # ends on the last business day counted, not after it


def test_ship_by_uses_the_rule_the_notice_promises() -> None:
    assert SHIP_WITHIN_BUSINESS_DAYS == 3
    assert add_business_days(MONDAY, SHIP_WITHIN_BUSINESS_DAYS) == ship_by(MONDAY)
    with pytest.raises(ValueError):
        add_business_days(MONDAY, -1)


@pytest.mark.parametrize("status", list(OrderStatus))
def test_the_sellers_payout_is_the_one_seller_net_rule(status: OrderStatus) -> None:
    order = in_status(status)
    if status in (S.CANCELLED, S.REFUNDED):
        assert order.seller_payout is None
    else:
        assert order.seller_payout == seller_net(order.price) == Decimal("74.38")
