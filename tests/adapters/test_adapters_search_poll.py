"""How often the search follower looks at the outbox (``next_poll``): soon after a look that
found rows, ever less often while it finds none, never less often than every 250 ms (a
change from another process shows within that), never more often than every 50 ms."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adapters.search.indexer import IDLE_POLL_SECONDS, POLL_SECONDS, next_poll

pytestmark = pytest.mark.adapters


@given(st.lists(st.booleans(), max_size=40))
def test_the_wait_doubles_while_the_outbox_is_quiet_and_drops_when_it_has_rows(
        looks: list[bool]) -> None:
    wait, quiet = POLL_SECONDS, 0
    for found in looks:
        wait = next_poll(wait, found)
        quiet = 0 if found else quiet + 1
        assert POLL_SECONDS <= wait <= IDLE_POLL_SECONDS
        assert wait == pytest.approx(min(POLL_SECONDS * 2 ** quiet, IDLE_POLL_SECONDS))


def test_a_quiet_outbox_is_looked_at_four_times_a_second_at_most_after_a_few_looks() -> None:
    wait = POLL_SECONDS
    for _ in range(3):
        wait = next_poll(wait, False)
    assert wait == IDLE_POLL_SECONDS
    assert next_poll(wait, True) == POLL_SECONDS
