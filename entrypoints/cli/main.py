"""``rethread``: migrate, serve, seed demo data and manage users from a terminal."""

from __future__ import annotations

from typing import Any

import typer
from rich.markup import escape
from typer.core import TyperGroup

from entrypoints.cli import (
    analytics,
    db,
    demo,
    mail,
    media,
    moderation,
    orders,
    search,
    serve,
    users,
)
from entrypoints.cli.runtime import DatabaseUnavailable, errors
from entrypoints.settings import SettingsError


class Commands(TyperGroup):
    """Every command, with the operator's setup mistakes (a setting the server cannot use, a
    database it cannot reach or never migrated) told in one line, exit status 1, instead of
    a traceback."""

    def invoke(self, ctx: Any) -> Any:  # (a Context of the click that Typer vendors)
        try:
            return super().invoke(ctx)
        except (SettingsError, DatabaseUnavailable) as error:
            errors.print(f"[red]{escape(str(error))}[/]")
            raise typer.Exit(1) from error


app = typer.Typer(help="Rethread: a peer-to-peer marketplace for secondhand fashion.",
                  no_args_is_help=True, add_completion=False, cls=Commands,
                  # Docstrings as Markdown: a summary's source line breaks are joined in
                  # every group's command list (Rich mode kept them), `code` is shown as such.
                  rich_markup_mode="markdown")
app.add_typer(analytics.app, name="analytics")
app.add_typer(db.app, name="db")
app.add_typer(demo.app, name="demo")
app.add_typer(users.app, name="users")
app.add_typer(orders.app, name="orders")
app.add_typer(search.app, name="search")
app.add_typer(mail.app, name="mail")
app.add_typer(media.app, name="media")
app.add_typer(moderation.app, name="moderation")
app.add_typer(moderation.audit_app, name="audit")
app.add_typer(moderation.disputes_app, name="disputes")
app.command("serve")(serve.serve)

if __name__ == "__main__":
    app()
