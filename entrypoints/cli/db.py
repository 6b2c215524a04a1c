"""``rethread db``: schema migrations."""

from __future__ import annotations

import asyncio

import typer
from alembic.util import CommandError

from adapters.migrations import applied_revisions
from adapters.migrations import upgrade as migrate
from entrypoints.cli.media import add_missing_variants
from entrypoints.cli.runtime import console, ensure_database, printable_url
from entrypoints.settings import get_settings

app = typer.Typer(help="Database schema.", no_args_is_help=True)


@app.command()
def upgrade(revision: str = typer.Argument(
        "heads", help="The revision to reach (an id in adapters/alembic/versions/); by default "
                      "the newest.")) -> None:
    """Migrate the database named by the settings to the newest schema, and give stored
    pictures any size they lack (`rethread media variants`)."""
    settings = get_settings()
    url = settings.database_url
    ensure_database(url, migrated=False)
    before = asyncio.run(applied_revisions(url))
    try:
        with console.status("Applying migrations..."):
            migrate(url, revision)
    except CommandError as error:  # (a revision that is not one of ours)
        raise typer.BadParameter(str(error), param_hint="revision") from None
    after = asyncio.run(applied_revisions(url))
    console.print(_done(before, after, revision), f"({printable_url(url)})", highlight=False)
    added = add_missing_variants()
    if added:
        console.print(f"Gave {added} stored pictures their smaller copies", highlight=False)


def _done(before: tuple[str, ...], after: tuple[str, ...], revision: str) -> str:
    """What the upgrade did, by Alembic's revisions of the database before and after."""
    at = ", ".join(after)
    if after == before:
        return (f"[green]Database is already up to date[/] at {at}" if revision == "heads"
                else f"Nothing to migrate: the database is already at {at}")
    if not before:
        return f"[green]Migrated[/] an empty database to {at}"
    return f"[green]Migrated[/] the database from {', '.join(before)} to {at}"
