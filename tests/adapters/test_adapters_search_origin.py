"""An index is never followed against a database it was not built from (another database,
or a restored backup of its own, older than the index): the host's writer builds it again.
On the real engine and both databases."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import delete

from adapters.search import indexer as indexer_module
from adapters.search.documents import live_path
from adapters.search.indexer import SearchIndexer
from adapters.sqlalchemy.catalog import ProductRow
from adapters.sqlalchemy.search_outbox import SearchOutboxRow, origin
from application.ports.catalog import ListingFilter
from entrypoints.container import Container, build_container, shutdown
from entrypoints.settings import Settings
from tests.adapters.test_adapters_search_engine import add, item
from tests.conftest import _empty_tables, make_settings
from tests.support import add_user

pytestmark = pytest.mark.adapters


@pytest.fixture
def follower_settings(db: str, tmp_path: Path) -> Settings:
    """This test process's writers are opened by hand (no background indexing)."""
    return make_settings(db, tmp_path, RETHREAD_SEARCH_INDEXING="off")


async def opened(container: Container, settings: Settings) -> SearchIndexer:
    """A host's writer starting up: its index opened (built when it must be), caught up."""
    indexer = SearchIndexer(container.session_factory(), settings.search_dir,
                            container.clock())
    assert indexer.take_lock()
    await indexer.open()
    await indexer.catch_up()
    container.search().committed()
    return indexer


async def test_an_index_is_built_again_for_a_restored_backup_or_another_database(
        follower_settings: Settings, db: str) -> None:
    """Following an outbox that ends before the index's position (a backup restored, older
    than the index) or another database's outbox would show listings that are not there
    and skip the new rows until their ids passed the old position: the writer builds the
    index again instead. An index without an origin file (built before there was one)
    adopts this database when its position fits."""
    container = build_container(follower_settings)
    directory = follower_settings.search_dir
    engine = container.search()

    async def count(word: str) -> int:
        return await engine.count(ListingFilter(words=(word,)))

    try:
        seller_id = (await add_user(container.uow())).id
        _, scarf = await add(container, [item(seller_id, "Wool coat"),
                                             item(seller_id, "Wool scarf", 1)])
        indexer = await opened(container, follower_settings)
        first = live_path(directory)
        assert first is not None and await count("scarf") == 1
        await indexer.stop()
        # The backup of before the scarf was listed: its row and outbox row are not in it.
        async with container.uow() as uow:
            await uow.session.execute(delete(SearchOutboxRow).where(
                SearchOutboxRow.listing_id == scarf))
            await uow.session.execute(delete(ProductRow).where(ProductRow.id == scarf))
            await uow.commit()
        indexer = await opened(container, follower_settings)
        second = live_path(directory)
        assert second not in (None, first)
        assert (await count("scarf"), await count("coat")) == (0, 1)
        await add(container, [item(seller_id, "Silk scarf", 2)])  # past the backup's end
        await indexer.catch_up()
        engine.committed()
        assert await count("silk") == 1
        await indexer.stop()
        # Another database, whose outbox is as long: its token is not the index's.
        await _empty_tables(db)
        seller_id = (await add_user(container.uow())).id
        await add(container, [item(seller_id, f"Linen shirt {n}", n) for n in range(5)])
        indexer = await opened(container, follower_settings)
        third = live_path(directory)
        assert third not in (None, second)
        assert (await count("linen"), await count("coat")) == (5, 0)
        await indexer.stop()
        # An index of before the origin file: adopted, not built again.
        assert third is not None
        (third / indexer_module.ORIGIN_FILE).unlink()
        indexer = await opened(container, follower_settings)
        assert live_path(directory) == third
        async with container.uow() as uow:
            token = await origin(uow.session)
        assert (third / indexer_module.ORIGIN_FILE).read_text().strip() == token
        await indexer.stop()
    finally:
        await shutdown(container)
