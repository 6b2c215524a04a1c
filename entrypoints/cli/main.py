"""``rethread``: migrate, serve, seed demo data and manage users from a terminal."""

from __future__ import annotations

import typer

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

app = typer.Typer(help="Rethread: a peer-to-peer marketplace for secondhand fashion.",
                  no_args_is_help=True, add_completion=False)
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
