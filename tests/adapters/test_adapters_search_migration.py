"""Listings stored before the search engine existed (migrated through 0060 and 0074) are
found by the new rules once the host's first indexer builds its index from the table.

On its own SQLite file (and on PostgreSQL when ``RETHREAD_TEST_SEARCH_MIGRATION_URL`` names a
scratch database: its schema is dropped), so the session's migrated databases are untouched.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
from sqlalchemy import text

from adapters.migrations import upgrade
from adapters.sqlalchemy.engine import create_engine, reset_postgres_schema
from application.catalog_search import search_words
from application.ports.catalog import ListingFilter, ListingSort
from entrypoints.container import build_container, shutdown
from tests.conftest import make_settings

pytestmark = pytest.mark.adapters

SCRATCH_POSTGRES = os.environ.get("RETHREAD_TEST_SEARCH_MIGRATION_URL")
OLD_ROWS = [
    ("Denim jackets", "Barely worn.", "Levi's", "outerwear", "like_new"),
    ("Café sundress", "Smocked, with pockets.", "H&M", "dresses", "good"),
]


@pytest.fixture(params=["sqlite"] + (["postgresql"] if SCRATCH_POSTGRES else []))
async def old_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    else:
        assert SCRATCH_POSTGRES is not None
        url = SCRATCH_POSTGRES
        await reset_postgres_schema(url)
    await asyncio.to_thread(upgrade, url, "0021_order_desk")
    engine = create_engine(url)
    async with engine.begin() as connection:
        await connection.execute(text(
            "INSERT INTO users (id, username, email, password_hash, display_name, role, "
            "verified, rating, rating_count, created_at) VALUES (1, 'maya', "
            "'maya@example.com', 'x', 'Maya', 'seller', false, 0, 0, CURRENT_TIMESTAMP)"))
        for n, (title, description, brand, category, condition) in enumerate(OLD_ROWS, 1):
            await connection.execute(text(
                "INSERT INTO products (id, seller_id, title, description, price_cents, brand, "
                "brand_key, size, condition, category, status, price_drop, verified, "
                "watch_count, created_at, updated_at) VALUES (:id, 1, :title, :description, "
                "1000, :brand, :key, 'm', :condition, :category, 'available', false, false, "
                "0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"),
                {"id": n, "title": title, "description": description, "brand": brand,
                 "key": brand.lower(), "condition": condition, "category": category})
    await engine.dispose()
    await asyncio.to_thread(upgrade, url)
    return url


async def test_old_listings_are_found_by_the_new_rules(old_database: str,
                                                       tmp_path: Path) -> None:
    container = build_container(make_settings(old_database, tmp_path))
    try:
        indexer = container.search_indexer()  # the host's first follower
        assert indexer.take_lock()
        await indexer.catch_up()  # no index yet: built from the listings table
        engine = container.search()

        async def titles(q: str) -> list[str]:
            ids = await engine.ids(ListingFilter(words=search_words(q)),
                                   ListingSort.RELEVANCE, 10)
            async with container.uow() as uow:
                found = await uow.listings.get_many(ids)
            return [found[i].title for i in ids]

        assert await titles("jacket") == ["Denim jackets"]
        assert await titles("levis") == ["Denim jackets"]
        assert await titles("cafe h&m") == ["Café sundress"]
        assert await titles("outerwear like new") == ["Denim jackets"]
        assert (await engine.terms_near("jakcet", 2)).get("jackets") == 1
        assert await engine.knows_prefix(("smock",))
        facets = await engine.facets(ListingFilter(brands=frozenset({"levis"})), 50)
        assert {f.value for f in facets.brands} == {"Levi's", "H&M"}
        assert await engine.count(ListingFilter(brands=frozenset({"hm"}))) == 1
    finally:
        await shutdown(container)
