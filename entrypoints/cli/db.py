"""``rethread db``: schema migrations."""

from __future__ import annotations

import typer

from adapters.migrations import upgrade as migrate
from entrypoints.cli.runtime import console
from entrypoints.settings import get_settings

app = typer.Typer(help="Database schema.", no_args_is_help=True)


@app.command()
def upgrade(revision: str = typer.Argument("heads", help="Target revision.")) -> None:
    """Migrate the database named by the settings to the newest schema."""
    settings = get_settings()
    with console.status("Applying migrations..."):
        migrate(settings.database_url, revision)
    console.print(f"[green]Database is up to date[/] ({_safe(settings.database_url)})")


def _safe(url: str) -> str:
    """The URL without a password, for printing."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    credentials, host = rest.rsplit("@", 1)
    return f"{scheme}://{credentials.split(':', 1)[0]}@{host}"
