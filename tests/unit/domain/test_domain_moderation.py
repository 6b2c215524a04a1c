"""Suspensions by property: a timed one ends at its end, never before; an open-ended one
never ends by itself (the order timers' sweep lifts only ended ones)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.moderation import SUSPENSION_DAYS_MAX, Suspension, suspension_ends
from tests.support import NOW

pytestmark = pytest.mark.unit


@given(days=st.none() | st.integers(min_value=1, max_value=SUSPENSION_DAYS_MAX),
       later=st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=4000)))
def test_a_suspension_ends_exactly_when_its_days_are_over(days, later):
    suspension = Suspension(user_id=1, reason="Spam", created_at=NOW,
                            ends_at=suspension_ends(NOW, days))
    now = NOW + later
    assert suspension.ended(now) is not suspension.active(now)
    over = days is not None and later >= timedelta(days=days)
    assert suspension.ended(now) is over
