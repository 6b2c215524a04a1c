"""Building a host's search index in a Python process of its own (``SearchIndexer.open``
for a large catalog, ``docs/search.md``): the build's memory (Tantivy's writer, batches of
rows) is given back when that process ends, where a long-lived server process would keep
it."""

from __future__ import annotations

import asyncio
import multiprocessing
from datetime import datetime
from pathlib import Path

from adapters.search.documents import live_path
from adapters.sqlalchemy.engine import create_engine, create_session_factory
from application.shared.clock import SteppedClock


async def build_in_child(database_url: str, directory: Path, now: datetime) -> Path:
    """Build a new live index of ``directory`` from the listings of ``database_url`` in a
    freshly started Python process (:meth:`SearchIndexer.rebuild`, its clock stopped at
    ``now``); returns its path. Cancelled, the process is stopped (its unfinished index is
    never made live; the next build removes it)."""
    process = multiprocessing.get_context("spawn").Process(
        target=_build, args=(database_url, str(directory), now), daemon=True,
        name="rethread-search-build")
    process.start()
    loop = asyncio.get_running_loop()
    ended: asyncio.Future[None] = loop.create_future()

    def end() -> None:  # (the process's sentinel becomes readable when it ends)
        if not ended.done():
            ended.set_result(None)

    loop.add_reader(process.sentinel, end)
    try:
        await ended
    except BaseException:
        process.terminate()
        await asyncio.to_thread(process.join, 10)
        raise
    finally:
        loop.remove_reader(process.sentinel)
    process.join()
    path = live_path(directory)
    if process.exitcode != 0 or path is None:
        raise RuntimeError(f"building the search index failed (exit code {process.exitcode})")
    return path


def _build(database_url: str, directory: str, now: datetime) -> None:
    """:func:`build_in_child`'s process."""

    async def build() -> None:
        engine = create_engine(database_url)
        try:
            from adapters.search.indexer import SearchIndexer  # (the child's own import)

            indexer = SearchIndexer(create_session_factory(engine), Path(directory),
                                    SteppedClock(now))
            await indexer.rebuild()
        finally:
            await engine.dispose()

    asyncio.run(build())
