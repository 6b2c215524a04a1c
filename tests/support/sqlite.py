"""SQLite in the adapter tests: a cancelled connection's lock is let go."""

from __future__ import annotations

import asyncio
import gc
import sqlite3

from sqlalchemy import make_url

#: How long a cancelled statement may take to run out: the tests' slow statements last
#: about a second.
RELEASE_SECONDS = 10


async def until_sqlite_is_free(database_url: str) -> None:
    """Wait until another connection can take SQLite's write lock, which a unit of work
    cancelled mid-statement holds until that statement has run out and its connection is
    closed (``adapters/sqlalchemy/engine.py``, ``_RollingBackConnection``). The garbage
    collector is off meanwhile: a lock only the collector would free (a closed connection
    left holding its transaction) fails here instead of being hidden."""
    path = make_url(database_url).database
    assert path is not None
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(RELEASE_SECONDS * 10):
            probe = sqlite3.connect(path, timeout=0)
            try:
                probe.execute("BEGIN IMMEDIATE")
                probe.execute("ROLLBACK")
                return
            except sqlite3.OperationalError:
                await asyncio.sleep(0.1)
            finally:
                probe.close()
    finally:
        if collecting:
            gc.enable()
    raise AssertionError("the cancelled connection still holds SQLite's write lock")
