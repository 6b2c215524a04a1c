"""SQLite's query plans for filtered searches: which index each page and count starts from.

SQLite keeps no statistics here, so its plans depend only on the schema and the shape of
the statement, the same for six listings as for a million. At a million listings the wrong
starting index costs 0.5 to 2 s a search (docs/performance.md, "Query plans at a million"):
a shop-wide price range taken as a narrow one, a category sorted by price walked through
the whole catalog's price order. These tests read the plan SQLite chooses for the very
statements the repository runs, so a change that brings such a plan back fails here rather
than in a benchmark.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import event, text

from adapters.sqlalchemy import catalog as catalog_adapter
from adapters.sqlalchemy.catalog import TEXT_READS_INDEX
from adapters.sqlalchemy.engine import POSTGRES_WORK_MEM
from application.ports.catalog import ListingFilter, ListingSort
from domain.catalog import Category, Condition, Size
from entrypoints.container import Container
from tests.adapters.test_adapters_catalog import item, seller, store

pytestmark = pytest.mark.adapters

PRICE_INDEX = "ix_products_status_price_cents_id"
CATEGORY_PRICE_INDEX = "ix_products_status_category_price_cents_id"
PRICE_RANGE = {"min_price": Decimal("20"), "max_price": Decimal("170")}


@contextmanager
def statements(container: Container) -> Iterator[list[tuple[str, Any]]]:
    """The SELECTs on ``products`` run inside the block, with their parameters."""
    seen: list[tuple[str, Any]] = []
    engine = container.engine().sync_engine

    def record(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if statement.lstrip().upper().startswith("SELECT") and "FROM products" in statement:
            seen.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


def plans(database_url: str, seen: list[tuple[str, Any]]) -> list[str]:
    path = database_url.split(":///", 1)[1]
    with sqlite3.connect(path) as connection:
        return [" / ".join(row[3] for row in connection.execute(
            f"EXPLAIN QUERY PLAN {statement}", parameters)) for statement, parameters in seen]


async def run(container: Container, query: ListingFilter, sort: ListingSort,
              matches: int | None) -> list[str]:
    with statements(container) as seen:
        async with container.uow() as uow:
            await uow.listings.count(query, up_to=10_001)
            await uow.listings.search(query, sort, 24, matches=matches)
    assert seen, "the repository ran no statement on products"
    return plans(container.settings().database_url, seen)


@pytest.fixture
async def catalog(container: Container) -> Container:
    if not container.settings().database_url.startswith("sqlite"):
        pytest.skip("SQLite's planner: PostgreSQL plans from its own statistics")
    maya = await seller(container)
    await store(container, [
        item(maya, f"Listing {n}", f"{10 + n}.00", brand=("Nike", "Zara", "H&M")[n % 3],
             category=(Category.TOPS, Category.OUTERWEAR)[n % 2],
             size=(Size.S, Size.M)[n % 2], condition=(Condition.GOOD, Condition.FAIR)[n % 2])
        for n in range(12)])
    return container


@pytest.mark.parametrize(("name", "query", "sort"), [
    ("a price range, newest first", ListingFilter(**PRICE_RANGE), ListingSort.MOST_RECENT),
    ("a brand and a price range, newest first",
     ListingFilter(brands=frozenset({"nike"}), **PRICE_RANGE), ListingSort.MOST_RECENT),
    ("a category, a condition and a price range, most popular",
     ListingFilter(categories=frozenset({Category.TOPS}),
                   conditions=frozenset({Condition.GOOD}), **PRICE_RANGE),
     ListingSort.MOST_POPULAR),
    ("a brand sorted by price", ListingFilter(brands=frozenset({"nike"})),
     ListingSort.PRICE_HIGH_LOW),
    ("a brand, a size and a price range sorted by price",
     ListingFilter(brands=frozenset({"zara"}), sizes=frozenset({Size.M}), **PRICE_RANGE),
     ListingSort.PRICE_LOW_HIGH),
])
async def test_filtered_pages_and_counts_do_not_start_from_the_price_index(
        catalog: Container, name: str, query: ListingFilter, sort: ListingSort) -> None:
    found = await run(catalog, query, sort, matches=None)
    # A price range alone may still be counted in the price index (it covers that count).
    checked = found[1:] if not (query.brands or query.categories or query.conditions) \
        else found
    assert not [plan for plan in checked if PRICE_INDEX in plan], (name, found)


async def test_few_matches_sorted_by_price_are_found_through_the_facet_index(
        catalog: Container) -> None:
    query = ListingFilter(sizes=frozenset({Size.S}), conditions=frozenset({Condition.GOOD}))
    found = await run(catalog, query, ListingSort.PRICE_HIGH_LOW, matches=6)
    assert "ix_products_facets" in found[-1] and PRICE_INDEX not in found[-1], found


@pytest.mark.parametrize("sort", [ListingSort.PRICE_LOW_HIGH, ListingSort.PRICE_HIGH_LOW])
async def test_a_category_sorted_by_price_walks_its_own_price_order(
        catalog: Container, sort: ListingSort) -> None:
    for query in (ListingFilter(categories=frozenset({Category.TOPS})),
                  ListingFilter(categories=frozenset({Category.TOPS}), **PRICE_RANGE)):
        page = (await run(catalog, query, sort, matches=None))[-1]
        assert CATEGORY_PRICE_INDEX in page and "TEMP B-TREE" not in page, page


async def test_several_categories_by_price_are_merged_from_each_ones_own_order(
        catalog: Container) -> None:
    query = ListingFilter(categories=frozenset({Category.TOPS, Category.OUTERWEAR}))
    found = await run(catalog, query, ListingSort.PRICE_LOW_HIGH, matches=None)
    pages = found[1:]
    assert len(pages) == 2 and all(CATEGORY_PRICE_INDEX in page for page in pages), found
    async with catalog.uow() as uow:
        listings = await uow.listings.search(query, ListingSort.PRICE_LOW_HIGH, 5)
    assert [listing.price for listing in listings] == [Decimal(n) for n in range(10, 15)]


async def test_text_matches_are_looked_up_in_the_narrow_index(catalog: Container) -> None:
    query = ListingFilter(words=("listing",), conditions=frozenset({Condition.GOOD}))
    found = await run(catalog, query, ListingSort.MOST_RECENT, matches=6)
    on_products = [plan for plan in found if "products USING" in plan]
    assert on_products and all(TEXT_READS_INDEX in plan for plan in on_products), found


async def test_many_text_matches_walk_the_sort_index_for_a_page(
        catalog: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`TEXT_DRIVE_LIMIT` matches a page walks the date index and stops after
    24; asking for whole rows instead made SQLite read and sort every match."""
    monkeypatch.setattr(catalog_adapter, "TEXT_DRIVE_LIMIT", 0)
    found = await run(catalog, ListingFilter(words=("listing",)), ListingSort.MOST_RECENT,
                      matches=None)
    page = found[-1]
    assert "ix_products_status_created_at_id" in page and "TEMP B-TREE FOR ORDER BY" in page
    # (the only sort left is of the page's own 24 rows, read by id)
    assert page.index("TEMP B-TREE") > page.index("ix_products_status_created_at_id"), page


async def test_postgres_connections_have_room_for_exact_text_bitmaps(
        container: Container) -> None:
    if not container.settings().database_url.startswith("postgresql"):
        pytest.skip("PostgreSQL's work_mem")
    async with container.engine().connect() as connection:
        assert await connection.scalar(text("SHOW work_mem")) == POSTGRES_WORK_MEM == "16MB"
        assert await connection.scalar(text("SHOW max_parallel_workers_per_gather")) == "0"


async def test_a_brands_few_matches_in_another_order_are_found_through_the_brand(
        catalog: Container) -> None:
    query = ListingFilter(brands=frozenset({"nike"}), **PRICE_RANGE)
    page = (await run(catalog, query, ListingSort.MOST_POPULAR, matches=4))[-1]
    assert "ix_products_facets (status=? AND brand_key=?)" in page, page


async def test_a_walk_through_two_categories_walks_the_popularity_order(
        catalog: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catalog_adapter, "TEXT_DRIVE_LIMIT", 0)
    query = ListingFilter(words=("listing",),
                          categories=frozenset({Category.TOPS, Category.OUTERWEAR}))
    page = (await run(catalog, query, ListingSort.MOST_POPULAR, matches=None))[-1]
    assert "ix_products_status_watch_count_id" in page and CATEGORY_PRICE_INDEX not in page
