"""Run an async use case from a sync Typer command with a container built from settings."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from typing import TypeVar
from urllib.parse import urlsplit

from redis.asyncio import Redis
from redis.exceptions import RedisError
from rich.console import Console
from sqlalchemy import inspect, make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.sqlalchemy.engine import create_engine
from entrypoints.container import Container, build_container, shutdown
from entrypoints.settings import get_settings

T = TypeVar("T")
console = Console()
errors = Console(stderr=True)


class DatabaseUnavailable(Exception):
    """The configured database (or Redis) cannot be used: unreachable, refused, or never
    migrated (``rethread`` prints the message without a traceback)."""


def run(use_case: Callable[[Container], Awaitable[T]]) -> T:
    async def main() -> T:
        container = build_container(get_settings())
        try:
            await check_database(container.engine(), container.settings().database_url)
            return await use_case(container)
        finally:
            await shutdown(container)

    return asyncio.run(main())


async def check_database(engine: AsyncEngine, url: str, *, migrated: bool = True) -> None:
    """Connect once (and, with ``migrated``, look for the schema) so that a wrong URL, a
    database that is down or one that ``rethread db upgrade`` never ran on is told in one
    line, not as a traceback from the middle of a command."""
    _open_sqlite_file(url)
    try:
        async with engine.connect() as connection:
            has_schema = await connection.run_sync(
                lambda sync: inspect(sync).has_table("alembic_version"))
    except (OSError, DBAPIError) as error:
        reason = error.orig if isinstance(error, DBAPIError) else error
        raise DatabaseUnavailable(
            f"Could not reach the database {printable_url(url)}: {reason}") from error
    if migrated and not has_schema:
        raise DatabaseUnavailable(f"The database {printable_url(url)} has no tables yet: "
                                  "run `rethread db upgrade` first.")


def ensure_database(url: str, *, migrated: bool = True) -> None:
    """:func:`check_database` on an engine of its own, for the commands that build no
    container (``rethread db upgrade``, ``rethread serve`` before its workers start)."""

    async def check() -> None:
        engine = create_engine(url)
        try:
            await check_database(engine, url, migrated=migrated)
        finally:
            await engine.dispose()

    asyncio.run(check())


def ensure_redis(url: str | None) -> None:
    """Ping the configured Redis, if any, so that ``rethread serve`` tells one that is down
    in one line instead of starting workers that fail their start-up again and again."""
    if url is None:
        return

    async def ping() -> None:
        client = Redis.from_url(url, socket_connect_timeout=5)
        try:
            await client.ping()
        finally:
            await client.aclose()

    try:
        asyncio.run(ping())
    except (OSError, RedisError) as error:
        parts = urlsplit(url)
        shown = url.replace(f":{parts.password}@", ":***@") if parts.password else url
        raise DatabaseUnavailable(f"Could not reach Redis at {shown}: {error}") from None


def _open_sqlite_file(url: str) -> None:
    """A SQLite file that cannot be opened is found here, without aiosqlite: its worker
    thread outlives a failed connection and reports on an event loop already closed."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return
    try:
        sqlite3.connect(parsed.database).close()
    except sqlite3.Error as error:
        raise DatabaseUnavailable(
            f"Could not open the database {url}: {error} ({parsed.database})") from error


def printable_url(url: str) -> str:
    """The URL with its password shown as ``***``, for printing (SQLAlchemy's own rule)."""
    return make_url(url).render_as_string(hide_password=True)
