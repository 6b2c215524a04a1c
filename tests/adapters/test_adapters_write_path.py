"""The SQLite write path: busy timeout applied, write lock taken up front, typed errors."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import event, text

from adapters.sqlalchemy.engine import BUSY_TIMEOUT_MS, create_engine
from adapters.sqlalchemy.unit_of_work import lost_race, translate
from domain.errors import Conflict, WriteConflict
from entrypoints.container import Container
from tests.support import a_user
from tests.support.sqlite import until_sqlite_is_free

pytestmark = pytest.mark.adapters


async def test_every_sqlite_connection_has_the_busy_timeout(database_url: str) -> None:
    if not database_url.startswith("sqlite"):
        pytest.skip("SQLite only")
    engine = create_engine(database_url)
    try:
        connections = [await engine.connect() for _ in range(3)]
        for connection in connections:
            timeout = await connection.scalar(text("PRAGMA busy_timeout"))
            assert timeout == BUSY_TIMEOUT_MS
            assert await connection.scalar(text("PRAGMA journal_mode")) == "wal"
        for connection in connections:
            await connection.close()
    finally:
        await engine.dispose()


async def test_a_read_then_write_transaction_waits_instead_of_failing(
        container: Container) -> None:
    """Two transactions that read, pause, then write: the second waits its turn."""
    order: list[str] = []

    async def writer(name: str) -> None:
        async with container.uow() as uow:
            await uow.users.username_taken("nobody")
            await asyncio.sleep(0.05)
            await uow.users.add(a_user(name))
            await asyncio.sleep(0.05)
            await uow.commit()
            order.append(name)

    await asyncio.gather(*(writer(f"user{i}") for i in range(10)))
    assert sorted(order) == sorted(f"user{i}" for i in range(10))


def test_lost_races_and_constraint_violations_get_their_typed_errors() -> None:
    from sqlalchemy.exc import IntegrityError, OperationalError

    locked = OperationalError("INSERT", {}, Exception("database is locked"))
    assert lost_race(locked) and isinstance(translate(locked), WriteConflict)

    class Deadlock(Exception):
        sqlstate = "40P01"

    assert isinstance(translate(OperationalError("UPDATE", {}, Deadlock())), WriteConflict)
    unique = IntegrityError("INSERT", {}, Exception("UNIQUE constraint failed"))
    typed = translate(unique)
    assert isinstance(typed, Conflict) and not isinstance(typed, WriteConflict)
    assert translate(OperationalError("SELECT", {}, Exception("no such table"))) is None


def test_values_a_column_cannot_hold_are_the_requests_fault() -> None:
    from sqlalchemy.exc import DBAPIError

    from domain.errors import ValidationError

    encode = DBAPIError("SELECT", {}, Exception(
        "invalid input for query argument $1: 2147483648 (value out of int32 range)"))
    assert isinstance(translate(encode), ValidationError)


# A statement that keeps the database busy for a while (about a second): long enough to be
# cancelled in.
_SLOW = {"sqlite": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c"
                   " WHERE x < 5000000) SELECT count(*) FROM c",
         "postgresql": "SELECT pg_sleep(1)"}


async def test_a_unit_of_work_cancelled_mid_statement_ends_cancelled(
        container: Container, database_url: str) -> None:
    """A task cancelled while its statement runs (a server shutting down its scheduler) ends
    with CancelledError. The connection is invalidated by the cancellation; its rollback once
    raised PendingRollbackError, which replaced the cancellation: the scheduler's loop caught
    it as a failed step and went on, and its shutdown waited forever."""
    started = asyncio.Event()

    async def busy() -> None:
        async with container.uow() as uow:
            await uow.users.add(a_user("before"))  # (a write: the turn is released too)
            started.set()
            await uow.session.execute(text(_SLOW[database_url.split("+")[0]]))

    task = asyncio.create_task(busy())
    await started.wait()
    await asyncio.sleep(0.2)  # inside the statement
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    if database_url.startswith("sqlite"):
        await until_sqlite_is_free(database_url)


async def test_a_failed_rollback_never_stands_in_for_a_cancellation(
        container: Container) -> None:
    """A unit of work left by a cancellation rolls back; should that rollback fail too, the
    cancellation still goes on (logged, not replaced): a loop that takes errors for failed
    steps would otherwise never learn it was cancelled."""

    def rollback_fails(*_: object) -> None:
        raise RuntimeError("the rollback failed")

    engine = container.engine().sync_engine
    event.listen(engine, "rollback", rollback_fails)
    try:
        with pytest.raises(asyncio.CancelledError):
            async with container.uow() as uow:
                await uow.users.add(a_user("before"))
                raise asyncio.CancelledError
        with pytest.raises(RuntimeError, match="the rollback failed"):  # (anything else:
            async with container.uow() as uow:                           # as before)
                await uow.users.add(a_user("again"))
                raise ValueError("a failed step")
    finally:
        event.remove(engine, "rollback", rollback_fails)
