"""The one writer of a host's search index: follows the outbox, builds and rebuilds.

One process per host holds ``<search dir>/writer.lock`` (an exclusive ``flock``, released
by the kernel when the process dies): the first server worker to take it, or ``rethread
search follow``. It reads outbox rows after the position stored in the index's ``meta``
document, reads those listings' current rows by id, and writes them (or deletes a
deleted one) in one Tantivy commit that also stores the new position. Applying a listing is
idempotent (its document is replaced by the current row), so rows read again after a kill
do no harm. Tantivy's work runs in a thread, never on the event loop.

PostgreSQL hands out outbox ids before commit, so a later id may commit first: the
position only moves over a gap once it is older than :data:`GAP_SECONDS` (a rolled-back
transaction leaves one for good); rows past a gap are applied at once all the same.

A rebuild (:meth:`SearchIndexer.rebuild`) writes a new index beside the live one from the
listings table, storing the outbox position taken before it started, and swaps
``current`` to it in one rename; the follower notices the swap and continues from there.
A follower that finds no index of its schema version (a new host, a schema change) for a
catalog of :data:`BUILD_APART_FROM` listings or more has it built by a process of its own
(:func:`build_in_child`) before it follows: the build's memory (Tantivy's writer, batches
of rows) is given back when that process ends, where a long-lived server process would
keep it.

Every index directory holds an ``origin`` file: the token of the database it was built
from (``search_outbox.origin``). Opening an index whose token is another database's, or
whose position is past the outbox's last row (a restored backup of this database, an
emptied one), builds it again: following it would show listings that are not there and
skip new outbox rows until their ids passed the old position. An index from before the
file adopts the database's token when its position is not past the outbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import logging
import os
import shutil
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import IO

import tantivy
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from adapters.search.build_process import build_in_child
from adapters.search.documents import (
    LOCK_FILE,
    META,
    document,
    forget_old,
    live_path,
    make_live,
    meta_document,
    new_path,
    open_index,
    read_origin,
    stored_position,
    write_origin,
)
from adapters.search.engine import TantivySearch
from adapters.sqlalchemy.catalog import count_listings, indexed_listings, indexed_listings_after
from adapters.sqlalchemy.search_outbox import latest, origin, pending, prune
from application.ports import Clock
from application.ports.search import SearchStatus
from domain.listings import Listing

log = logging.getLogger("rethread.search")

# In each index directory: the token of the database the index was built from.
ORIGIN_FILE = "origin"

BATCH = 2000
REBUILD_BATCH = 5000
# The follower's waits between looks at the outbox (``next_poll``); each look is a query.
POLL_SECONDS = 0.05
IDLE_POLL_SECONDS = 0.25
GAP_SECONDS = 5.0
# Outbox rows kept behind the position (other hosts follow the same outbox).
KEEP_ROWS = 1_000_000
WRITER_HEAP = 64_000_000
# From this many listings a follower's first build runs in a process of its own (below, it
# takes a second or two and little memory, less than starting that process).
BUILD_APART_FROM = 20_000


def next_poll(previous: float, found: bool) -> float:
    """The wait before the follower's next look at the outbox: :data:`POLL_SECONDS` after a
    look that found rows, else twice the last, up to :data:`IDLE_POLL_SECONDS` (at 50 ms
    throughout, an idle server spent 7% of a core on looks; 2% so)."""
    return POLL_SECONDS if found else min(previous * 2, IDLE_POLL_SECONDS)


class SearchIndexer:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], directory: Path,
                 clock: Clock, engine: TantivySearch | None = None) -> None:
        self.sessions = sessions
        self.directory = directory
        self.clock = clock
        self.engine = engine  # this process's reader, told of each commit
        self._lock: IO[str] | None = None
        self._index: tantivy.Index | None = None
        self._writer: tantivy.IndexWriter | None = None
        self._path: Path | None = None
        self.position = 0
        self._applied_past: set[int] = set()  # row ids past a gap, already applied
        self._gap_since: datetime | None = None
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._guard = asyncio.Lock()

    # -- the writer role ----------------------------------------------------------------

    def take_lock(self) -> bool:
        """Become this host's writer, if no other process is (never waits)."""
        if self._lock is not None:
            return True
        self.directory.mkdir(parents=True, exist_ok=True)
        handle = open(self.directory / LOCK_FILE, "a+")  # noqa: SIM115 (held while writing)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        self._lock = handle
        return True

    @property
    def is_writer(self) -> bool:
        return self._lock is not None

    async def open(self) -> None:
        """Open the live index for writing, building it first when there is none of this
        schema version (a new host, or a schema change) or it was not built from this
        database as it stands (:meth:`_follows_this_database`): in a process of its own
        for a catalog of :data:`BUILD_APART_FROM` listings or more."""
        path = live_path(self.directory)
        if path is not None and path != self._path:
            await asyncio.to_thread(self._open_writer, path)
            if not await self._follows_this_database(path):
                log.warning("search: the index %s was not built from this database as it "
                            "stands (another database, or a restored backup); building it "
                            "again", path.name)
                await asyncio.to_thread(self._close_writer)
                path = None
        if path is None:
            async with self.sessions() as session:
                large = await count_listings(session) >= BUILD_APART_FROM
            await (self._build_in_child() if large else self.rebuild())
            path = live_path(self.directory)
            assert path is not None
        if path != self._path:
            await asyncio.to_thread(self._open_writer, path)

    async def _follows_this_database(self, path: Path) -> bool:
        """Was the open index built from this database, and is its position not past the
        outbox's last row? An index without an ``origin`` file (built before there was
        one) takes this database's token when its position fits."""
        async with self.sessions() as session:
            token, last = await origin(session), await latest(session)
            await session.commit()
        if self.position > last:
            return False
        stored = await asyncio.to_thread(read_origin, path)
        if stored is None:
            await asyncio.to_thread(write_origin, path, token)
        return stored in (None, token)

    def _open_writer(self, path: Path) -> None:
        self._close_writer()
        index = open_index(path)
        self._writer = index.writer(heap_size=WRITER_HEAP, num_threads=1)
        self._index, self._path = index, path
        self.position = stored_position(index)
        self._applied_past.clear()
        self._gap_since = None

    def _close_writer(self) -> None:
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.wait_merging_threads()
        self._writer = self._index = self._path = None

    # -- following the outbox -----------------------------------------------------------

    def wake(self) -> None:
        """A commit of this process wrote outbox rows: apply them now, not at the next poll."""
        self._wake.set()

    async def woken(self) -> None:
        self.wake()

    async def catch_up(self) -> int:
        """Apply every outbox row committed so far; how many rows the position moved over
        (roughly: whole batches)."""
        async with self._guard:
            if live_path(self.directory) != self._path or self._writer is None:
                await self.open()
            total = 0
            while True:
                applied = await self._apply_batch()
                total += applied
                if applied < BATCH:
                    return total

    async def _apply_batch(self) -> int:
        async with self.sessions() as session:
            rows = [(row_id, listing_id) for row_id, listing_id
                    in await pending(session, self.position, BATCH)]
            fresh = [(r, lid) for r, lid in rows if r not in self._applied_past]
            listing_ids = list(dict.fromkeys(lid for _, lid in fresh))
            found = await indexed_listings(session, listing_ids)
        if not rows:
            return 0
        position = self._advance([r for r, _ in rows])
        changes = {lid: found.get(lid) for lid in listing_ids}
        if changes or position != self.position:
            await asyncio.to_thread(self._write, changes, position)
        self._applied_past.update(r for r, _ in fresh if r > position)
        self._applied_past = {r for r in self._applied_past if r > position}
        moved, self.position = position != self.position, position
        if self.engine is not None:
            self.engine.committed()
        if position > KEEP_ROWS and position % 1000 < len(rows):
            async with self.sessions() as session:
                await prune(session, position - KEEP_ROWS)
                await session.commit()
        return len(rows) if moved else 0  # a gap that holds: wait for the next look

    def _advance(self, row_ids: list[int]) -> int:
        """The new position: over every row id that follows without a gap, and over a gap
        once it has stayed open for :data:`GAP_SECONDS`."""
        position = self.position
        for row_id in row_ids:
            if row_id == position + 1:
                position = row_id
                continue
            now = self.clock.now()
            if self._gap_since is None:
                self._gap_since = now
            if (now - self._gap_since).total_seconds() < GAP_SECONDS:
                return position
            position = row_id
        self._gap_since = None
        return position

    def _write(self, changes: dict[int, Listing | None], position: int) -> None:
        writer = self._writer
        assert writer is not None
        for listing_id, listing in changes.items():
            writer.delete_documents_by_term("id", listing_id)
            if listing is not None:
                writer.add_document(document(listing))
        writer.delete_documents_by_term("kind", META)
        writer.add_document(meta_document(position, self.clock.now()))
        writer.commit()

    async def run(self) -> None:
        """Follow the outbox until cancelled (the server's background task, or ``rethread
        search follow``). An error is logged and retried after a pause."""
        wait = POLL_SECONDS
        while True:
            self._wake.clear()  # before the look: a commit during it wakes the next one
            moved = 0
            try:
                moved = await self.catch_up()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("search indexer: applying the outbox failed; retrying")
                await asyncio.to_thread(self._close_writer)
                await asyncio.sleep(1.0)
            wait = next_poll(wait, moved > 0)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)

    def start(self) -> bool:
        """Run :meth:`run` in the background when this process is the host's writer."""
        if self._task is not None:
            return True
        if not self.take_lock():
            return False
        self._task = asyncio.get_running_loop().create_task(self.run())
        return True

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        async with self._guard:
            await asyncio.to_thread(self._close_writer)
        if self._lock is not None:
            self._lock.close()  # the kernel drops the flock with the descriptor
            self._lock = None

    # -- rebuilding ---------------------------------------------------------------------

    async def rebuild(self, progress: Callable[[int, int], None] | None = None) -> Path:
        """Build a new index from the listings table beside the live one, then make it live
        in one step; returns its path. ``progress(done, total)`` hears of each batch."""
        async with self.sessions() as session:
            token = await origin(session)
            start = await latest(session)  # rows after this are applied by the follower
            total = await count_listings(session)
            await session.commit()
        path = new_path(self.directory, self.clock.now())
        index = await asyncio.to_thread(open_index, path)
        writer = index.writer(heap_size=WRITER_HEAP * 2, num_threads=2)
        done, after = 0, 0
        try:
            while True:
                async with self.sessions() as session:
                    batch = await indexed_listings_after(session, after, REBUILD_BATCH)
                if not batch:
                    break
                await asyncio.to_thread(_add_all, writer, batch)
                done += len(batch)
                after = batch[-1].id or after
                if progress is not None:
                    progress(done, max(total, done))
            writer.add_document(meta_document(start, self.clock.now()))
            await asyncio.to_thread(_finish, writer)
            await asyncio.to_thread(write_origin, path, token)
        except BaseException:
            await asyncio.to_thread(shutil.rmtree, path, True)
            raise
        previous = live_path(self.directory)
        make_live(self.directory, path)
        forget_old(self.directory, keep={path, previous})
        if self.engine is not None:
            self.engine.committed()
        return path

    async def _build_in_child(self) -> None:
        url = self.sessions.kw["bind"].url.render_as_string(hide_password=False)
        log.info("search: no index of this schema version; building one in a separate process")
        started = time.monotonic()
        path = await build_in_child(url, self.directory, self.clock.now())
        log.info("search: index built in %.1f s (%s)", time.monotonic() - started, path.name)
        if self.engine is not None:
            self.engine.committed()

    # -- status -------------------------------------------------------------------------

    async def status(self, engine: TantivySearch | None = None) -> SearchStatus:
        """The index this process reads (``engine``, by default its own) against the
        outbox."""
        engine = engine or self.engine or TantivySearch(self.directory)
        documents, position, committed = engine.status()
        async with self.sessions() as session:
            outbox = await latest(session)
        return SearchStatus(documents, position, outbox, committed)


def _add_all(writer: tantivy.IndexWriter, listings: list[Listing]) -> None:
    for listing in listings:
        writer.add_document(document(listing))


def _finish(writer: tantivy.IndexWriter) -> None:
    writer.commit()
    writer.wait_merging_threads()
