"""The lean read path: bounded reads with no transaction, no ORM, on each database's cheapest
way in (``docs/architecture.md``, "The read path").

A product page is a listing, its photos and its seller, now read by one statement (a row
per photo). Through the ORM on aiosqlite each one was
built as a new statement, handed to the driver's thread and back, and loaded into ORM
objects inside a session; on PostgreSQL every read was wrapped in ``BEGIN`` / ``ROLLBACK``.
Profiles put the ORM and the thread hop at ~99 % of the cost: the SQL itself takes 0.05 ms.
Here:

- **Statements are built once** (module constants), compiled once per dialect and number of
  ids into the driver's own SQL (``_Compiled``), handed to the driver itself, and their rows
  converted by the result processors SQLAlchemy would apply (UTC datetimes, Decimals,
  booleans) and mapped to the same domain objects as the repository's, so the JSON is the
  same.
- **SQLite**: the standard library's ``sqlite3`` called directly on the event loop through a
  synchronous engine on the same file. A lookup takes microseconds, less than the thread hop
  it replaces. The connection is read-only (``PRAGMA query_only``) and in autocommit, so it
  holds no lock and no snapshot, and sees every committed write at once (WAL).
- **PostgreSQL**: asyncpg's own pool (``_PostgresPools``), read-only connections, no
  ``BEGIN``/``ROLLBACK`` and no reset statement when a connection goes back (``_unchanged``),
  taken first come, first served; asyncpg prepares each text once per connection, and the
  result processors follow the column types PostgreSQL reports. SQLAlchemy's checkout and
  execution layer around these reads cost more than PostgreSQL's own work (three reads one
  at a time: 1.4 ms that way, 0.5 ms on asyncpg's pool). ``LeanReads.run`` (the search
  index's reads, any statement) still goes through SQLAlchemy's engine in ``AUTOCOMMIT``.

Only reads whose work is bounded belong here (by id, a handful of rows through an index):
on SQLite they run on the event loop, so a statement that walks many rows would stall every
other request. Searches, counts and facet passes stay on the pooled async connections behind
the admission gate (``application/admission.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import threading
from collections import namedtuple
from collections.abc import Sequence
from types import TracebackType
from typing import Any, NamedTuple, Self

import asyncpg
from sqlalchemy import Executable, Select, bindparam, event, literal_column, select
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.listing_index import ListingIndex
from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.catalog import IMAGES, PRODUCTS
from adapters.sqlalchemy.catalog import _listing as listing_from_row
from adapters.sqlalchemy.engine import POSTGRES_SETTINGS
from application.admission import Admission
from application.ports.catalog import SellerCard
from domain.listings import Listing, ListingImage

# A lean SQLite read that finds the database busy (only while another connection recovers
# the WAL index) waits at most this long: it runs on the event loop.
LEAN_BUSY_TIMEOUT_MS = 250
# No memory map for the lean connection: a by-id lookup reads a few pages, and random
# product pages would otherwise map (and count in RSS) pages all over the file.
LEAN_MMAP_BYTES = 0
# The WAL-index header's two copies at the start of a WAL database's ``-shm`` file
# (https://www.sqlite.org/walformat.html, "The WAL-Index Header"): 48 bytes each.
WAL_INDEX_HEADERS = 96
# Sellers' cards kept between commits on SQLite (``LeanReads.seller_cards``), ~300 bytes each.
KEPT_SELLERS = 20_000
# PostgreSQL: the lean reads' own connections per process (the engine's pool has 20 more).
LEAN_POSTGRES_POOL_SIZE = 10
# At most this many listings read in one statement for several requests (``fetch_together``).
TOGETHER_MAX = 128
log = logging.getLogger("rethread.search_index")
# PostgreSQL: the channel the triggers of migration 0073 notify when a commit changed listings
# or users, and how long after losing its listening connection a process listens again
# (meanwhile every search looks at the change feed).
CHANGES_CHANNEL = "rethread_changes"
LISTEN_AGAIN_SECONDS = 1.0
# A connection that died under us (PostgreSQL restarted, the connection was killed): the
# server's error, the socket's, or asyncpg's protocol caught between two states by it.
_BROKEN = (asyncpg.PostgresConnectionError, asyncpg.exceptions.OperatorInterventionError,
           asyncpg.InterfaceError, asyncpg.exceptions.InternalClientError, ConnectionError)

USERS = UserRow.__table__
_IDS = bindparam("ids", expanding=True)
# The columns a listing is made of (``_listing``), not the search copies of its text
# (``search_head``/``search_body``): 24 random rows in 175 us instead of 209.
LISTING_COLUMNS = ("id", "seller_id", "title", "description", "price_cents", "brand", "size",
                   "condition", "category", "status", "price_drop", "verified", "watch_count",
                   "created_at", "updated_at")
SELLER_COLUMNS = ("username", "display_name", "avatar_url", "rating", "rating_count",
                  "verified")
# Listings with their photos (a row per photo, in order) and their sellers' cards, in one
# statement: on PostgreSQL one round trip instead of three (listings, photos, sellers).
LISTINGS_BY_ID = (select(*(PRODUCTS.c[name] for name in LISTING_COLUMNS),
                         IMAGES.c.url, IMAGES.c.thumbnail_url,
                         *(USERS.c[name].label(f"seller_{name}") for name in SELLER_COLUMNS))
                  .select_from(PRODUCTS
                               .outerjoin(IMAGES, IMAGES.c.product_id == PRODUCTS.c.id)
                               .outerjoin(USERS, USERS.c.id == PRODUCTS.c.seller_id))
                  .where(PRODUCTS.c.id.in_(_IDS))
                  .order_by(PRODUCTS.c.id, IMAGES.c.position))
SELLERS_BY_ID = select(USERS.c.id, *(USERS.c[name] for name in SELLER_COLUMNS)
                       ).where(USERS.c.id.in_(_IDS))
PING = select(literal_column("1").label("one"))


class ReadOnlySession(Exception):
    """A write was attempted through the lean read path."""


class _Shaped(NamedTuple):
    sql: str
    shape: Any  # the named tuple of the statement's columns
    converted: list[tuple[int, Any]]  # (column, result processor) where there is one

    def rows(self, raw: Sequence[Any]) -> list[Any]:
        """The rows, converted. Consecutive rows with the same first column (a listing's
        row per photo) take the converted values of the first of them instead of converting
        them again: every statement here selects the converted columns (dates, amounts) of
        the entity its first column names (three photos: a third of the conversions)."""
        if not self.converted:
            return [self.shape._make(row) for row in raw]
        rows: list[Any] = []
        previous: Any = None
        for row in raw:
            values = list(row)
            if previous is not None and row[0] == previous[0]:
                for n, _convert in self.converted:
                    values[n] = previous[n]
            else:
                for n, convert in self.converted:
                    values[n] = convert(values[n])
            previous = self.shape._make(values)
            rows.append(previous)
        return rows


class _Compiled:
    """This module's statements for one dialect, compiled once per number of ids (the
    driver's own SQL and placeholders), with the result processors SQLAlchemy would apply
    to each column: they may depend on the type the driver reports (``coltypes``, from
    ``cursor.description``; PostgreSQL's ``numeric`` arrives as a ``Decimal`` already)."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self.shaped: dict[tuple[int, int], _Shaped] = {}

    def known(self, statement: Select[Any], count: int) -> _Shaped | None:
        return self.shaped.get((id(statement), count))

    def text(self, statement: Select[Any], count: int) -> str:
        """The driver's SQL (compiled anew: callers keep it, in :class:`_Shaped`)."""
        bound = statement.params(ids=list(range(count))) if count else statement
        return str(bound.compile(dialect=self.dialect,
                                 compile_kwargs={"render_postcompile": True}))

    def learn(self, statement: Select[Any], count: int,
              coltypes: Sequence[Any] | None = None, sql: str | None = None) -> _Shaped:
        columns = list(statement.selected_columns)
        shape = namedtuple("LeanRow", [column.key for column in columns])  # type: ignore[misc]
        processors = [column.type.dialect_impl(self.dialect).result_processor(
            self.dialect, coltype) for column, coltype
            in zip(columns, coltypes or [None] * len(columns), strict=True)]
        # only the columns that need one (a listing: its two datetimes of fifteen)
        converted = [(n, convert) for n, convert in enumerate(processors) if convert]
        found = self.shaped[(id(statement), count)] = _Shaped(
            sql or self.text(statement, count), shape, converted)
        return found


class _SqliteLoopReads:
    """One ``sqlite3`` connection for the event loop of this process, no pool around it.

    A lock makes the rare use from a second thread (a test client's portal) safe;
    uncontended it costs nothing measurable.
    """

    def __init__(self, path: str, dialect: Dialect) -> None:
        self.dialect = dialect
        self.connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.connection.execute(f"PRAGMA busy_timeout={LEAN_BUSY_TIMEOUT_MS}")
        self.connection.execute("PRAGMA query_only=1")
        self.connection.execute(f"PRAGMA mmap_size={LEAN_MMAP_BYTES}")
        self.lock = threading.Lock()
        self.compiled = _Compiled(dialect)
        # ``data_version``'s look at the WAL index: its file (None: ask SQLite), the header
        # seen last and how many different ones were seen.
        self.shm = self._wal_index(path)
        self.header: bytes | None = None
        self.headers_seen = 0

    def rows(self, statement: Select[Any], ids: list[int]) -> list[Any]:
        shaped = (self.compiled.known(statement, len(ids))
                  or self.compiled.learn(statement, len(ids)))
        with self.lock:
            raw = self.connection.execute(shaped.sql, ids).fetchall()
        return shaped.rows(raw)

    def run(self, statement: Executable) -> list[Any]:
        """Any bounded statement with its parameters bound; rows as the driver gives them
        (plain values: for statements whose columns need no conversion)."""
        compiled = statement.compile(dialect=self.dialect)
        values = [compiled.params[name] for name in compiled.positiontup or ()]
        with self.lock:
            return self.connection.execute(str(compiled), values).fetchall()

    def data_version(self) -> int:
        """A number that changes when any other connection (of this process or another)
        commits; this connection never writes. Every search asks (has the search index
        anything to catch up with?).

        In WAL mode: the count of different WAL-index headers seen. Every commit rewrites
        the header in the ``-shm`` file, which every connection to the database maps: it is
        how SQLite's own readers learn of commits; its frame count and transaction counter
        move with every commit and its salts with every restart of the WAL, so a header
        does not come back; and its two copies are written one after the other, so a read that
        overlaps a commit finds them different and counts as a change (at worst one look
        too many). One ``pread`` of 96 bytes, 0.6 us; ``PRAGMA data_version``, which opens
        a read transaction for it, took 3 us alone and 11 us a search under load
        (``docs/performance.md``). Otherwise (not WAL, no ``pread``): the pragma."""
        if self.shm is None:
            with self.lock:
                return int(self.connection.execute("PRAGMA data_version").fetchone()[0])
        header = os.pread(self.shm, WAL_INDEX_HEADERS, 0)
        half = WAL_INDEX_HEADERS // 2
        torn = header[:half] != header[half:]
        if torn or header != self.header:
            self.header = None if torn else header
            self.headers_seen += 1
        return self.headers_seen

    def _wal_index(self, path: str) -> int | None:
        """The open ``-shm`` file of a WAL database, once this connection has read (from
        then on it keeps the file from being reset while it is open); None otherwise."""
        with self.lock:
            mode = self.connection.execute("PRAGMA journal_mode").fetchone()[0]
            self.connection.execute("PRAGMA data_version").fetchone()  # (opens the index)
        if str(mode).lower() != "wal" or not hasattr(os, "pread"):
            return None
        try:
            shm = os.open(f"{path}-shm", os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            return None
        if len(os.pread(shm, WAL_INDEX_HEADERS, 0)) < WAL_INDEX_HEADERS:
            os.close(shm)
            return None
        return shm

    def close(self) -> None:
        if self.shm is not None:
            os.close(self.shm)
            self.shm = None
        self.connection.close()


class _LoopPool(NamedTuple):
    """One event loop's lean PostgreSQL connections."""

    pool: asyncpg.Pool
    # First come, first served for the pool's connections: asyncpg's pool hands a returned
    # connection to whoever asks next, and a waiter woken for it often found it taken by a
    # newcomer and queued again at the back. Under 64 connections that gave product pages
    # a p95 of 143 ms at a p50 of 5 ms (docs/performance.md).
    turns: Admission


class _PostgresPools:
    """asyncpg's own pool for the lean reads, one per event loop (a served process has one;
    tests run the app on a second), each connection read-only (``default_transaction_
    read_only``: PostgreSQL itself refuses a write). Without SQLAlchemy's checkout around
    it, a product page is one pooled ``fetch``. A connection that died (PostgreSQL
    restarted) fails one attempt; the read is tried once more on another."""

    def __init__(self, engine: AsyncEngine) -> None:
        # What SQLAlchemy itself hands asyncpg for this URL (host, user, ssl, ...), less
        # its own options.
        _, self.connect = engine.dialect.create_connect_args(engine.url)
        for own in ("prepared_statement_cache_size", "prepared_statement_name_func"):
            self.connect.pop(own, None)
        self.compiled = _Compiled(engine.dialect)
        self.pools: dict[asyncio.AbstractEventLoop, asyncio.Task[_LoopPool]] = {}
        # By-id reads waiting to go together (``fetch_together``), per loop and statement.
        self._batches: dict[tuple[asyncio.AbstractEventLoop, Select[Any]],
                            tuple[set[int], asyncio.Future[list[Any]]]] = {}

    async def opened(self) -> _LoopPool:
        """This event loop's pool and its gate, opened on first use."""
        loop = asyncio.get_running_loop()
        opening = self.pools.get(loop)
        if opening is None or (opening.done() and (opening.cancelled()
                                                   or opening.exception() is not None)):
            opening = self.pools[loop] = loop.create_task(self._open())
        # shielded: a request given up by its client must not cancel everyone's pool
        return await asyncio.shield(opening)

    async def pool(self) -> asyncpg.Pool:
        return (await self.opened()).pool

    async def _open(self) -> _LoopPool:
        pool = await asyncpg.create_pool(
            **self.connect, min_size=0, max_size=LEAN_POSTGRES_POOL_SIZE, reset=_unchanged,
            server_settings={**POSTGRES_SETTINGS, "default_transaction_read_only": "on"})
        return _LoopPool(pool, Admission(LEAN_POSTGRES_POOL_SIZE))

    async def fetch(self, statement: Select[Any], values: list[int]) -> list[Any]:
        pool, turns = await self.opened()
        async with turns:
            return await self._fetch(pool, statement, values)

    async def _fetch(self, pool: asyncpg.Pool, statement: Select[Any], values: list[int]
                     ) -> list[Any]:
        compiled = self.compiled
        for attempt in (1, 2):
            try:
                async with pool.acquire() as connection:
                    shaped = compiled.known(statement, len(values))
                    if shaped is None:  # once per statement and number of ids
                        sql = compiled.text(statement, len(values))
                        prepared = await connection.prepare(sql)
                        shaped = compiled.learn(statement, len(values),
                                                [attribute.type.oid for attribute
                                                 in prepared.get_attributes()], sql)
                    return shaped.rows(await connection.fetch(shaped.sql, *values))
            except _BROKEN:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    async def fetch_together(self, statement: Select[Any], values: list[int]) -> list[Any]:
        """:meth:`fetch` of a by-id statement whose rows start with the id, shared with the
        other requests asking for the same statement in this turn of the event loop: one
        statement (its ids padded to a power of two, so few shapes are prepared) for them
        all, each given its own ids' rows in the statement's order. Under 64 connections
        a product page was a round trip each, and PostgreSQL's own work per statement on
        the same two cores held product pages to 0.6 of SQLite's (docs/performance.md,
        "Searches with fewer stalls"). A request that gives up does not cancel the read
        the others wait for."""
        loop = asyncio.get_running_loop()
        key = (loop, statement)
        batch = self._batches.get(key)
        if batch is None or len(batch[0]) >= TOGETHER_MAX:
            batch = self._batches[key] = (set(), loop.create_future())
            loop.call_soon(self._send, key, batch)  # after this turn's other requests
        batch[0].update(values)
        rows = await asyncio.shield(batch[1])
        wanted = set(values)
        return [row for row in rows if row[0] in wanted]

    def _send(self, key: tuple[asyncio.AbstractEventLoop, Select[Any]],
              batch: tuple[set[int], asyncio.Future[list[Any]]]) -> None:
        if self._batches.get(key) is batch:
            del self._batches[key]
        ids, done = sorted(batch[0]), batch[1]
        ids += ids[-1:] * ((1 << (len(ids) - 1).bit_length()) - len(ids))

        def settle(task: asyncio.Task[list[Any]]) -> None:
            if task.cancelled():
                done.cancel()
            elif task.exception() is not None:
                done.set_exception(task.exception())  # type: ignore[arg-type]
            else:
                done.set_result(task.result())

        key[0].create_task(self.fetch(key[1], ids)).add_done_callback(settle)

    async def close(self) -> None:
        """Close this loop's pool; one left on a loop that has ended can only be dropped."""
        pools, self.pools = self.pools, {}
        loop = asyncio.get_running_loop()
        for owner, opening in pools.items():
            if (owner is loop and opening.done() and not opening.cancelled()
                    and opening.exception() is None):
                await opening.result().pool.close()


class _ChangeListener:
    """PostgreSQL's counterpart of SQLite's data version, for one event loop: a connection
    that listens on :data:`CHANGES_CHANNEL` and counts the notices (migration 0073), so a
    search finds out without a round trip that no commit changed listings or sellers since
    the search index last looked.

    :attr:`version` moves with every notice, every commit of this process that wrote
    (:meth:`committed`: its own writes do not wait for their notice to arrive, so the next
    search here reflects them, as on SQLite) and every time listening (re)starts (notices
    sent while nobody listened are lost). While not :attr:`listening` (connecting, or the
    connection was lost, ``LISTEN_AGAIN_SECONDS`` before the next attempt) there is no
    version and every search looks at the change feed, as it did before there were
    notices. The connection is opened by a short task and watched by callbacks: nothing is
    left waiting on the loop."""

    def __init__(self, connect: dict[str, Any], loop: asyncio.AbstractEventLoop) -> None:
        self.connect, self.loop = connect, loop
        self.version = 0
        self.connection: asyncpg.Connection | None = None
        self.opening: asyncio.Task[None] | None = None
        self.again: asyncio.TimerHandle | None = None
        self.closed = False
        self.listen()

    @property
    def listening(self) -> bool:
        return self.connection is not None

    def listen(self) -> None:
        self.again = None
        if not self.closed and self.opening is None and self.connection is None:
            self.opening = self.loop.create_task(self._open())

    async def _open(self) -> None:
        connection = None
        try:
            connection = await asyncpg.connect(**self.connect)
            connection.add_termination_listener(self._lost)
            await connection.add_listener(CHANGES_CHANNEL, self._notice)
        except Exception:  # (PostgreSQL down, refused, ...) searches look meanwhile
            log.warning("not listening for change notices; trying again", exc_info=True)
            if connection is not None:
                connection.terminate()
            self._later()
            return
        finally:
            self.opening = None
        if self.closed:
            await connection.close()
            return
        self.connection = connection
        self.version += 1  # (commits made before LISTEN sent no notice here: look once)

    def _notice(self, *_: Any) -> None:
        self.version += 1

    def committed(self) -> None:
        self.version += 1

    def _lost(self, connection: asyncpg.Connection) -> None:
        if connection is self.connection:
            self.connection = None
            self.version += 1
            self._later()

    def _later(self) -> None:
        if not self.closed and self.again is None:
            self.again = self.loop.call_later(LISTEN_AGAIN_SECONDS, self.listen)

    async def close(self) -> None:
        self.closed = True
        if self.again is not None:
            self.again.cancel()
        opening = self.opening
        if opening is not None:
            opening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await opening
        connection, self.connection = self.connection, None
        if connection is not None:
            await connection.close()


async def _unchanged(_connection: asyncpg.Connection) -> None:
    """The pool's reset for the lean reads' connections: nothing to do, so no round trip.

    asyncpg's default resets every connection handed back (advisory locks, cursors,
    ``LISTEN``, ``RESET ALL``: one more statement per read, as many as the reads
    themselves). These connections only ever run one ``SELECT`` at a time, outside any
    transaction, and change no session state; asyncpg still rolls back a transaction left
    open, and closes a connection whose query was cancelled, before calling this."""


def _refuse_writes(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
    # PostgreSQL in autocommit would keep a stray write at once: refuse anything but a read.
    if statement.lstrip()[:6].upper() not in ("SELECT", "WITH", "SHOW"):
        raise ReadOnlySession("the lean read path does not write")


class LeanReads:
    """The lean path's connections for one database; ``dispose`` at shutdown."""

    def __init__(self, engine: AsyncEngine, index: ListingIndex | None = None) -> None:
        # The search index, whose kept listings answer the pages it names (``get_many``).
        self.index = index
        # Sellers' cards kept for search pages, and the database version they were read at
        # (``seller_cards``).
        self._seller_cards: dict[int, SellerCard] = {}
        self._earlier_cards: dict[int, SellerCard] = {}
        self.cards_version: int | None = None
        # SQLite: the data version read last (``data_version``), by any request.
        self.seen_version: int | None = None
        self.sqlite: _SqliteLoopReads | None = None
        self.autocommit: AsyncEngine | None = None
        self.postgres: _PostgresPools | None = None
        # PostgreSQL: each event loop's listener for the change notices (``data_version``).
        self.listeners: dict[asyncio.AbstractEventLoop, _ChangeListener] = {}
        if engine.dialect.name == "sqlite":
            assert engine.url.database
            self.sqlite = _SqliteLoopReads(engine.url.database, engine.dialect)
        else:
            self.postgres = _PostgresPools(engine)
            self.autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
            # Listeners on this option engine apply to it alone, not to the writers' engine.
            event.listen(self.autocommit.sync_engine, "before_cursor_execute", _refuse_writes)

    async def run(self, statement: Executable) -> Sequence[Any]:
        """One bounded read outside any unit of work: on SQLite on the event loop (no
        thread hop), on PostgreSQL on an autocommit connection (no ``BEGIN``/``ROLLBACK``
        round trips). The search index's look at the change feed, a word's matches on
        SQLite, a typed word's check against the vocabulary."""
        if self.sqlite is not None:
            return self.sqlite.run(statement)
        assert self.autocommit is not None
        async with self.autocommit.connect() as connection:
            return (await connection.execute(statement)).all()

    def data_version(self) -> int | None:
        """A number that changes whenever something the search index or the kept sellers'
        cards depend on may have changed, read without a round trip; None when there is no
        telling (every search looks at the change feed). SQLite: its data version, which
        every commit to the database changes. PostgreSQL: this event loop's count of change
        notices (``_ChangeListener``, migration 0073), while it listens."""
        if self.sqlite is not None:
            self.seen_version = self.sqlite.data_version()
            return self.seen_version
        assert self.postgres is not None
        loop = asyncio.get_running_loop()
        listener = self.listeners.get(loop)
        if listener is None:
            self.listeners[loop] = _ChangeListener(self.postgres.connect, loop)
            return None
        return listener.version if listener.listening else None

    def committed(self) -> None:
        """This process committed a write: on PostgreSQL the next search looks at the change
        feed without waiting for the commit's notice (SQLite's data version has moved)."""
        for listener in self.listeners.values():
            listener.committed()

    def seller_cards(self) -> dict[int, SellerCard] | None:
        """Sellers' cards read since the last commit to the database, by id, for a search
        page (a statement, a round trip on PostgreSQL, otherwise), as fresh as the search
        index that named the page's listings. Whether anything at all was committed since:
        on SQLite the data version read last, at the latest by this search's look at the
        index (versions only grow, and the cards kept under one were read after it was
        read: reading it again here cost 17 us a page); on PostgreSQL the first unassigned
        transaction id at the search index's last look (this search's, or an earlier one's
        when no change notice has come since: migration 0073 notifies writes to users),
        when no write was in progress (``ListingIndex.database_version``). None when there
        is no telling: every page reads its sellers."""
        version = self._version_of_index()
        if version is None:
            return None
        if version != self.cards_version:
            # (the cards of the last version, to hand back the same objects when a seller
            # reads the same again: ``same_card``)
            self._earlier_cards, self._seller_cards = self._seller_cards, {}
            self.cards_version = version
        return self._seller_cards

    def same_card(self, card: SellerCard) -> SellerCard:
        """``card``, or the equal card kept under the last database version: a search
        page's JSON cards (``schemas/products.Cards``) are remembered with the seller card
        they were made from and are made again unless it is the same object (or equal:
        comparing every field of 24 cards a page was 2% of a search under load, every
        commit anywhere emptying the kept cards)."""
        earlier = self._earlier_cards.get(card.id)
        return earlier if earlier == card else card

    def _version_of_index(self) -> int | None:
        """The database version the search index was last found current at, or a later
        one (``seller_cards``)."""
        if self.sqlite is not None:
            return self.seen_version
        return None if self.index is None else self.index.database_version

    async def dispose(self) -> None:
        if self.sqlite is not None:
            self.sqlite.close()
        listeners, self.listeners = self.listeners, {}
        loop = asyncio.get_running_loop()
        for owner, listener in listeners.items():
            listener.closed = True  # (one on a loop that has ended can only be dropped)
            if owner is loop:
                await listener.close()
        if self.postgres is not None:
            await self.postgres.close()


class LeanListingReads:
    """The listings' by-id reads (the part of ``ListingRepository`` a product card needs)."""

    def __init__(self, work: LeanUnitOfWork) -> None:
        self.work = work
        # The sellers' cards read with listings in this block: ``sellers`` answers from them
        # (read in the same statement, so as fresh); forgotten when the block ends.
        self.cards: dict[int, SellerCard] = {}
        # The block read listings a search named (its index synced): sellers' cards kept
        # as fresh as that index may answer (``LeanReads.seller_cards``).
        self.indexed = False

    async def get(self, listing_id: int) -> Listing | None:
        return (await self.get_many([listing_id])).get(listing_id)

    async def get_many(self, listing_ids: list[int], *, indexed: bool = False
                       ) -> dict[int, Listing]:
        """The listings by id. ``indexed``: the search index has just named these ids (it
        was synced with the database for this request), so the listings it keeps
        (``listing_index.Kept``, as fresh as the index) answer, and only the others are
        read; those are kept in turn, unless the index changed while they were read."""
        index = self.work.lean.index
        if not indexed or index is None or not index.ready:
            return await self._read(listing_ids)
        self.indexed = True
        found: dict[int, Listing] = {}
        missing = []
        for listing_id in listing_ids:
            listing = index.kept.get(listing_id)
            if listing is None:
                missing.append(listing_id)
            else:
                found[listing_id] = listing
        if missing:
            since = index.version
            read = await self._read(missing)
            if index.version == since:  # (PostgreSQL awaits the read: a change may land)
                index.kept.put(read)
            found.update(read)
        return found

    async def _read(self, listing_ids: list[int]) -> dict[int, Listing]:
        if not listing_ids:
            return {}
        first: dict[int, Any] = {}
        images: dict[int, list[ListingImage]] = {}
        for row in await self.work.rows(LISTINGS_BY_ID, list(listing_ids)):
            if row.id not in first:
                first[row.id], images[row.id] = row, []
                if row.seller_username is not None:
                    self.cards[row.seller_id] = SellerCard(
                        row.seller_id, row.seller_username, row.seller_display_name,
                        row.seller_avatar_url, row.seller_rating, row.seller_rating_count,
                        row.seller_verified)
            if row.url is not None:
                images[row.id].append(ListingImage(row.url, row.thumbnail_url))
        return {listing_id: listing_from_row(row, images[listing_id])
                for listing_id, row in first.items()}

    async def sellers(self, user_ids: set[int]) -> dict[int, SellerCard]:
        if not user_ids:
            return {}
        known = {user_id: self.cards[user_id] for user_id in user_ids & self.cards.keys()}
        if len(known) == len(user_ids):
            return known
        lean = self.work.lean
        kept = lean.seller_cards() if self.indexed else None
        since = lean.cards_version
        if kept is not None:
            known |= {user_id: kept[user_id] for user_id in user_ids & kept.keys()}
            if len(known) == len(user_ids):
                return known
        rows = await self.work.rows(SELLERS_BY_ID, sorted(user_ids - known.keys()))
        read = {row.id: SellerCard(row.id, row.username, row.display_name, row.avatar_url,
                                   row.rating, row.rating_count, row.verified) for row in rows}
        # (PostgreSQL awaits the read: a request that saw a newer version meanwhile has
        # emptied the cards, and these may predate it.)
        if kept is not None and lean.cards_version == since:
            read = {user_id: lean.same_card(card) for user_id, card in read.items()}
            if len(kept) + len(read) > KEPT_SELLERS:
                kept.clear()
            kept |= read
        return known | read


class LeanUnitOfWork:
    """``async with reads:`` then ``reads.listings.get(...)``: one connection per block, no
    transaction. Re-entrant like the unit of work; it cannot commit."""

    def __init__(self, lean: LeanReads) -> None:
        self.lean = lean
        self.listings = LeanListingReads(self)
        self._depth = 0

    async def __aenter__(self) -> Self:
        self._depth += 1
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        self._depth -= 1
        if self._depth:
            return
        self.listings.cards.clear()
        self.listings.indexed = False

    async def rows(self, statement: Select[Any], ids: list[int] | None = None) -> Sequence[Any]:
        """The rows of one of this module's statements (``ids`` fills its ``IN``)."""
        if not self._depth:
            raise RuntimeError("use the lean reads inside `async with`")
        if self.lean.sqlite is not None:
            return self.lean.sqlite.rows(statement, ids or [])
        assert self.lean.postgres is not None
        if statement is LISTINGS_BY_ID and ids:
            return await self.lean.postgres.fetch_together(statement, ids)
        return await self.lean.postgres.fetch(statement, ids or [])

    async def commit(self) -> None:
        raise ReadOnlySession("the lean read path does not write")

    async def ping(self) -> bool:
        return (await self.rows(PING))[0][0] == 1
