"""The in-memory index against brute force, with no database: loads, changes, filters,
orders, cursors and facets (hypothesis draws the catalog, the changes and the queries)."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from decimal import Decimal

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adapters import bitscan, listing_index
from adapters.listing_index import ListingIndex, Row
from application.paging import After
from application.ports.catalog import ListingFilter, ListingSort
from domain.catalog import Category, Size

CATEGORIES = [c.value for c in list(Category)[:3]]
SIZES = [s.value for s in list(Size)[:3]]
SORTS = [ListingSort.MOST_RECENT, ListingSort.PRICE_LOW_HIGH, ListingSort.PRICE_HIGH_LOW,
         ListingSort.MOST_POPULAR]

rows = st.builds(
    Row, id=st.integers(1, 300), available=st.booleans(), created=st.integers(0, 5),
    price=st.sampled_from([100, 250, 250, 999, 5000]), watch=st.integers(0, 2),
    brand_key=st.sampled_from(["nike", "zara"]), brand=st.sampled_from(["Nike", "Zara"]),
    category=st.sampled_from(CATEGORIES), size=st.sampled_from(SIZES),
    condition=st.just("good"))
queries = st.builds(
    ListingFilter, categories=st.frozensets(st.sampled_from(CATEGORIES), max_size=2),
    sizes=st.frozensets(st.sampled_from(SIZES), max_size=1),
    min_price=st.none() | st.sampled_from([Decimal("2.50"), Decimal("9.99")]),
    max_price=st.none() | st.sampled_from([Decimal("2.50"), Decimal("50")]))


def key(row: Row, sort: ListingSort) -> tuple[int, int]:
    value = {ListingSort.MOST_POPULAR: row.watch, ListingSort.PRICE_LOW_HIGH: row.price,
             ListingSort.PRICE_HIGH_LOW: row.price}.get(sort, row.created)
    return value, row.id


def passes(row: Row, query: ListingFilter) -> bool:
    return (row.available
            and (not query.categories or row.category in {str(c) for c in query.categories})
            and (not query.sizes or row.size in {str(s) for s in query.sizes})
            and (query.min_price is None or row.price >= query.min_price * 100)
            and (query.max_price is None or row.price <= query.max_price * 100))


def cursor(row: Row, sort: ListingSort) -> After:
    if sort in (ListingSort.PRICE_LOW_HIGH, ListingSort.PRICE_HIGH_LOW):
        return After(Decimal(row.price) / 100, row.id)
    if sort is ListingSort.MOST_POPULAR:
        return After(row.watch, row.id)
    return After(listing_index.EPOCH + row.created * listing_index.MICROSECOND, row.id)


def apply_changes(index: ListingIndex, catalog: dict[int, Row], changes: list[Row | int]
                  ) -> None:
    """Apply ``changes`` (a row: inserted or updated; an id: deleted) to the index and to
    the brute force's ``catalog`` alike."""
    changed: dict[int, Row | None] = {}
    for change in changes:
        if isinstance(change, int):
            catalog.pop(change, None)
            changed[change] = None
        else:
            catalog[change.id] = changed[change.id] = change
    index.apply(changed, mark=2)


def every_page(index: ListingIndex, bits: np.ndarray, sort: ListingSort, page: int,
               query: ListingFilter, catalog: dict[int, Row]) -> list[int]:
    """The ids of every page of ``page`` listings, each after the last one's cursor."""
    walked: list[int] = []
    after = None
    while True:
        found = index.page(bits, sort, page, after, query)
        walked += found
        if len(found) < page or len(walked) > len(catalog):
            return walked
        after = cursor(catalog[found[-1]], sort)


def use_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """The index on bitscan's NumPy passes (as where the extension could not be built)."""
    for name in ("and_into", "population", "population_of_and", "walk"):
        monkeypatch.setattr(listing_index, name, getattr(bitscan, f"numpy_{name}"))
    monkeypatch.setattr(bitscan, "COUNT_BLOCK", 1)  # NumPy counts that stop at a cap


@pytest.mark.parametrize("passes_in", ["compiled", "numpy"])
@pytest.mark.parametrize(("budget", "price_walk", "bands"), [
    (listing_index.WALK_BUDGET, listing_index.PRICE_WALK, listing_index.PRICE_BANDS),
    (0, 0, 1), (listing_index.WALK_BUDGET, 0, 1), (listing_index.WALK_BUDGET, 0, 3),
    (listing_index.WALK_BUDGET, 0, 4), (2, 0, 3)])
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(first=st.lists(rows, max_size=40), changes=st.lists(rows | st.integers(1, 300),
                                                              max_size=15),
       query=queries, sort=st.sampled_from(SORTS), page=st.integers(1, 7))
@example(first=[Row(n, True, n, price, 0, "nike", "Nike", "tops", "m", "good")
                for n, price in ((1, 100), (2, 999), (3, 250), (4, 5000))],
         changes=[], query=ListingFilter(max_price=Decimal("2.50")),
         sort=ListingSort.PRICE_LOW_HIGH, page=7)  # a walk that must stop at the range's end
def test_pages_totals_and_facets_equal_brute_force(
        passes_in: str, budget: int, price_walk: int, bands: int, first: list[Row],
        changes: list[Row | int], query: ListingFilter, sort: ListingSort, page: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    if passes_in == "numpy":
        use_numpy(monkeypatch)
    monkeypatch.setattr(listing_index, "WALK_BUDGET", budget)
    monkeypatch.setattr(listing_index, "PRICE_WALK", price_walk)  # (0: by band at once)
    monkeypatch.setattr(listing_index, "PRICE_BANDS", bands)
    catalog = {row.id: row for row in first}
    index = ListingIndex()
    index.load([[row for row in catalog.values() if row.available]], mark=1)
    index.bits(query, {})  # cache this query's masks, so the changes must patch them
    index.page(index.bits(query, {}), sort, 1, None)  # and the order's places by id
    apply_changes(index, catalog, changes)

    matching = sorted((row for row in catalog.values() if passes(row, query)),
                      key=lambda row: key(row, sort), reverse=sort.descending)
    bits = index.bits(query, {})
    assert every_page(index, bits, sort, page, query, catalog) == [row.id for row in matching]
    every = index.bits(query, {})
    for counted in (every, every.copy()):  # (remembered from the AND; counted again)
        for cap in (1, 2, len(matching), len(matching) + 1, None, 3):
            assert index.count(counted, cap) == (len(matching) if cap is None
                                                 else min(len(matching), cap))
    index.masks.clear()  # bitmaps built after the changes, not patched by them
    assert index.count(index.bits(query, {})) == len(matching)

    unticked = ListingFilter(min_price=query.min_price, max_price=query.max_price)
    counts = index.combos(index.bits(unticked, {}))
    chosen = {"brands": frozenset(), "categories": frozenset(str(c) for c in query.categories),
              "sizes": frozenset(str(s) for s in query.sizes), "conditions": frozenset()}
    facets = index.facets(counts, chosen)
    by_category: dict[str, int] = {}
    for row in catalog.values():
        if passes(row, ListingFilter(sizes=query.sizes, min_price=query.min_price,
                                     max_price=query.max_price)):
            by_category[row.category] = by_category.get(row.category, 0) + 1
    assert facets["categories"] == sorted(by_category.items(), key=lambda p: (-p[1], p[0]))
    # brands by key, each shown with its smallest spelling among the unticked matches
    by_brand: dict[str, int] = {}
    spelling: dict[str, str] = {}
    for row in catalog.values():
        if passes(row, query):
            by_brand[row.brand_key] = by_brand.get(row.brand_key, 0) + 1
        if passes(row, unticked):
            spelling[row.brand_key] = min(spelling.get(row.brand_key, row.brand), row.brand)
    assert facets["brands"] == [(spelling[k], n) for k, n in sorted(
        by_brand.items(), key=lambda p: (-p[1], p[0]))]


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(prices=st.lists(st.integers(0, 60) | st.sampled_from([0, 1, 5000, 5001]),
                       min_size=1, max_size=250),
       sizes=st.lists(st.sampled_from(SIZES), min_size=1, max_size=250),
       query=st.builds(ListingFilter, sizes=st.frozensets(st.sampled_from(SIZES), max_size=1),
                       min_price=st.none() | st.sampled_from([Decimal("0.05"), Decimal("0.3")]),
                       max_price=st.none() | st.sampled_from([Decimal("0.2"), Decimal("50")])),
       descending=st.booleans(), page=st.integers(1, 9),
       bands=st.integers(1, 8), budget=st.sampled_from([0, 1, 8, 10_000]),
       changes=st.lists(rows | st.integers(1, 300), max_size=10))
def test_price_pages_looked_for_by_band_equal_brute_force(
        prices: list[int], sizes: list[str], query: ListingFilter, descending: bool,
        page: int, bands: int, budget: int, changes: list[Row | int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Price pages found band by band (no walk first; in a band its matches walked or
    sorted by ``BAND_WALK``), with many listings at one price and bands made at load
    and then changed, are the brute force's pages, every page after a cursor."""
    monkeypatch.setattr(listing_index, "PRICE_WALK", 0)
    monkeypatch.setattr(listing_index, "PRICE_BANDS", bands)
    monkeypatch.setattr(listing_index, "BAND_WALK", budget)
    catalog = {n + 1: Row(n + 1, True, n, price, 0, "nike", "Nike",
                          CATEGORIES[n % len(CATEGORIES)], sizes[n % len(sizes)], "good")
               for n, price in enumerate(prices)}
    index = ListingIndex()
    index.load([list(catalog.values())], mark=1)
    apply_changes(index, catalog, changes)
    sort = ListingSort.PRICE_HIGH_LOW if descending else ListingSort.PRICE_LOW_HIGH
    matching = sorted((row for row in catalog.values() if passes(row, query)),
                      key=lambda row: key(row, sort), reverse=descending)
    bits = index.bits(query, {})
    assert every_page(index, bits, sort, page, query, catalog) == [row.id for row in matching]


async def test_searches_missing_the_same_word_at_once_share_one_fetch() -> None:
    index = ListingIndex()
    index.load([[Row(1, True, 0, 100, 0, "nike", "Nike", "tops", "m", "good")]], mark=1)
    calls = 0
    release = asyncio.Event()

    async def fetch() -> list[int]:
        nonlocal calls
        calls += 1
        await release.wait()
        return [1]

    waiting = [asyncio.create_task(index.word("tee", "all", fetch)) for _ in range(5)]
    await asyncio.sleep(0)
    release.set()
    answers = await asyncio.gather(*waiting)
    assert calls == 1
    assert all(np.unpackbits(bits, bitorder="little")[1] for bits in answers)
    assert await index.word("tee", "all", fetch) is answers[0] and calls == 1  # cached


async def test_a_failed_shared_fetch_is_tried_again_by_those_who_waited() -> None:
    index = ListingIndex()
    index.load([[Row(1, True, 0, 100, 0, "nike", "Nike", "tops", "m", "good")]], mark=1)
    attempts: list[str] = []

    async def failing() -> list[int]:
        attempts.append("first")
        await asyncio.sleep(0)
        raise ConnectionError("the database went away")

    async def working() -> list[int]:
        attempts.append("second")
        return [1]

    first = asyncio.create_task(index.word("tee", "all", failing))
    await asyncio.sleep(0)
    second = asyncio.create_task(index.word("tee", "all", working))
    with pytest.raises(ConnectionError):
        await first
    assert index.count(await second) == 1 and attempts == ["first", "second"]


def _no_session() -> None:
    raise AssertionError("nothing changed: the look needs no session")


async def test_requests_queued_behind_a_look_share_the_next_one() -> None:
    """A look that began before a request arrived may have missed that request's commit;
    one that began after it and finished has not. So of three requests arriving during a
    look, the first runs a new one and the other two share it; a later request looks
    again."""
    from adapters.sqlalchemy.listing_changes import sync

    index = ListingIndex()
    index.load([], mark=1)
    looks: list[asyncio.Event] = []

    async def run(_statement: object) -> list[tuple[int, None, None]]:
        looks.append(gate := asyncio.Event())
        await gate.wait()
        return [(len(looks) + 1, None, None)]  # (mark, quiet, a changed listing)

    async def settle() -> None:
        for _ in range(10):
            await asyncio.sleep(0)

    first = asyncio.create_task(sync(index, "postgresql", _no_session, run))  # type: ignore[arg-type]
    queued: list[asyncio.Task[None]] = []
    try:
        await settle()
        assert len(looks) == 1
        queued += [asyncio.create_task(sync(index, "postgresql", _no_session, run))  # type: ignore[arg-type]
                   for _ in range(3)]
        await settle()
        looks[0].set()
        await settle()
        assert first.done()
        assert len(looks) == 2  # one new look for the three that arrived during the first
        looks[1].set()
        await settle()
        assert all(task.done() for task in queued) and len(looks) == 2 and index.mark == 3
        queued.append(asyncio.create_task(sync(index, "postgresql", _no_session, run)))  # type: ignore[arg-type]
        await settle()
        assert len(looks) == 3  # a request after that look needs one of its own
        looks[2].set()
        await settle()
        assert queued[-1].done() and index.mark == 4
    finally:
        for task in (first, *queued):
            task.cancel()


@given(st.integers(1, 40).flatmap(lambda words: st.tuples(
    st.just(words), st.sets(st.integers(0, words * 64 - 1)))))
def test_the_ids_of_a_bitmap_are_its_set_bits_at_any_density(drawn: tuple[int, set[int]]
                                                             ) -> None:
    """``_ids`` reads a sparse bitmap word by word and a dense one whole: the same ids."""
    words, ids = drawn
    flags = np.zeros(words * 64, bool)
    flags[sorted(ids)] = True
    found = listing_index._ids(listing_index._pack(flags))
    assert found.tolist() == sorted(ids)


async def test_answers_are_remembered_until_the_next_change() -> None:
    """``remembered`` (typo corrections and their vocabulary reads) computes once per
    version of the index; a change batch makes the next call compute again, and an answer
    computed while a change was applied is not served after it."""
    index = ListingIndex()
    index.load([[Row(1, True, 0, 100, 0, "nike", "Nike", "tops", "m", "good")]], mark=1)
    computed: list[str] = []

    async def compute() -> str:
        computed.append("x")
        return f"answer {len(computed)}"

    assert await index.remembered(("correction", "jakcet"), compute) == "answer 1"
    assert await index.remembered(("correction", "jakcet"), compute) == "answer 1"
    assert await index.remembered(("correction", "other"), compute) == "answer 2"
    index.apply({2: Row(2, True, 1, 100, 0, "zara", "Zara", "tops", "m", "good")}, mark=2)
    assert await index.remembered(("correction", "jakcet"), compute) == "answer 3"

    async def racing() -> str:  # a change lands while this is read
        index.apply({1: None}, mark=3)
        return "stale"

    assert await index.remembered(("correction", "late"), racing) == "stale"
    assert await index.remembered(("correction", "late"), compute) == "answer 4"


def test_a_word_fetched_across_changes_holds_available_listings_only() -> None:
    # Full-text matches include sold listings (4, sold before the fetch). The database
    # answered the word as of ``since``; meanwhile listing 2 was sold and listing 3's
    # title changed. Cached bitmaps hold available listings only (a query's AND has no
    # operand for availability), so the word's bitmap must hold neither 2 nor 4.
    rows = [Row(n, True, n, 100, 0, "nike", "Nike", "tops", "m", "good", head="tee")
            for n in (1, 2, 3, 4)]
    index = ListingIndex()
    index.load([rows], mark=1)
    index.apply({4: replace(rows[3], available=False)}, mark=2)
    since = index.version
    index.apply({2: replace(rows[1], available=False), 3: replace(rows[2], head="coat")},
                mark=3)
    bits = index.put_word("tee", "all", [1, 2, 3, 4], since)
    assert np.flatnonzero(np.unpackbits(bits, bitorder="little")).tolist() == [1]
    query = ListingFilter(words=("tee",))
    assert index.count(index.bits(query, {"tee": bits})) == 1
    assert index.page(index.bits(query, {"tee": bits}), ListingSort.MOST_RECENT, 5, None) == [1]
