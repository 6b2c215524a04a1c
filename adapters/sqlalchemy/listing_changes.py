"""Reading the listing change feed (migration 0072) for the in-memory search index.

:func:`look` answers, in one statement, where the next look starts and which listings
changed since ``since``:

- SQLite: stamps grow in commit order (one writer at a time), so the next look starts
  after the largest stamp seen.
- PostgreSQL: a stamp is the writing transaction's id, and transactions commit in any
  order; the next look starts at the oldest transaction still running now
  (``pg_snapshot_xmin``), so a change committed later by a transaction older than the
  newest one seen is still found. Changes may be read twice; applying one is idempotent.

Both values come from the same statement, hence the same snapshot.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from datetime import UTC
from typing import Any

import numpy as np
from sqlalchemy import BigInteger, Executable, Index, Integer, text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, create_async_engine
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.pool import NullPool

from adapters.listing_index import (
    AVAILABLE,
    EPOCH,
    LOAD_BATCH,
    MICROSECOND,
    RELOAD_OVER,
    ListingIndex,
    Row,
)
from adapters.sqlalchemy.base import Base


class ListingChangeRow(Base):
    """Written by triggers on ``products`` only (migration 0072)."""

    __tablename__ = "listing_changes"
    __table_args__ = (Index("ix_listing_changes_stamp", "stamp"),)

    listing_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    stamp: Mapped[int] = mapped_column(BigInteger)


# Where the next look starts; and on PostgreSQL, when no write was in progress anywhere,
# the first transaction id not yet assigned (``quiet``: the same at two looks, nothing was
# committed in between; see ``ListingIndex.database_version``).
MARK = {
    "sqlite": "SELECT coalesce(max(stamp), 0) + 1 AS mark, NULL AS quiet FROM listing_changes",
    "postgresql": "SELECT pg_snapshot_xmin(s)::text::bigint AS mark, CASE WHEN "
                  "pg_snapshot_xmin(s) = pg_snapshot_xmax(s) THEN "
                  "pg_snapshot_xmax(s)::text::bigint END AS quiet "
                  "FROM pg_current_snapshot() AS s",
}
COLUMNS = ("id, status, created_at, price_cents, watch_count, brand_key, brand, category, "
           "size, condition")
IN_BATCH = 500
# Runs one bounded statement and returns its rows: the session's, or the lean path's
# (``LeanReads.run``), which opens no transaction.
Run = Callable[[Executable], Awaitable[Sequence[Any]]]


def session_runner(session: AsyncSession) -> Run:
    async def run(statement: Executable) -> Sequence[Any]:
        return (await session.execute(statement)).all()

    return run


def loader(engine: AsyncEngine) -> Callable[[ListingIndex], Awaitable[None]]:
    """Loads an index on a connection of its own, closed afterwards, so the one-off read of
    every listing neither holds a pooled connection nor leaves one behind bound to the
    event loop it ran on."""
    async def load(index: ListingIndex) -> None:
        own = create_async_engine(engine.url, poolclass=NullPool)
        try:
            async with AsyncSession(own) as session:
                mark, _, _ = await look(session_runner(session), own.dialect.name, None)
                index.begin_load()
                async for batch in load_rows(session):
                    index.load_batch(batch)
                index.finish_load(mark)
        finally:
            await own.dispose()

    return load


async def sync(index: ListingIndex, dialect: str, session: Callable[[], AsyncSession],
               run: Run, version: int | None = None) -> None:
    """Apply to ``index`` what changed since its last look (one statement through ``run``
    when nothing did; changed rows are read in ``session()``, the unit of work's session,
    made only when something changed). ``version``: the database's data version read just
    before (``LeanReads.data_version``: SQLite's, or on PostgreSQL the count of change
    notices heard while listening); when the last look that found the index current saw
    the same one, nothing was committed since and the look is skipped. A commit racing
    this look changes the version, so the next one looks; a look that overlapped a load
    does not count.

    Requests that wait for the lock share looks: a look that began after a request arrived
    and has finished saw every commit made before that request, so the request needs no
    look of its own. Under load (PostgreSQL while it does not listen for notices looks on
    every search) one look serves everyone who queued behind the previous one, instead of
    each taking its turn with a round trip."""
    if not index.ready or (version is not None and version == index.quiet_at):
        return
    loads, arrived = index.loads, index.looks_begun
    async with index.lock:
        if index.looked > arrived and index.loads == loads:
            return
        index.looks_begun += 1
        begun = index.looks_begun
        mark, ids, quiet = await look(run, dialect, index.mark)
        if len(ids) > RELOAD_OVER:
            index.reload()
            return
        index.apply(await changed_rows(session(), ids) if ids else {}, mark)
        index.database_version = quiet
        index.looked = begun
    if index.ready and index.loads == loads:
        index.quiet_at = version


async def look(run: Run, dialect: str, since: int | None
               ) -> tuple[int, list[int], int | None]:
    """(where the next look starts, the listings changed at or after ``since``, the
    ``quiet`` of :data:`MARK`); with ``since`` None no listings."""
    if since is None:
        first = (await run(text(MARK[dialect])))[0]
        return int(first[0] or 0), [], first[1]
    rows = await run(text(f"SELECT m.mark, m.quiet, c.listing_id FROM ({MARK[dialect]}) AS m "
                          "LEFT JOIN listing_changes AS c ON c.stamp >= :since"
                          ).bindparams(since=since))
    return (int(rows[0][0]), [int(row[2]) for row in rows if row[2] is not None],
            rows[0][1])


def _micros_of(values: Sequence[Any]) -> list[int]:
    """Stored ``created_at`` values as microseconds: SQLite returns text, PostgreSQL
    datetimes."""
    if not values:
        return []
    if isinstance(values[0], str):
        return (np.array([v[:26] for v in values], dtype="datetime64[us]")
                .astype(np.int64).tolist())
    return [((v if v.tzinfo else v.replace(tzinfo=UTC)) - EPOCH) // MICROSECOND
            for v in values]


def _rows(found: list[Any], with_text: bool) -> list[Row]:
    created = _micros_of([r[2] for r in found])
    return [Row(id=int(r[0]), available=r[1] == AVAILABLE, created=c, price=int(r[3]),
                watch=int(r[4]), brand_key=r[5], brand=r[6], category=r[7], size=r[8],
                condition=r[9], head=r[10] if with_text else "",
                body=r[11] if with_text else "")
            for r, c in zip(found, created, strict=True)]


async def load_rows(session: AsyncSession) -> AsyncIterator[list[Row]]:
    """Every available listing, in batches by id."""
    after = 0
    while True:
        found = (await session.execute(text(
            f"SELECT {COLUMNS} FROM products WHERE status = :available AND id > :after "
            "ORDER BY id LIMIT :batch"),
            {"available": AVAILABLE, "after": after, "batch": LOAD_BATCH})).all()
        if not found:
            return
        after = int(found[-1][0])
        yield _rows(found, with_text=False)


async def changed_rows(session: AsyncSession, ids: list[int]) -> dict[int, Row | None]:
    """The listings ``ids`` as they are now (None: deleted), with their search terms."""
    changed: dict[int, Row | None] = dict.fromkeys(ids)
    unique = sorted(changed)
    for start in range(0, len(unique), IN_BATCH):
        part = unique[start:start + IN_BATCH]
        found = (await session.execute(text(
            f"SELECT {COLUMNS}, search_head, search_body FROM products "
            f"WHERE id IN ({', '.join(str(int(i)) for i in part)})"))).all()
        for row in _rows(found, with_text=True):
            changed[row.id] = row
    return changed
