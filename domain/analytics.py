"""Analytics from recorded activity: the kinds of event and the summary arithmetic (spec §3, §9).

Every figure of the admin's analytics summary is computed from ``activity`` rows (one per
event, recorded in the same transaction as the action) and the user count. Days are UTC
calendar days. Definitions (also in docs/admin.md):

- ``activeUsers`` of a day: distinct users with any recorded event that day (a visit counts).
- ``newSignupsThisWeek``: sign-ups on the last 7 days, today included.
- ``buyerCount``: distinct users who ever made an offer or placed an order.
- ``sellerCount``: distinct users who ever created a listing.
- ``buyerToSellerRatio``: buyerCount / max(sellerCount, 1), two decimals.
- ``transactionSuccessRate``: of the orders that ended in the last 30 days, the fraction that
  ended as a completed sale: completed / (completed + cancelled); 0 when none ended.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum

WINDOW_DAYS = 30
WEEK_DAYS = 7
RECENT_ITEMS = 10


class ActivityKind(StrEnum):
    SIGNUP = "signup"
    VISIT = "visit"
    LISTING_CREATED = "listing_created"
    SEARCH = "search"
    MESSAGE_SENT = "message_sent"
    OFFER_MADE = "offer_made"
    ORDER_PLACED = "order_placed"
    SALE_COMPLETED = "sale_completed"
    ORDER_CANCELLED = "order_cancelled"


BUYER_KINDS = frozenset({ActivityKind.OFFER_MADE, ActivityKind.ORDER_PLACED})
SELLER_KINDS = frozenset({ActivityKind.LISTING_CREATED})


@dataclass(frozen=True, slots=True)
class Activity:
    """One recorded event; ``user_id`` is None for anonymous actions (a visitor's search)."""

    kind: ActivityKind
    user_id: int | None
    at: datetime
    username: str | None = None

    @property
    def day(self) -> date:
        return activity_day(self.at)


def activity_day(at: datetime) -> date:
    """The UTC calendar day of an aware datetime."""
    if at.tzinfo is None:
        raise ValueError("activity times must be timezone-aware")
    return at.astimezone(UTC).date()


@dataclass(frozen=True, slots=True)
class DailyMetrics:
    date: date
    active_users: int = 0
    new_signups: int = 0
    new_listings: int = 0
    completed_sales: int = 0
    search_queries: int = 0
    messages_sent: int = 0
    offers_made: int = 0


@dataclass(frozen=True, slots=True)
class AnalyticsSummary:
    total_users: int
    new_signups_this_week: int
    active_users_today: int
    buyer_to_seller_ratio: float
    buyer_count: int
    seller_count: int
    transaction_success_rate: float
    daily_metrics: list[DailyMetrics]
    recent_activity: list[Activity]


def window(today: date, days: int = WINDOW_DAYS) -> list[date]:
    """The ``days`` calendar days ending with ``today``, oldest first."""
    return [today - timedelta(days=days - 1 - n) for n in range(days)]


DayCounts = Mapping[tuple[date, ActivityKind], int]


def daily_metrics(days: list[date], counts: DayCounts, active: Mapping[date, int]
                  ) -> list[DailyMetrics]:
    """One row per day (zero-filled), from per-(day, kind) counts and distinct active users."""
    def n(day: date, kind: ActivityKind) -> int:
        return counts.get((day, kind), 0)

    return [DailyMetrics(
        date=day, active_users=active.get(day, 0),
        new_signups=n(day, ActivityKind.SIGNUP), new_listings=n(day, ActivityKind.LISTING_CREATED),
        completed_sales=n(day, ActivityKind.SALE_COMPLETED),
        search_queries=n(day, ActivityKind.SEARCH), messages_sent=n(day, ActivityKind.MESSAGE_SENT),
        offers_made=n(day, ActivityKind.OFFER_MADE),
    ) for day in days]


def total(counts: DayCounts, kind: ActivityKind, days: list[date]) -> int:
    return sum(counts.get((day, kind), 0) for day in days)


def buyer_to_seller_ratio(buyers: int, sellers: int) -> float:
    return round(buyers / max(sellers, 1), 2)


def success_rate(completed: int, cancelled: int) -> float:
    """Completed share of the orders that ended; 0.0 when none ended."""
    ended = completed + cancelled
    return round(completed / ended, 4) if ended else 0.0


def active_share(active_today: int, total_users: int) -> float:
    """Spec §9: activeUsersToday / max(totalUsers, 1)."""
    return active_today / max(total_users, 1)


def summarise(*, today: date, total_users: int, counts: DayCounts, active: Mapping[date, int],
              buyers: int, sellers: int, recent: list[Activity]) -> AnalyticsSummary:
    days = window(today)
    week = days[-WEEK_DAYS:]
    return AnalyticsSummary(
        total_users=total_users,
        new_signups_this_week=total(counts, ActivityKind.SIGNUP, week),
        active_users_today=active.get(today, 0),
        buyer_to_seller_ratio=buyer_to_seller_ratio(buyers, sellers),
        buyer_count=buyers,
        seller_count=sellers,
        transaction_success_rate=success_rate(
            total(counts, ActivityKind.SALE_COMPLETED, days),
            total(counts, ActivityKind.ORDER_CANCELLED, days)),
        daily_metrics=daily_metrics(days, counts, active),
        recent_activity=recent[:RECENT_ITEMS],
    )
