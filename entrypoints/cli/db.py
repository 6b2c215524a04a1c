"""``rethread db``: schema migrations."""

from __future__ import annotations

import asyncio

import typer

from adapters.migrations import upgrade as migrate
from adapters.sqlalchemy.engine import create_engine
from entrypoints.cli.media import add_missing_variants
from entrypoints.cli.runtime import check_database, console, printable_url
from entrypoints.settings import get_settings

app = typer.Typer(help="Database schema.", no_args_is_help=True)


@app.command()
def upgrade(revision: str = typer.Argument("heads", help="Target revision.")) -> None:
    """Migrate the database named by the settings to the newest schema, and give stored
    pictures any size they lack (`rethread media variants`)."""
    settings = get_settings()
    asyncio.run(_reachable(settings.database_url))
    with console.status("Applying migrations..."):
        migrate(settings.database_url, revision)
    console.print(f"[green]Database is up to date[/] ({printable_url(settings.database_url)})")
    added = add_missing_variants()
    if added:
        console.print(f"Gave {added} stored pictures their smaller copies", highlight=False)


async def _reachable(url: str) -> None:
    engine = create_engine(url)
    try:
        await check_database(engine, url, migrated=False)
    finally:
        await engine.dispose()
