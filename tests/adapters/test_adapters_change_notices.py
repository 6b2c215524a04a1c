"""PostgreSQL's change notices (migration 0073, ``lean._ChangeListener``): a process that
listens looks at the change feed only when a commit changed listings or users, sees
another process's commit as soon as its notice arrives and its own commits at once, and
looks before every search again while it is not listening."""

from __future__ import annotations

import asyncio
from decimal import Decimal

import asyncpg
import pytest
from sqlalchemy import text, update

from adapters.listing_index import ListingIndex
from adapters.sqlalchemy import lean as lean_module
from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.lean import LeanReads, _ChangeListener
from application.catalog_search import SearchRequest
from entrypoints.container import Container
from tests.adapters.test_adapters_catalog import found, item, seller, store

pytestmark = pytest.mark.adapters


def postgres_only(container: Container) -> LeanReads:
    lean = container.lean_reads()
    if lean.postgres is None:
        pytest.skip("PostgreSQL only: SQLite's data version moves with every commit")
    return lean


async def until(condition: object, what: str) -> None:
    """Wait (at most 10 s) for ``condition()``: a notice travels through PostgreSQL."""
    for _ in range(1000):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"still waiting for {what}")


async def listening(lean: LeanReads) -> _ChangeListener:
    lean.data_version()  # the first ask starts this event loop's listener
    listener = lean.listeners[asyncio.get_running_loop()]
    await until(lambda: listener.listening, "the listener")
    return listener


async def ready_index(container: Container) -> ListingIndex:
    index = container.listing_index()
    await index.wait()
    assert index.ready
    return index


async def outside(container: Container, statement: str) -> None:
    """Run ``statement`` on a connection of its own, as another process or host would."""
    url = container.settings().database_url.replace("postgresql+asyncpg", "postgresql")
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


async def test_a_search_looks_at_the_change_feed_only_when_a_notice_came(
        container: Container) -> None:
    lean = postgres_only(container)
    maya = await seller(container)
    [tee] = await store(container, [item(maya, "Red tee")])
    index = await ready_index(container)
    await listening(lean)
    assert await found(container, ("tee",)) == ["Red tee"]  # the first search looks once
    looks = index.looks_begun
    for _ in range(3):
        assert await found(container, ("tee",)) == ["Red tee"]
    assert index.looks_begun == looks  # nothing committed: no round trip

    # Another process renames the tee: its notice makes the next search look.
    listener = lean.listeners[asyncio.get_running_loop()]
    before = listener.version
    await outside(container, f"UPDATE products SET title = 'Blue tee', "
                             f"search_head = 'blue tee' WHERE id = {tee}")
    await until(lambda: listener.version != before, "the notice")
    assert await found(container, ("blue",)) == ["Blue tee"]
    assert index.looks_begun == looks + 1

    # A write to another table (no listing, no seller) sends no notice.
    before = listener.version
    await outside(container, "CREATE TABLE unrelated_scratch (n int); "
                             "INSERT INTO unrelated_scratch VALUES (1); "
                             "DROP TABLE unrelated_scratch")
    await found(container, ("tee",))
    assert (listener.version, index.looks_begun) == (before, looks + 1)


async def test_this_process_sees_its_own_commit_without_waiting_for_the_notice(
        container: Container) -> None:
    lean = postgres_only(container)
    maya = await seller(container)
    await store(container, [item(maya, "Red tee")])
    await ready_index(container)
    listener = await listening(lean)
    assert await found(container, ("tee",)) == ["Red tee"]
    # Notices stop arriving (delivered late): the process's own commit still shows at once.
    await listener.connection.remove_listener(  # type: ignore[union-attr]
        lean_module.CHANGES_CHANNEL, listener._notice)
    before = lean.data_version()
    await store(container, [item(maya, "Green tee")])
    assert lean.data_version() != before  # moved by the commit itself, no await between
    assert await found(container, ("tee",)) == ["Green tee", "Red tee"]
    # A unit of work that only read moves nothing.
    now = lean.data_version()
    async with container.uow() as uow:
        await uow.session.execute(text("SELECT 1"))
        await uow.commit()
    assert lean.data_version() == now


async def test_a_seller_renamed_elsewhere_shows_on_the_next_search_page(
        container: Container) -> None:
    """The kept sellers' cards follow the notices too (a trigger on users)."""
    lean = postgres_only(container)
    maya = await seller(container)
    await store(container, [item(maya, "Red tee")])
    await ready_index(container)
    listener = await listening(lean)

    async def shown_seller() -> str:
        page = await container.catalog().search(SearchRequest(q="tee"))
        assert page.items[0].seller is not None
        return page.items[0].seller.display_name

    assert await shown_seller() == "Maya"
    assert await shown_seller() == "Maya"  # (now from the kept cards)
    before = listener.version
    await outside(container, f"UPDATE users SET display_name = 'Maya R.' WHERE id = {maya}")
    await until(lambda: listener.version != before, "the notice")
    assert await shown_seller() == "Maya R."


async def test_without_a_listening_connection_every_search_looks(
        container: Container, monkeypatch: pytest.MonkeyPatch) -> None:
    lean = postgres_only(container)
    monkeypatch.setattr(lean_module, "LISTEN_AGAIN_SECONDS", 0.05)
    maya = await seller(container)
    await store(container, [item(maya, "Red tee")])
    index = await ready_index(container)
    listener = await listening(lean)
    await found(container, ("tee",))
    # An administrator (or a restart) ends the listening connection.
    pid = listener.connection.get_server_pid()  # type: ignore[union-attr]
    await outside(container, f"SELECT pg_terminate_backend({pid})")
    await until(lambda: not listener.listening, "the lost connection")
    assert lean.data_version() is None
    looks = index.looks_begun
    await found(container, ("tee",))
    await found(container, ("tee",))
    assert index.looks_begun == looks + 2
    # It listens again; a commit made while nobody listened is found by the first look.
    async with container.uow() as uow:
        await uow.session.execute(update(UserRow).where(UserRow.id == maya)
                                  .values(rating=Decimal("4.5")))
        await uow.commit()
    await until(lambda: listener.listening, "listening again")
    assert lean.data_version() is not None
    await found(container, ("tee",))
    assert index.looks_begun == looks + 3
    await found(container, ("tee",))
    assert index.looks_begun == looks + 3


async def test_sqlite_needs_no_listener(container: Container) -> None:
    lean = container.lean_reads()
    if lean.sqlite is None:
        pytest.skip("SQLite only")
    maya = await seller(container)
    await store(container, [item(maya, "Red tee")])
    await ready_index(container)
    assert await found(container, ("tee",)) == ["Red tee"]
    assert lean.listeners == {} and lean.data_version() is not None
