"""``rethread users``: accounts for operators."""

from __future__ import annotations

import typer

from application.accounts import Registration
from domain.errors import DomainError
from entrypoints.cli.runtime import console, errors, run

app = typer.Typer(help="User accounts.", no_args_is_help=True)


@app.command()
def create(
    username: str,
    email: str = typer.Option(..., "--email", help="Email address."),
    password: str = typer.Option(..., "--password", help="Password (at least 6 characters)."),
    admin: bool = typer.Option(False, "--admin", help="Make the account an administrator."),
    display_name: str = typer.Option(None, "--display-name", help="Defaults to the username."),
) -> None:
    """Create an account (the same rules as sign-up)."""
    form = Registration(username, display_name or username, email, password)
    try:
        user = run(lambda c: c.accounts().create_user(form, admin=admin))
    except DomainError as error:
        details = "; ".join(getattr(error, "errors", {}).values()) or error.message
        errors.print(f"[red]Could not create {username}:[/] {details}")
        raise typer.Exit(1) from error
    console.print(f"[green]Created[/] {user.username} (id {user.id}, role {user.role.value})")
