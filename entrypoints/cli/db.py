"""``rethread db``: schema migrations."""

from __future__ import annotations

import typer

from adapters.migrations import upgrade as migrate
from entrypoints.cli.media import add_missing_variants
from entrypoints.cli.runtime import console
from entrypoints.settings import get_settings

app = typer.Typer(help="Database schema.", no_args_is_help=True)


@app.command()
def upgrade(revision: str = typer.Argument("heads", help="Target revision.")) -> None:
    """Migrate the database named by the settings to the newest schema, and give stored
    pictures any size they lack (`rethread media variants`)."""
    settings = get_settings()
    with console.status("Applying migrations..."):
        migrate(settings.database_url, revision)
    console.print(f"[green]Database is up to date[/] ({_safe(settings.database_url)})")
    added = add_missing_variants()
    if added:
        console.print(f"Gave {added} stored pictures their smaller copies", highlight=False)


def _safe(url: str) -> str:
    """The URL without a password, for printing."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    return f"{scheme}://{credentials.split(':', 1)[0]}@{host}"
