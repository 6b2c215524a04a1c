"""``rethread db``: schema migrations."""

from __future__ import annotations

import typer
from alembic.util import CommandError

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
    ensure_database(settings.database_url, migrated=False)
    try:
        with console.status("Applying migrations..."):
            migrate(settings.database_url, revision)
    except CommandError as error:  # (a revision that is not one of ours)
        raise typer.BadParameter(str(error), param_hint="revision") from None
    console.print(f"[green]Database is up to date[/] ({printable_url(settings.database_url)})")
    added = add_missing_variants()
    if added:
        console.print(f"Gave {added} stored pictures their smaller copies", highlight=False)
