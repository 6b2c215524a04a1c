"""The upgrade to 0102 drops the watches sellers made of their own listings before
``Listing.ensure_watchable_by``, takes them off the listings' watch counts and tells the
search index (an outbox row each); shoppers' watches stay. On its own SQLite file, and on
PostgreSQL in a scratch database beside the configured test database (its schema is
dropped), so the session's migrated databases are untouched."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sqlalchemy import func, select

from adapters.migrations import upgrade
from adapters.sqlalchemy.catalog import ProductRow
from adapters.sqlalchemy.engine import create_engine
from adapters.sqlalchemy.favorites import FavoriteRow
from adapters.sqlalchemy.search_outbox import SearchOutboxRow
from entrypoints.container import build_container, shutdown
from tests.adapters.conftest import database_at
from tests.conftest import (
    DATABASES,
    make_settings,
)
from tests.support import NOW, a_listing, a_user

pytestmark = pytest.mark.adapters

PREVIOUS_HEAD = "0101_trust_hidden_reason"


@pytest.fixture(params=DATABASES)
async def old_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database migrated to the head before 0102."""
    return await database_at(request.param, tmp_path, PREVIOUS_HEAD, "self_watch")


async def test_sellers_watches_of_their_own_listings_are_dropped_and_uncounted(
        old_database: str, tmp_path: Path) -> None:
    container = build_container(make_settings(old_database, tmp_path,
                                              RETHREAD_SEARCH_INDEXING="off"))
    try:
        async with container.uow() as uow:
            sam = await uow.users.add(a_user("sam"))
            maya = await uow.users.add(a_user("maya"))
            coat = (await uow.listings.add(a_listing(sam.id, title="Wool coat"))).id
            scarf = (await uow.listings.add(a_listing(sam.id, title="Silk scarf"))).id
            await uow.commit()
        # As the rule's absence let them: sam watches his coat; maya both.
        async with container.uow() as uow:
            for who, listing in ((sam.id, coat), (maya.id, coat), (maya.id, scarf)):
                await uow.favorites.add(who, listing, NOW)
            await uow.commit()
        engine = create_engine(old_database)
        async with engine.connect() as connection:
            before = (await connection.scalar(select(func.max(SearchOutboxRow.id)))) or 0
        await engine.dispose()

        await asyncio.to_thread(upgrade, old_database)

        engine = create_engine(old_database)
        async with engine.connect() as connection:
            counts = dict((await connection.execute(
                select(ProductRow.id, ProductRow.watch_count))).all())
            watches = sorted((await connection.execute(
                select(FavoriteRow.user_id, FavoriteRow.product_id))).all())
            told = list(await connection.scalars(
                select(SearchOutboxRow.listing_id).where(SearchOutboxRow.id > before)))
        await engine.dispose()
        assert counts == {coat: 1, scarf: 1}
        assert watches == sorted([(maya.id, coat), (maya.id, scarf)])
        assert told == [coat]
    finally:
        await shutdown(container)
