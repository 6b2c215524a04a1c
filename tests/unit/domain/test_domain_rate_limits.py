"""The rate-limit rules (domain/rate_limits.py): windows, doubling lock-outs, the numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.rate_limits import DEFAULT_LIMITS, Backoff, Limits, Window

pytestmark = pytest.mark.unit

NOW = 1_000_000.0
times_before_now = st.lists(st.floats(min_value=NOW - 100_000, max_value=NOW,
                                      allow_nan=False), max_size=40)
windows = st.builds(Window, limit=st.integers(1, 10), seconds=st.integers(1, 5000))
backoffs = st.builds(Backoff, free=st.integers(1, 10), base=st.integers(1, 120),
                     cap=st.integers(1, 5000), seconds=st.integers(1, 100_000))


def test_a_window_refuses_the_attempt_after_limit_and_says_when_the_oldest_leaves() -> None:
    rule = Window(limit=3, seconds=60)
    assert rule.wait([NOW - 50, NOW - 10], NOW) == 0
    assert rule.wait([NOW - 50, NOW - 10, NOW - 5], NOW) == 10  # NOW-50 leaves at NOW+10
    assert rule.wait([NOW - 70, NOW - 10, NOW - 5], NOW) == 0  # one is outside the window
    assert rule.wait([NOW - 59.5, NOW, NOW], NOW) == 1  # never "retry after 0 s" when full


@given(windows, times_before_now)
def test_after_waiting_a_window_lets_one_more_in(rule: Window, times: list[float]) -> None:
    wait = rule.wait(times, NOW)
    assert 0 <= wait <= rule.seconds
    if wait:
        assert rule.wait(times, NOW + wait) == 0
        assert rule.wait(times, NOW + wait - 1) > 0 or wait == 1


def test_backoff_is_free_then_doubles_up_to_its_cap() -> None:
    rule = Backoff(free=5, base=60, cap=900, seconds=86_400)
    assert [rule.lock_seconds(n) for n in range(4, 11)] == [0, 60, 120, 240, 480, 900, 900]
    assert rule.wait([NOW - 10] * 5, NOW) == 50  # locked 60 s from the latest failure
    assert rule.wait([NOW - 100_000] * 5, NOW) == 0  # old failures are forgotten
    assert rule.lock_seconds(10_000) == 900


@given(backoffs, times_before_now)
def test_a_backoff_never_asks_more_than_its_cap_and_ends(rule: Backoff,
                                                         times: list[float]) -> None:
    wait = rule.wait(times, NOW)
    assert 0 <= wait <= rule.cap
    assert rule.wait(times, NOW + wait) == 0


@given(backoffs, st.integers(0, 30))
def test_one_more_failure_never_shortens_the_lock(rule: Backoff, failures: int) -> None:
    assert rule.lock_seconds(failures + 1) >= rule.lock_seconds(failures)


def test_the_numbers_docs_security_md_states() -> None:
    limits = DEFAULT_LIMITS
    assert limits.login_account == Backoff(free=5, base=60, cap=900, seconds=86_400)
    assert limits.login_known_address == limits.login_account
    assert limits.login_address == Backoff(free=50, base=60, cap=900, seconds=3600)
    assert limits.known_address_seconds == 30 * 86_400
    assert limits.registration_address == Window(limit=10, seconds=3600)
    assert limits.listing_account == Window(limit=30, seconds=3600)
    assert limits.contact_address == Window(limit=5, seconds=3600)


def test_scaling_multiplies_allowances_only() -> None:
    assert DEFAULT_LIMITS.scaled(1) is DEFAULT_LIMITS
    big = DEFAULT_LIMITS.scaled(100)
    assert isinstance(big, Limits)
    assert big.login_account == Backoff(free=500, base=60, cap=900, seconds=86_400)
    assert big.contact_address == Window(limit=500, seconds=3600)
