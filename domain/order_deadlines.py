"""What an order is waiting for, and until when: the one deadline its page shows.

Each deadline is the moment one rule of the order's life counts to, taken from that rule's
own home, so what the page says is what happens:

- **pay** (``pending``, ``confirmed``: unpaid): :attr:`Order.pay_by`, the moment the
  unpaid-order timer cancels the order (:data:`~domain.order_rules.UNPAID_LIMIT` after it was
  placed, confirmed by the seller or not; ``application/order_timers.py``).
- **ship** (``payment_confirmed``): :data:`~domain.order_rules.SHIP_WITHIN_BUSINESS_DAYS`
  business days after payment was confirmed (:func:`ship_by`). The seller's promise, which
  the "Payment confirmed" notice asks for: no timer acts at it.
- **complete** (``delivered``): :attr:`Order.protection_ends_at`, when buyer protection ends
  and the timer completes the order; until then the buyer may confirm receipt or open a
  dispute (``domain/disputes.py`` judges a claim by the same moment).

Every other status waits for no deadline: a shipped order for the seller to mark it
delivered, a disputed one for an administrator, a finished one for nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from domain._labels import LabelledStrEnum
from domain.order_rules import SHIP_WITHIN_BUSINESS_DAYS, OrderStatus
from domain.orders import Order
from domain.text import as_utc

WEEKEND = frozenset({5, 6})  # Saturday, Sunday (datetime.weekday)


class DeadlineKind(LabelledStrEnum):
    PAY = "pay", "Payment due"
    SHIP = "ship", "Shipping due"
    COMPLETE = "complete", "Completes automatically"

    @property
    def automatic(self) -> bool:
        """Whether a timer acts at the deadline (cancels the unpaid order, completes the
        delivered one); shipping on time is the seller's promise."""
        return self is not DeadlineKind.SHIP


@dataclass(frozen=True, slots=True)
class OrderDeadline:
    kind: DeadlineKind
    at: datetime


def add_business_days(start: datetime, days: int) -> datetime:
    """``days`` business days after ``start``, at its time of day: each day counted is a
    Monday to Friday in UTC (public holidays are not known, so not skipped). Started on a
    weekend, the count begins with the Monday."""
    if days < 0:
        raise ValueError("days must not be negative")
    moment, left = start, days
    while left:
        moment += timedelta(days=1)
        if as_utc(moment).weekday() not in WEEKEND:
            left -= 1
    return moment


def ship_by(paid_at: datetime) -> datetime:
    """When the seller should have shipped an order whose payment was confirmed at
    ``paid_at``."""
    return add_business_days(paid_at, SHIP_WITHIN_BUSINESS_DAYS)


def order_deadline(order: Order, paid_at: datetime | None) -> OrderDeadline | None:
    """The deadline ``order`` is waiting for now (None: none); ``paid_at`` is when its
    payment was confirmed (its timeline's last move to ``payment_confirmed``), None when
    unknown."""
    if (pay_by := order.pay_by) is not None:
        return OrderDeadline(DeadlineKind.PAY, pay_by)
    if order.status is OrderStatus.PAYMENT_CONFIRMED and paid_at is not None:
        return OrderDeadline(DeadlineKind.SHIP, ship_by(paid_at))
    if order.status is OrderStatus.DELIVERED and (ends := order.protection_ends_at) is not None:
        return OrderDeadline(DeadlineKind.COMPLETE, ends)
    return None


