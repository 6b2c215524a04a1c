"""Seller stats (issue 38 item 5): listing views, and the closet's last 30 days.

- **A view** is counted once per visitor per listing per UTC day. The visitor is never
  stored: the one trace of a visit is its *mark*, a keyed hash of (day, listing, visitor)
  that is kept only for the day it was made (to recognise a second visit the same day) and
  then deleted; what stays is a number per listing per day. A listing's own seller viewing
  it is not a view.
- **The closet's days**: for each of the last :data:`STATS_DAYS` UTC days (today included),
  the views of the seller's listings, the offers made on them, the sales (orders placed that
  day whose payment was confirmed, bundles counted once) and the earnings (what the seller
  keeps of those sales, :func:`domain.fees.seller_net`).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from domain.fees import seller_net
from domain.money import ZERO, round_money
from domain.order_rules import OrderStatus

STATS_DAYS = 30
MARK_LENGTH = 32  # hex characters of the keyed hash kept for one day
# A sale is an order whose payment was confirmed and that was not refunded or cancelled.
SOLD_STATUSES = frozenset({OrderStatus.PAYMENT_CONFIRMED, OrderStatus.SHIPPED,
                           OrderStatus.DELIVERED, OrderStatus.COMPLETED,
                           OrderStatus.DISPUTED})


def stats_day(moment: datetime) -> date:
    """The UTC calendar day of an aware datetime."""
    if moment.tzinfo is None:
        raise ValueError("stats times must be timezone-aware")
    return moment.astimezone(UTC).date()


def stats_window(now: datetime, days: int = STATS_DAYS) -> tuple[date, date]:
    """The first and last day (inclusive) of the ``days`` UTC days ending today."""
    last = stats_day(now)
    return last - timedelta(days=days - 1), last


def visit_mark(secret: str, day: date, product_id: int, visitor: str) -> str:
    """The day's mark of one visitor on one listing: equal for the same three, and without
    the server's secret it tells nothing about the visitor."""
    message = f"{day.isoformat()}|{product_id}|{visitor}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:MARK_LENGTH]


def days_listed(created_at: datetime, now: datetime) -> int:
    """Whole days since the listing was created (0 on its first day, never negative)."""
    return max(0, (stats_day(now) - stats_day(created_at)).days)


@dataclass(frozen=True, slots=True)
class DayStats:
    day: date
    views: int
    offers: int
    sales: int
    earnings: Decimal


@dataclass(frozen=True, slots=True)
class ClosetTotals:
    views: int
    offers: int
    sales: int
    earnings: Decimal


def daily_series(first: date, last: date, views: Mapping[date, int],
                 offers: Mapping[date, int], sales: Mapping[date, list[Decimal]]
                 ) -> list[DayStats]:
    """One entry per day from ``first`` to ``last`` (inclusive, oldest first), zero where
    nothing happened; ``sales`` holds the prices of the day's sales, and the day's earnings
    are what the seller keeps of each, summed."""
    series: list[DayStats] = []
    day = first
    while day <= last:
        prices = sales.get(day, [])
        earnings = sum((seller_net(price) for price in prices), ZERO)
        series.append(DayStats(day, views.get(day, 0), offers.get(day, 0), len(prices),
                               round_money(earnings)))
        day += timedelta(days=1)
    return series


def totals(series: list[DayStats]) -> ClosetTotals:
    return ClosetTotals(
        views=sum(d.views for d in series), offers=sum(d.offers for d in series),
        sales=sum(d.sales for d in series),
        earnings=round_money(sum((d.earnings for d in series), ZERO)))
