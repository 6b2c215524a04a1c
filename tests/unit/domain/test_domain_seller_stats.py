"""Seller stats' rules (issue 38 item 5): the 30-day window, the day series, the marks."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.fees import seller_net
from domain.seller_stats import (
    MARK_LENGTH,
    STATS_DAYS,
    daily_series,
    days_listed,
    stats_window,
    totals,
    visit_mark,
)

pytestmark = pytest.mark.unit

moments = st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2035, 1, 1),
                       timezones=st.just(UTC))
prices = st.decimals(min_value=Decimal("1.00"), max_value=Decimal("5000.00"), places=2)


@given(moments)
def test_the_window_is_thirty_days_ending_today(now: datetime) -> None:
    first, last = stats_window(now)
    assert last == now.date() and (last - first).days == STATS_DAYS - 1


@given(moments, st.dictionaries(st.integers(0, 40), st.integers(0, 1000)),
       st.dictionaries(st.integers(0, 40), st.integers(0, 50)),
       st.dictionaries(st.integers(0, 40), st.lists(prices, max_size=4)))
def test_the_series_has_every_day_once_and_keeps_what_falls_inside(
        now: datetime, views: dict[int, int], offers: dict[int, int],
        sales: dict[int, list[Decimal]]) -> None:
    first, last = stats_window(now)

    def by_day(values: dict[int, object]) -> dict[date, object]:  # days back from today
        return {last - timedelta(days=back): value for back, value in values.items()}

    series = daily_series(first, last, by_day(views), by_day(offers),  # type: ignore[arg-type]
                          by_day(sales))  # type: ignore[arg-type]
    assert [d.day for d in series] == [first + timedelta(days=i) for i in range(STATS_DAYS)]
    inside = range(STATS_DAYS)
    assert sum(d.views for d in series) == sum(v for b, v in views.items() if b in inside)
    assert sum(d.offers for d in series) == sum(v for b, v in offers.items() if b in inside)
    assert sum(d.sales for d in series) == sum(len(v) for b, v in sales.items() if b in inside)
    for day in series:
        kept = sales.get((last - day.day).days, [])
        assert day.earnings == sum((seller_net(p) for p in kept), Decimal("0.00"))
        assert day.earnings >= 0 and day.earnings.as_tuple().exponent == -2
    total = totals(series)
    assert (total.views, total.offers, total.sales) == (
        sum(d.views for d in series), sum(d.offers for d in series),
        sum(d.sales for d in series))
    assert total.earnings == sum((d.earnings for d in series), Decimal("0.00"))


@given(moments, st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=3000)))
def test_days_listed_counts_whole_days_and_never_goes_negative(
        created: datetime, age: timedelta) -> None:
    assert days_listed(created, created + age) == ((created + age).date() - created.date()).days
    assert days_listed(created + age, created) == 0


@given(st.dates(), st.integers(1, 10**6), st.text(max_size=60), st.text(max_size=60))
def test_a_mark_is_the_same_for_the_same_visit_and_hides_the_visitor(
        day: date, product: int, visitor: str, someone: str) -> None:
    mark = visit_mark("secret", day, product, visitor)
    assert mark == visit_mark("secret", day, product, visitor)
    assert len(mark) == MARK_LENGTH and set(mark) <= set("0123456789abcdef")
    assert mark != visit_mark("secret", day + timedelta(days=1), product, visitor)
    assert mark != visit_mark("other secret", day, product, visitor)
    if someone != visitor:
        assert mark != visit_mark("secret", day, product, someone)
