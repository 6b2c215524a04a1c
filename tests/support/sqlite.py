"""SQLite in the adapter tests: waiting out a cancelled connection's lock."""

from __future__ import annotations

import asyncio
import gc
import sqlite3

from sqlalchemy import make_url


async def until_sqlite_is_free(database_url: str) -> None:
    """aiosqlite's connection, cancelled mid-statement, keeps SQLite's write lock until its
    statement has run out and the garbage collector has closed it (measured: 4 s). The tests
    after one that cancels a unit of work share the file, so it waits for that."""
    path = make_url(database_url).database
    assert path is not None
    for _ in range(150):
        gc.collect()
        probe = sqlite3.connect(path, timeout=0)
        try:
            probe.execute("BEGIN IMMEDIATE")
            probe.execute("ROLLBACK")
            return
        except sqlite3.OperationalError:
            await asyncio.sleep(0.2)
        finally:
            probe.close()
    raise AssertionError("the cancelled connection still holds SQLite's write lock")
