"""The lean SQLite connection's data version (adapters/sqlalchemy/lean.py): read from the WAL
index's header, it changes whenever SQLite's own ``PRAGMA data_version`` does (another
connection committed), and stays put while nothing is committed, so the search index and the
sellers' cards are looked at again exactly when they may have fallen behind."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy.dialects import sqlite

from adapters.sqlalchemy import lean
from adapters.sqlalchemy.lean import _SqliteLoopReads

pytestmark = pytest.mark.adapters

# What another connection may do to the database between two looks.
OPERATIONS = ("commit", "rollback", "read", "checkpoint", "restart", "nothing")


def database(path: Path, journal: str = "WAL") -> sqlite3.Connection:
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute(f"PRAGMA journal_mode={journal}")
    writer.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)")
    return writer


@pytest.fixture
def wal(tmp_path: Path) -> Iterator[tuple[sqlite3.Connection, _SqliteLoopReads]]:
    writer = database(tmp_path / "wal.db")
    reads = _SqliteLoopReads(str(tmp_path / "wal.db"), sqlite.dialect())
    yield writer, reads
    reads.close()
    writer.close()


def act(writer: sqlite3.Connection, operation: str) -> None:
    if operation == "commit":
        writer.execute("INSERT INTO t VALUES (1)")
    elif operation == "rollback":
        writer.execute("BEGIN")
        writer.execute("INSERT INTO t VALUES (2)")
        writer.execute("ROLLBACK")
    elif operation == "read":
        writer.execute("SELECT count(*) FROM t").fetchone()
    elif operation == "checkpoint":
        writer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
    elif operation == "restart":  # the WAL emptied and begun again from its first frame
        writer.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        writer.execute("INSERT INTO t VALUES (3)")


def pragma(reads: _SqliteLoopReads) -> int:
    return int(reads.connection.execute("PRAGMA data_version").fetchone()[0])


def test_a_wal_database_is_looked_at_through_its_index_file(
        wal: tuple[sqlite3.Connection, _SqliteLoopReads]) -> None:
    _, reads = wal
    assert reads.shm is not None


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(OPERATIONS), min_size=1, max_size=12))
def test_the_version_changes_whenever_sqlites_own_does_and_not_while_nothing_is_committed(
        wal: tuple[sqlite3.Connection, _SqliteLoopReads], operations: list[str]) -> None:
    writer, reads = wal
    ours, theirs = reads.data_version(), pragma(reads)
    for operation in operations:
        act(writer, operation)
        now_ours, now_theirs = reads.data_version(), pragma(reads)
        if now_theirs != theirs:
            assert now_ours != ours, f"{operation}: SQLite saw a commit, the header did not"
        if operation in ("rollback", "read", "nothing"):
            assert now_ours == ours, f"{operation} changed the version"
        assert reads.data_version() == now_ours  # a second look with nothing between
        ours, theirs = now_ours, now_theirs


def test_a_header_read_while_a_commit_writes_it_counts_as_a_change(
        wal: tuple[sqlite3.Connection, _SqliteLoopReads],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The header's two copies are written one after the other: a read between the two
    finds them different. That is counted as a change, and so is the whole new header."""
    _, reads = wal
    before = reads.data_version()
    real = lean.os.pread

    def torn(fd: int, size: int, offset: int) -> bytes:
        header = real(fd, size, offset)
        return bytes([header[0] ^ 1]) + header[1:]

    monkeypatch.setattr(lean.os, "pread", torn)
    during = reads.data_version()
    assert during != before
    monkeypatch.setattr(lean.os, "pread", real)
    after = reads.data_version()
    assert after not in (before, during)
    assert reads.data_version() == after


def test_a_database_not_in_wal_mode_asks_sqlite(tmp_path: Path) -> None:
    writer = database(tmp_path / "journal.db", journal="DELETE")
    reads = _SqliteLoopReads(str(tmp_path / "journal.db"), sqlite.dialect())
    try:
        assert reads.shm is None
        before = reads.data_version()
        assert reads.data_version() == before
        writer.execute("INSERT INTO t VALUES (1)")
        assert reads.data_version() != before
    finally:
        reads.close()
        writer.close()
