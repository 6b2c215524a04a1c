"""The lean read path (adapters/sqlalchemy/lean.py) answers exactly what the unit of work
answers, sees every committed write at once, opens no transaction and writes nothing, on
SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import asyncpg
import msgspec
import pytest
from sqlalchemy import literal_column, select, text, update

from adapters.listing_index import ListingIndex
from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.engine import create_engine
from adapters.sqlalchemy.lean import (
    LEAN_POSTGRES_POOL_SIZE,
    LeanReads,
    LeanUnitOfWork,
    ReadOnlySession,
)
from application.catalog_views import listing_views
from domain.catalog import ListingStatus
from entrypoints.container import Container
from entrypoints.http.schemas.products import product_out
from tests.adapters.test_adapters_catalog import image, item, seller, store
from tests.support import ApiClient

pytestmark = pytest.mark.adapters
NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


async def both_ways(container: Container, ids: list[int]) -> tuple[object, object]:
    """(lean, unit of work): the listings and their sellers, read each way."""
    answers = []
    for work in (container.reads(), container.uow()):
        async with work:
            listings = await work.listings.get_many(ids)
            sellers = await work.listings.sellers({x.seller_id for x in listings.values()})
        answers.append((listings, sellers))
    return answers[0], answers[1]


async def test_lean_reads_answer_what_the_unit_of_work_answers(container: Container) -> None:
    maya, theo = await seller(container), await seller(container, "theo")
    async with container.uow() as uow:  # a seller with a rating, a photo-less listing
        await uow.session.execute(update(UserRow).where(UserRow.id == theo).values(
            rating=Decimal("4.67"), rating_count=3, avatar_url="/media/a.webp"))
        ids = [(await uow.listings.add(item(maya, "Red tee", "19.99", images=3))).id,
               (await uow.listings.add(item(theo, "Blue coat", "120.50", images=0,
                                            watchers=4))).id]
        await uow.commit()
    listing_ids = [i for i in ids if i is not None]
    lean, orm = await both_ways(container, [*listing_ids, 987654])
    assert lean == orm
    assert len(lean[0]) == 2 and lean[1][theo].rating == Decimal("4.67")  # type: ignore[index]
    assert await both_ways(container, []) == (({}, {}), ({}, {}))
    # Sellers come with their listings' statement; one not among them is still asked for,
    # and what a block saw is not kept for the next one (a service keeps its reads).
    reads = container.reads()
    async with reads:
        await reads.listings.get(listing_ids[0])  # maya's
        cards = await reads.listings.sellers({maya, theo})
        assert (cards[maya].username, cards[theo].rating) == ("maya", Decimal("4.67"))
    async with container.uow() as uow:
        await uow.session.execute(update(UserRow).where(UserRow.id == maya).values(
            display_name="Maya R."))
        await uow.commit()
    async with reads:
        assert (await reads.listings.sellers({maya}))[maya].display_name == "Maya R."


async def test_the_product_page_json_is_the_same_as_through_the_unit_of_work(
        container: Container, client: ApiClient) -> None:
    maya = await seller(container)
    async with container.uow() as uow:
        listing = await uow.listings.add(item(maya, "Green dress", "45.00", images=2))
        await uow.commit()
        expected = product_out((await listing_views(uow, container.clock(), [listing]))[0])
    # The test client runs the app on its own event loop: no pooled connection may cross.
    await container.engine().dispose()
    answer = await client.get(f"/api/products/{listing.id}")
    assert answer.status_code == 200
    assert answer.json() == msgspec.json.decode(msgspec.json.encode(expected))
    assert (await client.get("/api/products/987654")).status_code == 404


async def test_every_write_shows_in_the_next_lean_read(container: Container) -> None:
    maya = await seller(container)

    async def lean_get(listing_id: int) -> object:
        async with container.reads() as reads:
            return await reads.listings.get(listing_id)

    async with container.uow() as uow:  # created
        listing = await uow.listings.add(item(maya, "Red tee"))
        await uow.commit()
    assert listing.id is not None
    assert (await lean_get(listing.id)).title == "Red tee"  # type: ignore[attr-defined]
    async with container.uow() as uow:  # edited, photos changed
        await uow.listings.save(replace(listing, title="Red tee, size M", images=[]))
        await uow.commit()
    edited = await lean_get(listing.id)
    assert (edited.title, edited.images) == ("Red tee, size M", [])  # type: ignore[attr-defined]
    async with container.uow() as uow:  # sold
        await uow.listings.claim_status(listing.id, ListingStatus.AVAILABLE,
                                        ListingStatus.SOLD, NOW)
        await uow.commit()
    assert (await lean_get(listing.id)).status is ListingStatus.SOLD  # type: ignore[attr-defined]
    async with container.uow() as uow:  # deleted
        await uow.listings.delete(listing.id)
        await uow.commit()
    assert await lean_get(listing.id) is None


async def test_lean_reads_open_no_transaction_and_cannot_write(container: Container) -> None:
    maya = await seller(container)
    reads = container.reads()
    assert isinstance(reads, LeanUnitOfWork)
    async with reads:
        assert await reads.ping()
        assert await reads.listings.sellers({maya})
        lean = reads.lean
        if lean.sqlite is not None:
            assert not lean.sqlite.connection.in_transaction
        with pytest.raises(ReadOnlySession):
            await reads.commit()
    if lean.postgres is not None:  # no BEGIN sent; a stray write is refused, not committed
        async with (await lean.postgres.pool()).acquire() as connection:
            await connection.fetch("SELECT 1")
            assert not connection.is_in_transaction()
            with pytest.raises(Exception, match="read-only"):
                await connection.execute("DELETE FROM users")
    if lean.autocommit is not None:
        async with lean.autocommit.connect() as connection:
            with pytest.raises(Exception, match="does not write"):
                await connection.execute(text("DELETE FROM users"))
    else:
        with pytest.raises(Exception, match="readonly"):
            lean.sqlite.connection.execute("DELETE FROM users")  # type: ignore[union-attr]
    async with container.uow() as uow:
        assert await uow.users.get(maya) is not None


async def test_a_lean_read_outlives_its_connection_dying(container: Container) -> None:
    """PostgreSQL: a connection killed under a read (a restart, an administrator) costs
    nobody a failed read: it goes again on a fresh connection. Idle ones killed are
    replaced before use."""
    maya = await seller(container)
    lean = container.lean_reads()
    if lean.postgres is None:
        pytest.skip("PostgreSQL only")
    slow = select(literal_column("pg_sleep(0.5)").label("slept"))
    reading = asyncio.create_task(lean.postgres.fetch(slow, []))
    killed = 0
    while not killed and not reading.done():
        async with container.uow() as uow:  # a transaction sees one snapshot of the stats
            killed = await uow.session.scalar(text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE pid <> pg_backend_pid() AND query LIKE 'SELECT pg_sleep%' "
                "AND state = 'active'"))
    assert killed == 1, reading.exception() if reading.done() else "still reading"
    assert len(await reading) == 1  # the second attempt slept through
    async with container.uow() as uow:  # every idle connection
        await uow.session.execute(text(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE pid <> pg_backend_pid() AND datname = current_database() "
            "AND state = 'idle'"))
    async with container.reads() as reads:
        assert (await reads.listings.sellers({maya}))[maya].username == "maya"


async def test_a_read_given_up_while_the_pool_opens_leaves_the_pool_usable(
        container: Container) -> None:
    """PostgreSQL: the first lean read opens the pool; a shopper who leaves then (the
    server cancels the request) must not take the pool down for everyone after."""
    maya = await seller(container)
    lean = container.lean_reads()
    if lean.postgres is None:
        pytest.skip("PostgreSQL only")
    first = asyncio.create_task(lean.postgres.pool())
    await asyncio.sleep(0)  # the pool has begun to open
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    async with container.reads() as reads:
        assert (await reads.listings.sellers({maya}))[maya].username == "maya"


async def test_postgres_reads_take_the_connections_in_turn_and_send_no_reset(
        container: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL: at most one read per pooled connection at a time, the rest queued in
    arrival order (application/admission.py), and a connection handed back costs no
    reset statement: the reads change no session state."""
    maya = await seller(container)
    lean = container.lean_reads()
    if lean.postgres is None:
        pytest.skip("PostgreSQL only")
    resets: list[object] = []

    async def counted_reset(self: asyncpg.Connection, **_: object) -> None:
        resets.append(self)

    monkeypatch.setattr(asyncpg.Connection, "reset", counted_reset)
    slow = select(literal_column("pg_sleep(0.3)").label("slept"))
    reading = [asyncio.create_task(lean.postgres.fetch(slow, []))
               for _ in range(LEAN_POSTGRES_POOL_SIZE + 2)]
    try:
        turns = (await lean.postgres.opened()).turns
        for _ in range(200):
            if turns.waiting == 2:
                break
            await asyncio.sleep(0.005)
        assert (turns.running, turns.waiting) == (LEAN_POSTGRES_POOL_SIZE, 2)
        assert all(len(rows) == 1 for rows in await asyncio.gather(*reading))
    finally:
        for task in reading:
            task.cancel()
    assert (turns.running, turns.waiting) == (0, 0)
    async with container.reads() as reads:
        assert (await reads.listings.sellers({maya}))[maya].username == "maya"
    assert resets == []


@pytest.mark.parametrize("megabytes", [0, 64])
async def test_sqlite_connections_map_as_much_of_the_file_as_configured(
        db: str, megabytes: int) -> None:
    if not db.startswith("sqlite"):
        pytest.skip("SQLite only")
    engine = create_engine(db, sqlite_mmap_mb=megabytes)
    try:
        async with engine.connect() as connection:
            mapped = (await connection.exec_driver_sql("PRAGMA mmap_size")).scalar()
        assert mapped == megabytes * 2**20
    finally:
        await engine.dispose()
    lean = LeanReads(create_engine(db))
    assert lean.sqlite is not None
    assert lean.sqlite.connection.execute("PRAGMA mmap_size").fetchone() == (0,)
    await lean.dispose()


async def versions_from_the_index(container: Container, monkeypatch: pytest.MonkeyPatch
                                  ) -> tuple[ListingIndex, LeanReads]:
    """The loaded search index and the lean reads, the sellers' cards kept by the index's
    ``database_version`` (the PostgreSQL rule) on either database: tests set it."""
    index = container.listing_index()
    assert index is not None
    await index.wait()
    lean = container.lean_reads()
    monkeypatch.setattr(lean, "_version_of_index", lambda: index.database_version)
    return index, lean


async def test_sellers_read_while_a_newer_version_was_seen_are_not_kept(
        container: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL awaits the sellers' read: if meanwhile another request saw a newer
    database version (and emptied the kept cards), the cards just read may predate that
    commit and must not be kept under it. (Run through the PostgreSQL rule on both
    databases: the version comes from the search index's look.)"""
    maya = await seller(container)
    index, lean = await versions_from_the_index(container, monkeypatch)
    index.database_version = 41
    work = container.reads()
    read = work.rows

    async def racing(statement: object, ids: list[int] | None = None) -> object:
        found = await read(statement, ids)  # type: ignore[arg-type]
        index.database_version = 42  # a commit, and another request's look saw it
        assert lean.seller_cards() == {}
        return found

    monkeypatch.setattr(work, "rows", racing)
    async with work:
        work.listings.indexed = True  # (as get_many(indexed=True) marks a search's block)
        assert set(await work.listings.sellers({maya})) == {maya}
    assert lean.seller_cards() == {} and lean.cards_version == 42
    monkeypatch.setattr(work, "rows", read)
    async with work:
        work.listings.indexed = True
        await work.listings.sellers({maya})
    assert set(lean.seller_cards() or {}) == {maya}  # read at the version it is kept at


async def test_a_seller_read_again_unchanged_after_a_commit_is_the_same_card(
        container: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    """A commit anywhere empties the sellers' cards kept for search pages; a seller read
    again unchanged comes back as the very card kept before (search pages' JSON cards
    are remembered with it), a changed one as the new card."""
    maya = await seller(container)
    index, _ = await versions_from_the_index(container, monkeypatch)

    async def card() -> object:
        async with container.reads() as work:
            work.listings.indexed = True  # (as get_many(indexed=True) marks a search's block)
            return (await work.listings.sellers({maya}))[maya]

    index.database_version = 1
    first = await card()
    index.database_version = 2  # a commit that did not touch her
    again = await card()
    assert again is first
    async with container.uow() as uow:
        await uow.session.execute(
            update(UserRow).where(UserRow.id == maya).values(display_name="Maya R."))
        await uow.commit()
    index.database_version = 3
    changed = await card()
    assert changed is not first and changed.display_name == "Maya R."  # type: ignore[attr-defined]


async def test_product_reads_of_one_turn_go_to_postgres_together(
        container: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL: by-id listing reads asked for in the same turn of the event loop are one
    statement; each request gets its own listings, photos in order, a missing id nothing;
    a failed statement fails each of them (the framework answers), and the next turn reads
    again; a request that gives up does not cancel the others' read."""
    maya = await seller(container)
    lean = container.lean_reads()
    if lean.postgres is None:
        pytest.skip("PostgreSQL only")
    ids = await store(container, [item(maya, f"Coat {n}", images=3) for n in range(5)])
    statements: list[list[int]] = []
    fetch = lean.postgres.fetch

    async def counted(statement: object, values: list[int]) -> list[object]:
        statements.append(values)
        return await fetch(statement, values)  # type: ignore[arg-type]

    monkeypatch.setattr(lean.postgres, "fetch", counted)

    async def product(listing_id: int) -> object:
        async with container.reads() as reads:
            return await reads.listings.get(listing_id)

    found = await asyncio.gather(*(product(i) for i in [*ids, 10**9]))
    assert len(statements) == 1 and set(statements[0]) == {*ids, 10**9}
    assert [getattr(f, "title", None) for f in found] == [
        *(f"Coat {n}" for n in range(5)), None]
    assert all(len(f.images) == 3 for f in found[:5])  # type: ignore[union-attr]
    assert [i.url for i in found[0].images] == [image(n).url for n in range(3)]  # type: ignore[union-attr]

    async def broken(statement: object, values: list[int]) -> list[object]:
        raise asyncpg.PostgresConnectionError("gone")

    monkeypatch.setattr(lean.postgres, "fetch", broken)
    failed = await asyncio.gather(product(ids[0]), product(ids[1]), return_exceptions=True)
    assert all(isinstance(f, asyncpg.PostgresConnectionError) for f in failed)
    monkeypatch.setattr(lean.postgres, "fetch", counted)
    leaving = asyncio.ensure_future(product(ids[2]))
    staying = asyncio.ensure_future(product(ids[3]))
    await asyncio.sleep(0)
    leaving.cancel()
    assert getattr(await staying, "title", None) == "Coat 3"
