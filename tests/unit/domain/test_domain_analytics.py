"""Analytics arithmetic: the 30-day window, zero-filled days, ratios and rates (properties)."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.analytics import (
    WINDOW_DAYS,
    Activity,
    ActivityKind,
    active_share,
    activity_day,
    buyer_to_seller_ratio,
    daily_metrics,
    success_rate,
    summarise,
    window,
)

pytestmark = pytest.mark.unit
days_st = st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 1, 1))
kinds = st.sampled_from(list(ActivityKind))


@given(days_st)
def test_the_window_is_thirty_consecutive_days_ending_today(today: date) -> None:
    days = window(today)
    assert len(days) == WINDOW_DAYS and days[-1] == today
    assert all(b - a == timedelta(days=1) for a, b in itertools.pairwise(days))


@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_success_rate_is_a_fraction_of_the_orders_that_ended(done: int, cancelled: int) -> None:
    rate = success_rate(done, cancelled)
    assert 0.0 <= rate <= 1.0
    assert rate == (0.0 if done + cancelled == 0 else round(done / (done + cancelled), 4))


@given(st.integers(0, 10_000), st.integers(0, 10_000))
def test_ratio_and_share_never_divide_by_zero(buyers: int, sellers: int) -> None:
    assert buyer_to_seller_ratio(buyers, sellers) == round(buyers / max(sellers, 1), 2)
    assert active_share(buyers, sellers) == buyers / max(sellers, 1)
    assert active_share(3, 0) == 3.0


@given(days_st, st.dictionaries(st.tuples(st.integers(-40, 5), kinds), st.integers(1, 50)))
def test_daily_rows_are_zero_filled_and_keep_every_count_inside_the_window(
        today: date, raw: dict[tuple[int, ActivityKind], int]) -> None:
    counts = {(today - timedelta(days=back), kind): n for (back, kind), n in raw.items()}
    days = window(today)
    rows = daily_metrics(days, counts, {})
    assert [r.date for r in rows] == days
    inside = {k: n for k, n in counts.items() if days[0] <= k[0] <= today}
    signups = sum(n for (_, kind), n in inside.items() if kind is ActivityKind.SIGNUP)
    assert sum(r.new_signups for r in rows) == signups
    assert all(r.active_users == 0 for r in rows)


def test_activity_days_are_utc_calendar_days() -> None:
    late_in_new_york = datetime(2026, 11, 21, 22, 30, tzinfo=timezone(timedelta(hours=-5)))
    assert activity_day(late_in_new_york) == date(2026, 11, 22)
    assert Activity(ActivityKind.VISIT, 1, late_in_new_york).day == date(2026, 11, 22)
    with pytest.raises(ValueError):
        activity_day(datetime(2026, 11, 22, 12))


def test_the_summary_counts_this_week_as_the_last_seven_days() -> None:
    today = date(2026, 11, 22)
    counts = {(today - timedelta(days=6), ActivityKind.SIGNUP): 2,
              (today - timedelta(days=7), ActivityKind.SIGNUP): 5,
              (today, ActivityKind.SALE_COMPLETED): 1}
    recent = [Activity(ActivityKind.VISIT, 1, datetime(2026, 11, 22, tzinfo=UTC))] * 12
    result = summarise(today=today, total_users=9, counts=counts, active={today: 4},
                       buyers=3, sellers=0, recent=recent)
    assert (result.new_signups_this_week, result.active_users_today) == (2, 4)
    assert (result.buyer_to_seller_ratio, result.transaction_success_rate) == (3.0, 1.0)
    assert len(result.recent_activity) == 10
