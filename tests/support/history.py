"""A recorded activity history with a hand-computed analytics summary (unit and adapter tests).

Today is 2026-11-22 (UTC). Five users; the events below give, by hand:
totalUsers 5; newSignupsThisWeek 2 (theo 3 days ago, sofia today; maya's is 10 days ago);
activeUsersToday 3 (maya and theo visit, sofia signs up; anonymous searches are nobody);
buyerCount 2 (theo offers and orders, sofia orders); sellerCount 2 (maya, and lucas 45 days
ago); buyerToSellerRatio 1.0; transactionSuccessRate 0.75 (3 sales and 1 cancellation in the
window; a sale 31 days ago is outside it).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from application.ports import UnitOfWork
from domain.analytics import ActivityKind as K
from domain.analytics import AnalyticsSummary
from tests.support.builders import a_user
from tests.support.clock import NOW

TODAY = NOW.date()
NAMES = ("maya", "theo", "sofia", "lucas", "emma")


def ago(days: int, hours: int = 0) -> datetime:
    return NOW - timedelta(days=days, hours=hours)


async def seed_history(uow: UnitOfWork) -> dict[str, int]:
    """Add the five users and the events inside ``uow`` (committed); returns ids by name."""
    async with uow:
        ids: dict[str, int] = {}
        for name in NAMES:
            user = await uow.users.add(a_user(name, created_at=ago(60)))
            assert user.id is not None
            ids[name] = user.id
        maya, theo, sofia, lucas = ids["maya"], ids["theo"], ids["sofia"], ids["lucas"]
        events: list[tuple[K, int | None, datetime]] = [
            (K.SIGNUP, maya, ago(10)), (K.SIGNUP, theo, ago(3)), (K.SIGNUP, sofia, ago(0, 2)),
            (K.SIGNUP, lucas, ago(40)),
            (K.VISIT, maya, ago(0, 3)), (K.VISIT, maya, ago(0, 1)), (K.VISIT, theo, ago(0, 1)),
            (K.VISIT, maya, ago(1)),
            (K.LISTING_CREATED, maya, ago(2)), (K.LISTING_CREATED, maya, ago(1)),
            (K.LISTING_CREATED, lucas, ago(45)),
            (K.OFFER_MADE, theo, ago(1)), (K.ORDER_PLACED, theo, ago(1)),
            (K.ORDER_PLACED, sofia, ago(0, 1)),
            (K.SALE_COMPLETED, maya, ago(0, 1)), (K.SALE_COMPLETED, maya, ago(5)),
            (K.SALE_COMPLETED, maya, ago(29)), (K.SALE_COMPLETED, maya, ago(31)),
            (K.ORDER_CANCELLED, theo, ago(4)),
            (K.SEARCH, None, ago(0, 4)), (K.SEARCH, None, ago(0, 2)), (K.SEARCH, maya, ago(0, 1)),
            (K.MESSAGE_SENT, theo, ago(0, 1)),
        ]
        for kind, user_id, at in events:
            await uow.activity.record(kind, user_id, at)
        await uow.commit()
    return ids


def check_summary(s: AnalyticsSummary) -> None:
    """Assert the hand-computed answer (see the module docstring)."""
    assert (s.total_users, s.new_signups_this_week, s.active_users_today) == (5, 2, 3)
    assert (s.buyer_count, s.seller_count, s.buyer_to_seller_ratio) == (2, 2, 1.0)
    assert s.transaction_success_rate == 0.75
    days = s.daily_metrics
    assert len(days) == 30
    assert days[0].date == TODAY - timedelta(days=29) and days[-1].date == TODAY
    today, yesterday = days[-1], days[-2]
    assert (today.active_users, today.new_signups, today.search_queries,
            today.messages_sent, today.completed_sales) == (3, 1, 3, 1, 1)
    assert (yesterday.active_users, yesterday.new_listings, yesterday.offers_made) == (2, 1, 1)
    assert days[0].completed_sales == 1  # 29 days ago is inside the window
    assert sum(d.new_signups for d in days) == 3
    assert sum(d.completed_sales for d in days) == 3
    recent = s.recent_activity
    assert len(recent) == 10
    assert [(e.kind, e.at) for e in recent[:3]] == [
        (K.MESSAGE_SENT, ago(0, 1)), (K.SEARCH, ago(0, 1)), (K.SALE_COMPLETED, ago(0, 1))]
