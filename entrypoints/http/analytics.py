"""Analytics over HTTP: the admin's summary of recorded activity (spec §3)."""

from __future__ import annotations

from litestar import Controller, get

from application.analytics import AnalyticsService
from domain.accounts import User
from domain.analytics import Activity, AnalyticsSummary, DailyMetrics
from entrypoints.http.schemas.analytics import (
    ActivityOut,
    AnalyticsSummaryOut,
    DailyMetricsOut,
)


def _day(metrics: DailyMetrics) -> DailyMetricsOut:
    return DailyMetricsOut(
        date=metrics.date, active_users=metrics.active_users, new_signups=metrics.new_signups,
        new_listings=metrics.new_listings, completed_sales=metrics.completed_sales,
        search_queries=metrics.search_queries, messages_sent=metrics.messages_sent,
        offers_made=metrics.offers_made)


def _activity(event: Activity) -> ActivityOut:
    return ActivityOut(kind=event.kind.value, at=event.at, user_id=event.user_id,
                       username=event.username)


def summary_out(summary: AnalyticsSummary) -> AnalyticsSummaryOut:
    return AnalyticsSummaryOut(
        total_users=summary.total_users, new_signups_this_week=summary.new_signups_this_week,
        active_users_today=summary.active_users_today,
        buyer_to_seller_ratio=summary.buyer_to_seller_ratio, buyer_count=summary.buyer_count,
        seller_count=summary.seller_count,
        transaction_success_rate=summary.transaction_success_rate,
        daily_metrics=[_day(m) for m in summary.daily_metrics],
        recent_activity=[_activity(e) for e in summary.recent_activity])


class AnalyticsController(Controller):
    path = "/api/analytics"
    tags = ["admin"]

    @get("/summary")
    async def summary(self, admin: User, analytics: AnalyticsService) -> AnalyticsSummaryOut:
        """Read the marketplace's activity summary.

        Administrators only (401 for visitors, 403 for members). Users, sign-ups this week,
        active users today, buyers and sellers, the transaction success rate, daily figures
        for the last 30 days (UTC) and the latest activity.
        """
        return summary_out(await analytics.summary())
