"""Saved searches' rules (issue 38 item 3): what is saved, what is new, when to notify."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict, ValidationError
from domain.saved_searches import (
    MAX_PER_MEMBER,
    NAME_MAX,
    NOTIFY_EVERY,
    SavedQuery,
    already_saved,
    clean_query,
    describe,
    ensure_room,
    is_new,
    new_saved_search,
    notice_text,
    notify_due,
    query_key,
)
from tests.support import NOW

pytestmark = pytest.mark.unit

words = st.text(alphabet="abcdefghij '", max_size=30)
values = st.lists(st.sampled_from(["tops", "outerwear", "m", "l", "Levi's", "new", " "]),
                  max_size=4).map(tuple)
queries = st.builds(SavedQuery, words, values, values, values, values,
                    st.none() | st.sampled_from(["10", "25.50"]),
                    st.none() | st.sampled_from(["50", "99.99"]))
offsets = st.timedeltas(min_value=timedelta(hours=-48), max_value=timedelta(hours=48))


@given(queries)
def test_a_saved_query_is_trimmed_and_never_empty(query: SavedQuery) -> None:
    if query.is_empty or not (query.q.strip() or any(v.strip() for v in (
            *query.brands, *query.categories, *query.sizes, *query.conditions))
            or query.min_price or query.max_price):
        with pytest.raises(ValidationError):
            clean_query(query)
        return
    cleaned = clean_query(query)
    assert not cleaned.is_empty and clean_query(cleaned) == cleaned
    assert all(v == v.strip() and v for v in (*cleaned.brands, *cleaned.sizes))
    search = new_saved_search(7, None, query, NOW)
    assert search.name == describe(cleaned) and 0 < len(search.name) <= NAME_MAX
    assert search.opened_at == search.checked_at == NOW and search.notified_at is None


@given(offsets, st.booleans(), st.none() | offsets)
def test_new_means_listed_or_dropped_in_price_after_the_moment(
        listed: timedelta, dropped: bool, changed: timedelta | None) -> None:
    updated = None if changed is None else NOW + changed
    expected = listed > timedelta(0) or (dropped and changed is not None
                                         and changed > timedelta(0))
    assert is_new(NOW + listed, dropped, updated, NOW) == expected


@given(st.none() | offsets)
def test_at_most_one_notice_an_hour(last: timedelta | None) -> None:
    search = new_saved_search(7, "Coats", SavedQuery(q="coat"), NOW - timedelta(days=3))
    search.notified_at = None if last is None else NOW - last
    assert notify_due(search, NOW) == (last is None or last >= NOTIFY_EVERY)


@given(st.integers(0, 2 * MAX_PER_MEMBER))
def test_fifty_saved_searches_at_most(existing: int) -> None:
    if existing >= MAX_PER_MEMBER:
        with pytest.raises(Conflict):
            ensure_room(existing)
    else:
        ensure_room(existing)


def test_the_notice_groups_and_names_the_search() -> None:
    search = new_saved_search(7, None, SavedQuery(q="levis jacket", sizes=("M",)), NOW)
    assert notice_text(3, search) == "3 new: levis jacket, size M"


def _respelled(query: SavedQuery, data: st.DataObject) -> SavedQuery:
    """The same search typed again: other case, order, repeats, spacing, price spelling."""
    def again(items: tuple[str, ...]) -> tuple[str, ...]:
        shuffled = data.draw(st.permutations([*items, *items[:1]]))
        return tuple(f" {v.swapcase()} " for v in shuffled)

    def price(value: str | None) -> str | None:
        return None if value is None else f"{value}.00" if "." not in value else value + "0"

    return SavedQuery(f"  {query.q.upper()} ", again(query.brands), again(query.categories),
                      again(query.sizes), again(query.conditions), price(query.min_price),
                      price(query.max_price))


@given(queries, st.data())
def test_a_search_typed_again_is_already_saved_and_another_is_not(
        query: SavedQuery, data: st.DataObject) -> None:
    try:
        search = new_saved_search(7, "Mine", query, NOW)
    except ValidationError:
        return
    search.id = 1
    assert query_key(_respelled(query, data)) == query_key(query)
    assert already_saved([search], _respelled(query, data)) is search
    assert already_saved([search], replace(query, max_price="12345")) is None
    assert already_saved([search], replace(query, q=query.q + " wool")) is None
    assert already_saved([], query) is None
