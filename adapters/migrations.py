"""Apply Alembic migrations programmatically (``rethread db upgrade``, ``make run``, tests)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

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
    from alembic.script import ScriptDirectory

    return list(ScriptDirectory.from_config(alembic_config(database_url)).get_heads())
