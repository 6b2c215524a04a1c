"""The request and response Structs of ``entrypoints/http/analytics.py``: the admin's analytics
summary."""

from __future__ import annotations

from datetime import date, datetime

from entrypoints.http.schemas import CamelStruct


class DailyMetricsOut(CamelStruct):
    date: date
    active_users: int
    new_signups: int
    new_listings: int
    completed_sales: int
    search_queries: int
    messages_sent: int
    offers_made: int


class ActivityOut(CamelStruct):
    kind: str
    at: datetime
    user_id: int | None
    username: str | None


class AnalyticsSummaryOut(CamelStruct):
    total_users: int
    new_signups_this_week: int
    active_users_today: int
    buyer_to_seller_ratio: float
    buyer_count: int
    seller_count: int
    transaction_success_rate: float
    daily_metrics: list[DailyMetricsOut]
    recent_activity: list[ActivityOut]
