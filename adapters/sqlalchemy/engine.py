"""Engine and session factory for either database.

SQLite has one writer at a time. The engine is built around that (docs/architecture.md,
"Concurrent writes"):

- the driver runs in autocommit mode, so reads take no lock and hold no snapshot;
- the first writing statement of a transaction first waits its turn on an in-process FIFO
  lock (asyncio, so waiting costs no thread), then opens the transaction with
  ``BEGIN IMMEDIATE``: the write lock is taken up front, never upgraded from a read
  snapshot (the upgrade is what fails at once with "database is locked");
- ``busy_timeout`` is set on every pooled connection (and read back in a test) so a writer in
  another process (a second worker, the CLI) is waited for instead of refused;
- whatever still loses (a timeout, a deadlock on PostgreSQL) is raised as
  :class:`domain.errors.WriteConflict` by the unit of work, and the HTTP layer runs the
  service call again (``entrypoints/http/retry.py``).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from functools import partial
from typing import Any

from sqlalchemy import Engine, event, make_url, text
from sqlalchemy import create_engine as create_sync_engine
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.util import await_only

BUSY_TIMEOUT_MS = 30_000
# How much of the file each pooled connection memory-maps (RETHREAD_SQLITE_MMAP_MB).
DEFAULT_SQLITE_MMAP_MB = 0
SQLITE_POOL_SIZE = 6
POSTGRES_WORK_MEM = "16MB"
# per process: two workers hold 40 of PostgreSQL's 100
POSTGRES_POOL_SIZE = 20
POSTGRES_SETTINGS = {"work_mem": POSTGRES_WORK_MEM, "max_parallel_workers_per_gather": "0"}
WRITE_LOCK_TIMEOUT_SECONDS = BUSY_TIMEOUT_MS / 1000
_READ_ONLY = re.compile(r"\s*(SELECT|PRAGMA|EXPLAIN|BEGIN|COMMIT|ROLLBACK|RELEASE|END)\b",
                        re.IGNORECASE)
_WRITING = "rethread_writing"


class SqliteWriteLockTimeout(Exception):
    """This process's writers queued longer than the busy timeout."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any, *, mmap_bytes: int) -> None:
    # Autocommit at the driver: we open transactions ourselves (BEGIN IMMEDIATE below).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    # Optionally read the file through the OS page cache (mmap) instead of copying pages into
    # each connection's 2 MB cache. Off by default since searches stopped walking half the
    # catalog: at a million listings it no longer made them faster, and each mapping counts
    # in RSS (docs/architecture.md, "SQLite driver and connections").
    cursor.execute(f"PRAGMA mmap_size={mmap_bytes}")
    cursor.close()


class _RollingBackConnection(sqlite3.Connection):
    """The driver's connection, except that closing it inside a transaction rolls the
    transaction back first. ``sqlite3.Connection.close()`` leaves a connection whose
    statements are still in its statement cache as a "zombie" (``sqlite3_close_v2``) that
    keeps its transaction, and with it the file's write lock, until the garbage collector
    finalizes those statements: seconds, or never while nothing else allocates. That is
    where a unit of work cancelled mid-statement ended (SQLAlchemy invalidates the
    connection and closes it once the statement has run out)."""

    def close(self) -> None:
        if self.in_transaction:
            self.rollback()
        super().close()


class _SqliteWriter:
    """Takes the write lock up front for the first writing statement of a transaction."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()

    def before_execute(self, conn: Any, cursor: Any, statement: str, *_: Any) -> None:
        if conn.info.get(_WRITING) or _READ_ONLY.match(statement):
            return
        try:
            await_only(asyncio.wait_for(self.lock.acquire(), WRITE_LOCK_TIMEOUT_SECONDS))
        except TimeoutError as error:
            raise SqliteWriteLockTimeout("the database stayed busy") from error
        conn.info[_WRITING] = True
        try:
            cursor.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.release(conn)
            raise

    def release(self, conn: Any, *_: Any) -> None:
        # An invalidated connection (its statement was cancelled) cannot show its info until
        # its rollback ends, which is where this runs; the pool's "invalidate" event has
        # already passed its turn on (release_record).
        if conn.invalidated:
            return
        if conn.info.pop(_WRITING, False):
            self.lock.release()

    def on_reset(self, dbapi_connection: Any, record: Any, _reset_state: Any) -> None:
        self.release_record(dbapi_connection, record)

    def release_record(self, _dbapi_connection: Any, record: Any, *_: Any) -> None:
        if record.info.pop(_WRITING, False):
            self.lock.release()


def _install_sqlite_writer(engine: AsyncEngine, mmap_bytes: int) -> None:
    writer = _SqliteWriter()
    sync = engine.sync_engine
    event.listen(sync, "connect", partial(_sqlite_pragmas, mmap_bytes=mmap_bytes))
    event.listen(sync, "before_cursor_execute", writer.before_execute)
    # The flag lives on the pooled connection's info; whichever way the transaction ends
    # (commit, rollback, connection reset or invalidated), the turn passes on.
    event.listen(sync, "commit", writer.release)
    event.listen(sync, "rollback", writer.release)
    event.listen(sync.pool, "reset", writer.on_reset)
    event.listen(sync.pool, "checkin", writer.release_record)
    event.listen(sync.pool, "invalidate", writer.release_record)


def create_engine(url: str, sqlite_mmap_mb: int = DEFAULT_SQLITE_MMAP_MB) -> AsyncEngine:
    if url.startswith("sqlite"):
        # Few connections, the most recently used first (LIFO): requests read by id (search
        # runs on the engine), so a handful serve; each one maps the file (mmap), and a page
        # mapped by N connections counts N times in the process's RSS.
        engine = create_async_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000,
                                                        "factory": _RollingBackConnection},
                                     pool_size=SQLITE_POOL_SIZE,
                                     max_overflow=SQLITE_POOL_SIZE, pool_use_lifo=True,
                                     pool_timeout=60)
        _install_sqlite_writer(engine, max(0, sqlite_mmap_mb) * 2**20)
        return engine
    # No parallel workers: requests read by id, and extra worker processes per statement
    # only fight the server processes for the same cores.
    # A fixed pool of POSTGRES_POOL_SIZE, no overflow: under 64 shoppers the 10 overflow
    # connections of old were opened and closed request after request (a server process
    # forked and TLS tried each time), a sixth of our own process's time; waiting for
    # a pooled connection costs far less (searches 478 -> 728 req/s at a million).
    return create_async_engine(
        url, pool_size=POSTGRES_POOL_SIZE, max_overflow=0, pool_pre_ping=True,
        pool_timeout=60,
        connect_args={"server_settings": POSTGRES_SETTINGS})


def create_sqlite_read_engine(url: str, sqlite_mmap_mb: int = DEFAULT_SQLITE_MMAP_MB
                              ) -> Engine | None:
    """SQLite: a synchronous engine (the standard library's driver) over the same file, for
    read-only work run whole in a worker thread (``adapters/sqlalchemy/catalog_reads.py``);
    its connections refuse writes (``query_only``). None for PostgreSQL."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    engine = create_sync_engine(
        parsed.set(drivername="sqlite+pysqlite"),
        connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False},
        pool_size=SQLITE_POOL_SIZE, max_overflow=SQLITE_POOL_SIZE, pool_use_lifo=True,
        pool_timeout=60)
    mmap_bytes = max(0, sqlite_mmap_mb) * 2**20

    def read_only(dbapi_connection: Any, record: Any) -> None:
        _sqlite_pragmas(dbapi_connection, record, mmap_bytes=mmap_bytes)
        dbapi_connection.execute("PRAGMA query_only=ON")

    event.listen(engine, "connect", read_only)
    return engine


def create_session_factory(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False, autoflush=False)


async def reset_postgres_schema(url: str) -> None:
    """Drop and recreate the ``public`` schema: a clean slate for tests and benchmarks only."""
    engine = create_engine(url)
    async with engine.begin() as connection:
        await connection.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        await connection.execute(text("CREATE SCHEMA public"))
    await engine.dispose()
