"""The search engine's machinery on the real engine and both databases: the outbox written in
the writer's transaction, the follower resuming after a kill from the position stored with
its last commit, the rebuild's atomic swap, and a schema change building a new index."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import subprocess
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select
from tantivy import FieldType, Query

from adapters.search import documents
from adapters.search import indexer as indexer_module
from adapters.search.documents import live_path
from adapters.search.engine import CHECK_SECONDS, TantivySearch
from adapters.search.indexer import SearchIndexer
from adapters.sqlalchemy.search_outbox import SearchOutboxRow
from application.ports.catalog import ListingFilter
from domain.catalog import Category, ListingStatus
from domain.listings import Listing
from entrypoints.container import Container, build_container, shutdown
from entrypoints.settings import Settings
from tests.conftest import make_settings
from tests.live_server import RETHREAD, server_env
from tests.support import NOW, a_listing, add_user

pytestmark = pytest.mark.adapters


def item(seller_id: int, title: str, age_minutes: int = 0) -> Listing:
    at = NOW - timedelta(minutes=age_minutes)
    return a_listing(seller_id, title=title, description="Worn twice.", price="20.00",
                     category=Category.TOPS, images=[], created_at=at, updated_at=at)


async def add(container: Container, listings: list[Listing]) -> list[int]:
    async with container.uow() as uow:
        ids = await uow.listings.add_many(listings)
        await uow.commit()
    return ids


async def outbox(container: Container) -> list[int]:
    async with container.uow() as uow:
        rows = await uow.session.scalars(select(SearchOutboxRow.listing_id)
                                         .order_by(SearchOutboxRow.id))
        return list(rows)


async def until(check: object, seconds: float = 60) -> None:
    """Wait for another process's work (the follower) to show; fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not await check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the follower did not catch up"
        await asyncio.sleep(0.05)


async def test_every_search_write_adds_outbox_rows_in_its_own_transaction(
        container: Container) -> None:
    seller_id = (await add_user(container.uow())).id
    async with container.uow() as uow:  # rolled back: no listing, no row
        await uow.listings.add(item(seller_id, "Never committed"))
    assert await outbox(container) == []
    [first] = await add(container, [item(seller_id, "Linen shirt")])
    async with container.uow() as uow:
        listing = await uow.listings.get(first)
        assert listing is not None
        listing.title = "Linen shirt, ironed"
        await uow.listings.save(listing)
        assert await uow.listings.claim_status(first, ListingStatus.AVAILABLE,
                                               ListingStatus.RESERVED, NOW)
        assert not await uow.listings.claim_status(first, ListingStatus.AVAILABLE,
                                                   ListingStatus.SOLD, NOW)  # no change
        await uow.commit()
    assert await outbox(container) == [first] * 3  # added, edited, reserved
    async with container.uow() as uow:  # popularity orders search too
        await uow.favorites.add(seller_id, first, NOW)
        await uow.commit()
    assert await outbox(container) == [first] * 4
    engine = container.search()
    assert await engine.count(ListingFilter(words=("ironed",))) == 0  # reserved: not shown
    assert await engine.count(ListingFilter(words=("ironed",), include_unavailable=True)) == 1
    async with container.uow() as uow:
        await uow.listings.delete(first)
        await uow.commit()
    assert await outbox(container) == [first] * 5
    assert await engine.count(ListingFilter(include_unavailable=True)) == 0


@pytest.fixture
def follower_settings(db: str, tmp_path: Path) -> Settings:
    """This test process never indexes: a separate ``rethread search follow`` does."""
    return make_settings(db, tmp_path, RETHREAD_SEARCH_INDEXING="off")


async def test_the_follower_resumes_after_a_kill_from_its_last_commit(
        follower_settings: Settings, tmp_path: Path) -> None:
    container = build_container(follower_settings)
    env = server_env(tmp_path, "test-secret-key-test-secret-key-0123456789",
                     RETHREAD_DATABASE_URL=follower_settings.database_url)
    follower = await asyncio.create_subprocess_exec(
        RETHREAD, "search", "follow", env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    try:
        engine = container.search()
        seller_id = (await add_user(container.uow())).id
        await add(container, [item(seller_id, f"Wool scarf {n}", n) for n in range(3)])

        async def three() -> bool:
            return await engine.count(ListingFilter(words=("scarf",))) == 3

        await until(three)
        _, position, _ = engine.status()
        assert position == len(await outbox(container))
        path = live_path(follower_settings.search_dir)
        os.kill(follower.pid, signal.SIGKILL)
        await follower.wait()
        await add(container, [item(seller_id, f"Silk scarf {n}", 10 + n) for n in range(2)])
        resumed = SearchIndexer(container.session_factory(), follower_settings.search_dir,
                                container.clock())
        assert resumed.take_lock()  # the killed writer's lock went with its process
        await resumed.open()
        assert resumed.position == position  # from the index's last commit, not from 0
        await resumed.catch_up()
        assert live_path(follower_settings.search_dir) == path  # resumed, not rebuilt
        assert resumed.position == len(await outbox(container))
        engine.committed()
        assert await engine.count(ListingFilter(words=("scarf",))) == 5
        await resumed.stop()
    finally:
        if follower.returncode is None:
            follower.kill()
            await follower.wait()
        await shutdown(container)


async def test_a_follower_with_no_index_has_it_built_by_a_process_of_its_own(
        follower_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that finds no index of its schema version (a new host, a schema change)
    for a large catalog does not build it in its own process, which would keep the build's
    memory for good: here a build in this process fails, and the follower still starts
    from a full index."""
    monkeypatch.setattr(indexer_module, "BUILD_APART_FROM", 3)  # (four listings: large)
    container = build_container(follower_settings)
    try:
        seller_id = (await add_user(container.uow())).id
        await add(container, [item(seller_id, f"Linen shirt {n}", n) for n in range(4)])
        assert live_path(follower_settings.search_dir) is None

        async def in_this_process(*_: object, **__: object) -> None:
            raise AssertionError("the index was built in the server's own process")

        monkeypatch.setattr(SearchIndexer, "rebuild", in_this_process)
        indexer = container.search_indexer()
        assert indexer.start()
        engine = container.search()

        async def built() -> bool:
            await asyncio.sleep(0.1)
            return live_path(follower_settings.search_dir) is not None and \
                await engine.count(ListingFilter(words=("linen",))) == 4

        await until(built)
        await add(container, [item(seller_id, "Linen trousers", 9)])
        indexer.wake()  # (this container does not index its own commits)

        async def followed() -> bool:
            await asyncio.sleep(0.1)
            engine.committed()
            return await engine.count(ListingFilter(words=("linen",))) == 5

        await until(followed)  # then it follows the outbox from the build's position
        # The position stored in the same Tantivy commit as the new document (the indexer's
        # own ``position`` is set back on the event loop a moment after that commit, so a
        # reader can see the commit first).
        assert engine.status()[1] == len(await outbox(container))
    finally:
        await shutdown(container)


async def test_a_small_catalogs_index_is_built_in_the_followers_own_process(
        follower_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Below BUILD_APART_FROM listings starting a process would cost more than the build
    (a new host's first listings are searchable as soon as it answers): here a build in
    another process fails, and the follower still builds the index."""

    async def elsewhere(*_: object) -> None:
        raise AssertionError("a small catalog's index was built in another process")

    monkeypatch.setattr(indexer_module, "build_in_child", elsewhere)
    container = build_container(follower_settings)
    try:
        seller_id = (await add_user(container.uow())).id
        await add(container, [item(seller_id, "Wool coat")])
        assert container.search_indexer().start()
        engine = container.search()

        async def built() -> bool:
            await asyncio.sleep(0.05)
            engine.committed()
            return await engine.count(ListingFilter(words=("coat",))) == 1

        await until(built, seconds=20)
    finally:
        await shutdown(container)


async def test_a_server_stopping_mid_build_stops_the_building_process(
        follower_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(indexer_module, "BUILD_APART_FROM", 1)
    container = build_container(follower_settings)
    try:
        seller_id = (await add_user(container.uow())).id
        await add(container, [item(seller_id, "Wool coat")])
        indexer = container.search_indexer()
        assert indexer.start()
        for _ in range(100):  # (started in the background)
            if multiprocessing.active_children():
                break
            await asyncio.sleep(0.02)
        assert multiprocessing.active_children()
        await indexer.stop()
        assert multiprocessing.active_children() == []
    finally:
        await shutdown(container)


async def test_a_rebuild_builds_beside_the_live_index_and_swaps_atomically(
        container: Container, settings: Settings) -> None:
    engine = container.search()
    seller_id = (await add_user(container.uow())).id
    await add(container, [item(seller_id, f"Denim jacket {n}", n) for n in range(3)])
    before = live_path(settings.search_dir)
    assert before is not None
    heard: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        heard.append((done, total))
        # mid-build: the live index is untouched and still answers
        assert live_path(settings.search_dir) == before
        assert engine.status()[0] == 3

    after = await container.search_indexer().rebuild(progress)
    assert heard == [(3, 3)]
    assert live_path(settings.search_dir) == after != before
    assert before.exists()  # kept a while for readers still on it
    engine.committed()
    assert await engine.count(ListingFilter(words=("denim",))) == 3
    assert engine.status()[1] == len(await outbox(container))
    await add(container, [item(seller_id, "Denim skirt", 9)])  # the follower moves over
    assert await engine.count(ListingFilter(words=("denim",))) == 4
    assert live_path(settings.search_dir) == after


async def test_the_index_version_moves_with_each_commit_and_rebuild_and_is_shared(
        container: Container, settings: Settings) -> None:
    """``version()`` keys visitors' kept searches (``entrypoints/http/caching.py``): every
    commit and every rebuild moves it, reading does not, and another reader of the same
    commit (another worker of the host) has the same one."""
    engine = container.search()
    seller_id = (await add_user(container.uow())).id
    await add(container, [item(seller_id, "Denim jacket")])
    first = engine.version()
    assert first and engine.version() == first
    await engine.count(ListingFilter(words=("denim",)))
    assert engine.version() == first  # (a read is no commit)
    other = TantivySearch(settings.search_dir)
    assert other.version() == first
    await add(container, [item(seller_id, "Denim skirt", 1)])
    engine.committed()
    second = engine.version()
    assert second != first
    await asyncio.sleep(CHECK_SECONDS)  # (the other reader looks at most this often)
    assert other.version() == second
    await container.search_indexer().rebuild()
    engine.committed()
    assert engine.version() not in (first, second)
    assert engine.version().split(":")[0] != second.split(":")[0]  # another directory


async def test_a_schema_change_builds_a_new_index_version(
        container: Container, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    seller_id = (await add_user(container.uow())).id
    await add(container, [item(seller_id, "Cord trousers")])
    old = live_path(settings.search_dir)
    current = documents.SCHEMA_VERSION
    assert old is not None and old.name.startswith(f"{current}-")
    monkeypatch.setattr(documents, "SCHEMA_VERSION", f"{current}-next")
    assert live_path(settings.search_dir) is None  # never opened: of another version
    await add(container, [item(seller_id, "Cord jacket", 5)])  # the follower builds v2
    new = live_path(settings.search_dir)
    assert new is not None and new.name.startswith(f"{current}-next-")
    engine = container.search()
    engine.committed()
    assert await engine.count(ListingFilter(words=("cord",))) == 2


def test_a_window_field_holds_its_sort_key_as_terms(tmp_path: Path) -> None:
    """A price-sorted page's windows range over ``price_terms`` (its postings, not the
    column: ``documents.WINDOW_FIELDS``), so every listing carries the same cents there as
    in ``price``, and a range over either finds the same listings."""
    index = documents.open_index(tmp_path / "index")
    writer = index.writer(heap_size=15_000_000, num_threads=1)
    for n, price in enumerate(("4.99", "5.00", "12.50", "80.00", "80.00", "250.00"), 1):
        writer.add_document(documents.document(replace(a_listing(1, price=price), id=n)))
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    searcher = index.searcher()

    def found(field: str, low: int, high: int) -> list[int]:
        query = Query.range_query(documents.SCHEMA, field, FieldType.Integer,
                                  lower_bound=low, upper_bound=high)
        hits = searcher.search(query, limit=10, order_by_field="id").hits
        return sorted(int(searcher.doc(address).get_first("id") or 0) for _, address in hits)

    for field in documents.WINDOW_FIELDS.values():
        for low, high in ((0, 499), (500, 8_000), (1_250, 1_250), (8_001, 100_000)):
            assert found(field, low, high) == found("price", low, high)
    assert found(documents.WINDOW_FIELDS["price"], 500, 8_000) == [2, 3, 4, 5]
