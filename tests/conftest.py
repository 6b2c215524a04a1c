"""Shared fixtures: real databases (SQLite always, PostgreSQL when configured), apps, clients.

Each adapter/API test runs once per database. The schema is built by the real migrations
once per session; every test starts from empty tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest
from hypothesis import settings as hypothesis_settings
from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy import make_url, text
from sqlalchemy.ext.asyncio import create_async_engine

from adapters.migrations import upgrade
from adapters.sqlalchemy.engine import reset_postgres_schema
from adapters.sqlalchemy.models import Base
from entrypoints.container import Container, build_container, shutdown
from entrypoints.http.app import create_app
from entrypoints.settings import Settings, load_settings
from tests.fakes.system import FixedClock
from tests.support import NOW, ApiClient

BASE_POSTGRES_URL = os.environ.get("RETHREAD_TEST_DATABASE_URL")
# Under pytest-xdist (``make test`` runs the slow tiers on two workers) each worker has its own
# PostgreSQL database beside the configured one: test -> test_gw0, test_gw1.
WORKER = os.environ.get("PYTEST_XDIST_WORKER")
POSTGRES_URL = (f"{BASE_POSTGRES_URL}_{WORKER}" if BASE_POSTGRES_URL and WORKER
                else BASE_POSTGRES_URL)
BASE_REDIS_URL = os.environ.get("RETHREAD_TEST_REDIS_URL")


def _worker_redis_url(url: str | None, worker: str | None) -> str | None:
    """One Redis database per xdist worker (db 0 -> 0, 1, ...). Realtime channel names carry the
    database number (``adapters.realtime``), so two workers' servers, whose users both have
    id 1 and 2, do not hear each other's messages."""
    if not url or not worker:
        return url
    parsed = make_url(url)
    base = int(parsed.database or 0)
    return parsed.set(database=str(base + int(worker.removeprefix("gw")))).render_as_string(
        hide_password=False)


REDIS_URL = _worker_redis_url(BASE_REDIS_URL, WORKER)
DATABASES = ["sqlite"] + (["postgresql"] if POSTGRES_URL else [])

# Property tests check rules, not speed: hypothesis' default 200 ms deadline per example turns a
# busy 2-core machine (CI, or several test runs at once) into false failures. Benchmarks in
# bench/ measure time; no test does.
hypothesis_settings.register_profile("rethread", deadline=None)
# A deeper search for counterexamples, run by hand: HYPOTHESIS_PROFILE=thorough pytest ...
hypothesis_settings.register_profile("thorough", deadline=None, max_examples=2000)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "rethread"))


@pytest.hookimpl(tryfirst=True)
def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """``@pytest.mark.one_database``: a test about the HTTP layer alone (compression, security
    headers, the mirror of the authorization matrix for an administrator without two-factor
    sign-in) runs on SQLite only, not once per database: what it checks is the same on
    both, and the matrix itself and every race run on both."""
    if (metafunc.definition.get_closest_marker("one_database")
            and "database_url" in metafunc.fixturenames):
        # As a mark, which pytest then applies in place of the fixture's own parameters.
        metafunc.definition.add_marker(pytest.mark.parametrize(
            "database_url", ["sqlite"], indirect=True, scope="session"))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Iterator[pytest.TestReport]:
    """A test that pytest-timeout stopped (``timeout`` in pyproject.toml) reports, beside
    every thread's stack, where each unfinished asyncio task waits: a hung test's thread
    stacks end in the event loop's ``select``, and the task names the await it is stuck on."""
    report = yield
    if call.excinfo is not None and "from pytest-timeout" in str(call.excinfo.value):
        report.sections.append(("unfinished asyncio tasks", _unfinished_tasks()))
    return report


def _unfinished_tasks() -> str:
    """Each unfinished task and the chain of awaits it is in, outermost first."""
    lines: list[str] = []
    for task in [o for o in gc.get_objects() if isinstance(o, asyncio.Task) and not o.done()]:
        lines.append(repr(task))
        awaiting: Any = task.get_coro()
        while awaiting is not None:
            frame = (getattr(awaiting, "cr_frame", None) or getattr(awaiting, "ag_frame", None)
                     or getattr(awaiting, "gi_frame", None))
            if frame is not None:
                lines.append(f'  File "{frame.f_code.co_filename}", line {frame.f_lineno},'
                             f" in {frame.f_code.co_name}")
            awaiting = (getattr(awaiting, "cr_await", None) or getattr(awaiting, "ag_await", None)
                        or getattr(awaiting, "gi_yieldfrom", None))
    return "\n".join(lines) or "none"


async def create_database_if_missing(existing_url: str, wanted_url: str) -> None:
    """Create ``wanted_url``'s database through ``existing_url`` (same server) unless it is
    there."""
    name = make_url(wanted_url).database
    engine = create_async_engine(existing_url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            found = await connection.scalar(
                text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": name})
            if not found:
                await connection.execute(text(f'CREATE DATABASE "{name}"'))
    finally:
        await engine.dispose()


async def configure_test_database(url: str) -> None:
    """New sessions on ``url``'s (test) database:

    - commit without waiting for the WAL to reach the disk (``synchronous_commit = off``).
      Only what survives a crash of the database server changes, which no test is about;
      every transaction, lock and constraint behaves as before. A commit took 9.3 ms waiting
      on this machine's disk and 0.6 ms without, and the suites commit thousands of times.
    - give up a lock wait after a minute (``lock_timeout``): a transaction a test left open
      then fails the next statement that needs its rows, naming it, instead of holding the
      run (a race test's waits last milliseconds)."""
    name = make_url(url).database
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(
                text(f'ALTER DATABASE "{name}" SET synchronous_commit = off'))
            await connection.execute(
                text(f"ALTER DATABASE \"{name}\" SET lock_timeout = '60s'"))
    finally:
        await engine.dispose()


@pytest.fixture(scope="session", params=DATABASES)
async def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                       ) -> str:
    """A migrated database for the whole session."""
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('db') / 'rethread.db'}"
    else:
        assert POSTGRES_URL is not None and BASE_POSTGRES_URL is not None
        url = POSTGRES_URL
        if url != BASE_POSTGRES_URL:
            await create_database_if_missing(BASE_POSTGRES_URL, url)
        await configure_test_database(url)
        await reset_postgres_schema(url)
    await asyncio.to_thread(upgrade, url)
    return url


def _emptying(tables: list[str]) -> str:
    return "".join(f"DELETE FROM {table};" for table in tables)


async def _empty_tables(url: str) -> None:
    """Every table emptied, children first, and PostgreSQL's used sequences restarted (ids
    start at 1 again), in one round trip on one fresh connection. DELETE, not TRUNCATE: a
    test leaves a few rows, and TRUNCATE of every table creates fresh files for each one and
    fsyncs them: 1.8-2.5 s per test on the shared 2-core machine (load average 20), against
    0.1-0.8 s for this there. One statement per table through the ORM's engine cost 60-390
    ms per test on PostgreSQL (two round trips each, and the engine's set-up) and 60 ms on
    SQLite; this costs a few."""
    tables = [t.name for t in reversed(Base.metadata.sorted_tables)]
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        def empty() -> None:
            with contextlib.closing(sqlite3.connect(parsed.database or "", timeout=30)) as db:
                db.executescript(f"BEGIN;{_emptying(tables)}COMMIT;")

        await asyncio.to_thread(empty)
        return
    connection = await asyncpg.connect(
        parsed.set(drivername="postgresql").render_as_string(hide_password=False))
    try:
        await connection.execute(f"""DO $$ DECLARE used text; BEGIN {_emptying(tables)}
            FOR used IN SELECT sequencename FROM pg_sequences
                WHERE schemaname = current_schema() AND last_value IS NOT NULL
            LOOP EXECUTE format('ALTER SEQUENCE %I RESTART', used); END LOOP; END $$""")
    finally:
        await connection.close()


@pytest.fixture
async def db(database_url: str) -> str:
    """The session's database, emptied for this test."""
    await _empty_tables(database_url)
    return database_url


def make_settings(database_url: str, data_dir: Path, **env: str) -> Settings:
    return load_settings({
        "RETHREAD_DATA_DIR": str(data_dir),
        "RETHREAD_DATABASE_URL": database_url,
        "RETHREAD_SECRET_KEY": "test-secret-key-test-secret-key-0123456789",
        "RETHREAD_ORDER_TIMER_SECONDS": "0",  # tests run the timers themselves
        # each commit that changed search is in the index before the request answers
        "RETHREAD_SEARCH_INDEXING": "inline",
        "RETHREAD_MAIL_POLL_SECONDS": "0",  # and send the queued mail themselves
        # argon2id at its cheapest (the same algorithm and code): the suites make thousands
        # of accounts; the tests about hashing override the hasher with the standard cost.
        "RETHREAD_PASSWORD_HASHING": "cheapest",
        **env,
    })


def standard_settings(db: str, data_dir: Path, request: pytest.FixtureRequest) -> Settings:
    """The real limits, unless the test is marked ``rate_limit_scale(n)`` (a burst of
    sign-ups or listings from one address that is not about the limits)."""
    scale = request.node.get_closest_marker("rate_limit_scale")
    return make_settings(db, data_dir, RETHREAD_ADMIN_EMAILS="boss@example.com",
                         RETHREAD_RATE_LIMIT_SCALE=str(scale.args[0] if scale else 1))


@pytest.fixture
def settings(db: str, tmp_path: Path, request: pytest.FixtureRequest) -> Settings:
    return standard_settings(db, tmp_path, request)


@pytest.fixture
async def container(settings: Settings) -> AsyncIterator[Container]:
    built = build_container(settings)
    yield built
    await shutdown(built)


@pytest.fixture
def app(settings: Settings, container: Container) -> Litestar:
    return create_app(settings, container)


@pytest.fixture
async def client(app: Litestar) -> AsyncIterator[ApiClient]:
    async with AsyncTestClient(app=app) as raw:
        yield ApiClient(raw)


@pytest.fixture
def clock() -> FixedClock:
    """The tests' one clock: stands at ``NOW`` until the test moves it (``advance``). Unit
    tests' faked container reads it; adapter and API tests hand it to what they build."""
    return FixedClock(NOW)


@pytest.fixture
def redis_url() -> Iterator[str]:
    if not REDIS_URL:
        pytest.skip("RETHREAD_TEST_REDIS_URL is not set (CI sets it)")
    yield REDIS_URL
