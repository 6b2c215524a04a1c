"""Words several areas build the same way: a count with its noun (singular only for exactly
one, grouped by thousands), and a moment as every server text says it (``format_moment``:
in UTC, saying so, the year only when it is not the clock's) or a day (``format_day``)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.text import count_of, format_day, format_moment

pytestmark = pytest.mark.unit

nouns = st.text(alphabet=st.characters(categories=["L"]), min_size=1, max_size=12)


@pytest.mark.parametrize(
    ("count", "noun", "plural", "text"),
    [
        (1, "report", None, "1 report"),
        (0, "report", None, "0 reports"),
        (3, "report", None, "3 reports"),
        (1234, "item", None, "1,234 items"),
        (1, "person", "people", "1 person"),
        (2, "person", "people", "2 people"),
    ],
)
def test_examples(count: int, noun: str, plural: str | None, text: str) -> None:
    assert count_of(count, noun, plural) == text


@given(st.integers(min_value=-10**12, max_value=10**12), nouns, st.none() | nouns)
def test_the_count_then_the_noun_for_one_or_else_the_plural(
        count: int, noun: str, plural: str | None) -> None:
    number, _, word = count_of(count, noun, plural).partition(" ")
    assert int(number.replace(",", "")) == count
    assert word == (noun if count == 1 else plural or noun + "s")


@given(st.integers(min_value=0, max_value=10**12))
def test_digits_are_grouped_in_threes(count: int) -> None:
    groups = count_of(count, "item").split(" ")[0].split(",")
    assert 1 <= len(groups[0]) <= 3
    assert all(len(group) == 3 for group in groups[1:])


MOMENT = re.compile(r"(?P<month>[A-Z][a-z]{2}) (?P<day>\d{1,2})(?:, (?P<year>\d{4}))?, "
                    r"(?P<hour>\d{2}):(?P<minute>\d{2}) UTC")
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
moments = st.datetimes(min_value=datetime(1971, 1, 1), max_value=datetime(9998, 12, 31),
                       timezones=st.sampled_from([UTC, timezone(timedelta(hours=-8)),
                                                  timezone(timedelta(hours=5, minutes=30))]))


@pytest.mark.parametrize(
    ("moment", "now", "text"),
    [
        (datetime(2026, 12, 7, 1, 57, tzinfo=UTC), None, "Dec 7, 2026, 01:57 UTC"),
        (datetime(2026, 12, 7, 1, 57, tzinfo=UTC), datetime(2026, 11, 30, tzinfo=UTC),
         "Dec 7, 01:57 UTC"),
        (datetime(2027, 1, 2, 9, 5, tzinfo=UTC), datetime(2026, 12, 30, tzinfo=UTC),
         "Jan 2, 2027, 09:05 UTC"),
        # Said in UTC whatever zone the moment comes in: 8 pm in Los Angeles is 4 am UTC.
        (datetime(2026, 12, 6, 20, 0, tzinfo=timezone(timedelta(hours=-8))), None,
         "Dec 7, 2026, 04:00 UTC"),
    ],
)
def test_moment_examples(moment: datetime, now: datetime | None, text: str) -> None:
    assert format_moment(moment, now) == text


@given(moments, st.none() | moments)
def test_a_moment_reads_back_to_its_minute_in_utc(moment: datetime, now: datetime | None
                                                  ) -> None:
    """Whatever the zone: the text names the moment's UTC minute, and the year is there
    unless the clock's now is in the same UTC year (then it is that year)."""
    found = MOMENT.fullmatch(format_moment(moment, now))
    assert found is not None, format_moment(moment, now)
    at = moment.astimezone(UTC)
    same_year = now is not None and now.astimezone(UTC).year == at.year
    assert (found["year"] is None) == same_year
    year = int(found["year"]) if found["year"] else at.year
    read = datetime(year, MONTHS.index(found["month"]) + 1, int(found["day"]),
                    int(found["hour"]), int(found["minute"]), tzinfo=UTC)
    assert read == at.replace(second=0, microsecond=0)


@given(st.datetimes(min_value=datetime(1971, 1, 1), max_value=datetime(9998, 12, 31)))
def test_a_naive_moment_is_taken_as_utc(moment: datetime) -> None:
    assert format_moment(moment) == format_moment(moment.replace(tzinfo=UTC))


@given(moments)
def test_a_day_is_the_moments_own_date(moment: datetime) -> None:
    assert format_day(moment) == (
        f"{MONTHS[moment.month - 1]} {moment.day}, {moment.year}")


def test_no_other_module_names_a_month_by_hand() -> None:
    """One home: a text that says a date or a moment asks ``format_moment`` or
    ``format_day``; no other module formats a month name itself (``%b``, ``%B``)."""
    root = Path(__file__).resolve().parents[3]
    hand_made = [str(path.relative_to(root))
                 for layer in ("domain", "application", "adapters", "entrypoints")
                 for path in (root / layer).rglob("*.py")
                 if path != root / "domain" / "text.py"
                 and re.search(r"%-?[bB]\b", path.read_text(encoding="utf-8"))]
    assert hand_made == []
