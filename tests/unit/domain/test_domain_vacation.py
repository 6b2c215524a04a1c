"""Vacation mode's rules (issue 38 item 4)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.vacation import LONGEST, MESSAGE_MAX, start
from tests.support import NOW

pytestmark = pytest.mark.unit



@given(st.timedeltas(min_value=timedelta(seconds=1), max_value=LONGEST),
       st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=400)))
def test_a_vacation_is_on_until_its_date(length: timedelta, later: timedelta) -> None:
    vacation = start(7, NOW + length, "Back soon", NOW)
    assert vacation.is_on(NOW + later) == (later < length)


@given(st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=4000)))
def test_without_a_date_it_lasts_until_turned_off(later: timedelta) -> None:
    assert start(7, None, None, NOW).is_on(NOW + later)


@given(st.timedeltas(min_value=-timedelta(days=30), max_value=timedelta(0)))
def test_a_date_in_the_past_is_refused(back: timedelta) -> None:
    with pytest.raises(ValidationError, match="in the future"):
        start(7, NOW + back, None, NOW)


def test_too_long_or_too_wordy_is_refused() -> None:
    with pytest.raises(ValidationError, match="at most a year"):
        start(7, NOW + LONGEST + timedelta(days=1), None, NOW)
    with pytest.raises(ValidationError, match="at most 300"):
        start(7, None, "x" * (MESSAGE_MAX + 1), NOW)


def test_the_sentences() -> None:
    vacation = start(7, datetime(2026, 12, 5, 9, tzinfo=UTC), "  Shipping resumes then. ", NOW)
    assert vacation.notice == "Seller away until Dec 5, 2026"
    assert vacation.refusal == "This seller is away until Dec 5, 2026 and is not selling right now."
    assert vacation.auto_reply == (
        "Automatic reply: I'm away until Dec 5, 2026. Shipping resumes then.")
    assert start(7, None, None, NOW).auto_reply == "Automatic reply: I'm away."
