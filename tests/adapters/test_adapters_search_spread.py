"""A sorted page's probe windows (``adapters.search.engine.Spread``): each holds about the
share of listings it is meant to, never most of the catalog, and they widen in order.

Pure arithmetic over a histogram, so hypothesis draws the histograms; that the windows leave
every answer exact is the search property test's business (``test_adapters_search_property``).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adapters.search.engine import _WINDOWS, Spread

histograms = st.tuples(
    st.integers(1, 50),  # bucket width
    st.lists(st.tuples(st.integers(0, 400), st.integers(1, 5_000)), min_size=1, max_size=60,
             unique_by=lambda bucket: bucket[0]),
).map(lambda drawn: Spread(
    edges=[n * drawn[0] for n, _ in sorted(drawn[1])],
    counts=[count for _, count in sorted(drawn[1])], interval=drawn[0]))


def _held(spread: Spread, descending: bool, bound: int | None, end: int) -> int:
    """Listings between the page's start and the window's end (whole buckets)."""
    held = 0
    for edge, count in zip(spread.edges, spread.counts, strict=True):
        top = edge + spread.interval - 1
        if descending and edge >= end and (bound is None or edge <= bound):
            held += count
        if not descending and top <= end and (bound is None or top >= bound):
            held += count
    return held


@given(spread=histograms, descending=st.booleans(), data=st.data())
def test_windows_widen_in_order_and_never_hold_most_listings(
        spread: Spread, descending: bool, data: st.DataObject) -> None:
    bound = data.draw(st.none() | st.sampled_from(spread.edges))
    ends = spread.windows(descending, bound)
    total = sum(spread.counts)
    assert len(ends) <= len(_WINDOWS)
    assert ends == sorted(set(ends), reverse=descending)  # each wider than the last
    for end in ends:
        assert _held(spread, descending, bound, end) * 2 <= total


@given(spread=histograms)
def test_a_first_page_window_holds_at_least_its_share(spread: Spread) -> None:
    total = sum(spread.counts)
    for descending in (True, False):
        ends = spread.windows(descending, None)
        if ends:
            assert _held(spread, descending, None, ends[0]) >= round(_WINDOWS[0] * total)


def test_a_key_most_listings_share_gets_no_window() -> None:
    """Watch counts: almost every listing has none; a window over them would cost more
    than reading everything, so the page reads everything."""
    watch = Spread(edges=[0, 1, 2, 3], counts=[999_403, 582, 4, 2], interval=1)
    assert watch.windows(True, None) == []
    created = Spread(edges=list(range(0, 1000, 10)), counts=[100] * 100, interval=10)
    assert created.windows(True, None) == [990, 960, 680]
    assert created.windows(False, None) == [9, 39, 319]
