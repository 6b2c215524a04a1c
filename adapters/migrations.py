"""Apply Alembic migrations programmatically (``rethread db upgrade``, ``make run``, tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from adapters.sqlalchemy.engine import create_engine

SCRIPT_LOCATION = Path(__file__).resolve().parent / "alembic"


def alembic_config(database_url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(SCRIPT_LOCATION))
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    config.set_main_option("path_separator", "os")
    return config


def upgrade(database_url: str, revision: str = "heads") -> None:
    """Migrate to the newest schema. Blocking: call from sync code or a worker thread."""
    command.upgrade(alembic_config(database_url), revision)


def current_heads(database_url: str) -> list[str]:
    """The newest revisions of the migration scripts (not of the database)."""
    return list(ScriptDirectory.from_config(alembic_config(database_url)).get_heads())


async def applied_revisions(database_url: str) -> tuple[str, ...]:
    """The revisions the database is at, as its ``alembic_version`` table says: none before
    its first migration."""
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(
                lambda sync: MigrationContext.configure(sync).get_current_heads())
    finally:
        await engine.dispose()
