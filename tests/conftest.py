"""Shared fixtures: real databases (SQLite always, PostgreSQL when configured), apps, clients.

Each adapter/API test runs once per database. The schema is built by the real migrations
once per session; every test starts from empty tables.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy import text

from adapters.migrations import upgrade
from adapters.sqlalchemy.engine import create_engine, reset_postgres_schema
from adapters.sqlalchemy.models import Base
from entrypoints.container import Container, build_container, shutdown
from entrypoints.http.app import create_app
from entrypoints.settings import Settings, load_settings
from tests.support import ApiClient

POSTGRES_URL = os.environ.get("RETHREAD_TEST_DATABASE_URL")
REDIS_URL = os.environ.get("RETHREAD_TEST_REDIS_URL")
DATABASES = ["sqlite"] + (["postgresql"] if POSTGRES_URL else [])


@pytest.fixture(scope="session", params=DATABASES)
async def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                       ) -> str:
    """A migrated database for the whole session."""
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('db') / 'rethread.db'}"
    else:
        assert POSTGRES_URL is not None
        url = POSTGRES_URL
        await reset_postgres_schema(url)
    await asyncio.to_thread(upgrade, url)
    return url


async def _empty_tables(url: str) -> None:
    engine = create_engine(url)
    tables = [t.name for t in reversed(Base.metadata.sorted_tables)]
    async with engine.begin() as connection:
        if url.startswith("postgresql"):
            await connection.execute(text(f"TRUNCATE {', '.join(tables)} RESTART IDENTITY CASCADE"))
        else:
            for table in tables:
                await connection.execute(text(f"DELETE FROM {table}"))
    await engine.dispose()


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
        **env,
    })


@pytest.fixture
def settings(db: str, tmp_path: Path) -> Settings:
    return make_settings(db, tmp_path, RETHREAD_ADMIN_EMAILS="boss@example.com")


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
def redis_url() -> Iterator[str]:
    if not REDIS_URL:
        pytest.skip("RETHREAD_TEST_REDIS_URL is not set (CI sets it)")
    yield REDIS_URL
