"""``rethread users``: accounts for operators."""

from __future__ import annotations

import typer

from application.accounts import Registration
from domain.validation.accounts import USERNAME_MAX, USERNAME_MIN
from entrypoints.cli.options import ID_MAX, attempt
from entrypoints.cli.runtime import console, run
from entrypoints.cli.tables import Column, print_json, print_table, table

app = typer.Typer(help="User accounts.", no_args_is_help=True)


@app.command()
def create(
    username: str = typer.Argument(..., help=f"Login name: {USERNAME_MIN}-{USERNAME_MAX} "
                                             "letters, digits, dots, dashes or underscores."),
    email: str = typer.Option(..., "--email", help="Email address."),
    password: str = typer.Option(..., "--password", help="Password (at least 6 characters)."),
    admin: bool = typer.Option(False, "--admin", help="Make the account an administrator."),
    display_name: str = typer.Option(None, "--display-name", help="Defaults to the username."),
) -> None:
    """Create an account (the same rules as sign-up)."""
    form = Registration(username, display_name or username, email, password)
    # A display name drawn from the username is the username's mistake, said once.
    fields = {"username": "username", "email": "--email", "password": "--password",
              "displayName": "--display-name" if display_name else "username"}
    user = attempt(f"create {username}",
                   lambda c: c.accounts().create_user(form, admin=admin), fields)
    console.print(f"[green]Created[/] {user.username} (id {user.id}, role {user.role.value})")


@app.command("list")
def list_users(
    limit: int = typer.Option(50, min=1, max=1000, help="How many users to show."),
    after: int = typer.Option(None, "--after", min=0, max=ID_MAX,
                              help="Show users after this id (next page)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (for scripts)."),
) -> None:
    """List accounts in id order, a page at a time (ids, usernames and emails are never
    cut), or as JSON."""
    users = run(lambda c: c.accounts().list_users(limit, after))
    if as_json:
        print_json([{"id": user.id, "username": user.username,
                     "displayName": user.display_name, "email": user.email,
                     "role": user.role.value, "joined": user.created_at.isoformat()}
                    for user in users])
        return
    if not users:
        console.print("No users." if after is None else f"No users after id {after}.",
                      highlight=False)
        return
    columns = (Column("id", key=True, justify="right"), Column("username", key=True),
               Column("display name"), Column("email", key=True), Column("role"),
               Column("joined", key=True))
    rows = [(str(user.id), user.username, user.display_name, user.email, user.role.value,
             user.created_at.date().isoformat()) for user in users]
    print_table(console, table("Users", columns, rows))
    if len(users) == limit and users[-1].id is not None:
        console.print(f"More: rethread users list --after {users[-1].id}")


@app.command("grant-admin")
def grant_admin(name: str = typer.Argument(..., help="Username or email.")) -> None:
    """Make an account an administrator."""
    _set_admin(name, admin=True)


@app.command("revoke-admin")
def revoke_admin(name: str = typer.Argument(..., help="Username or email.")) -> None:
    """Take the administrator role away (back to seller when they list items, else user)."""
    _set_admin(name, admin=False)


def _set_admin(name: str, *, admin: bool) -> None:
    user = attempt(f"change {name}", lambda c: c.accounts().set_admin(name, admin))
    console.print(f"[green]{user.username}[/] is now {user.role.value}")


@app.command("reset-password")
def reset_password(name: str = typer.Argument(..., help="Username or email.")) -> None:
    """Email the account a password-reset link (valid one hour; sent by the mail worker or
    `rethread mail send`)."""
    user = attempt(f"reset {name}", lambda c: c.account_security().send_password_reset_to(name))
    console.print(f"[green]Queued[/] a password-reset link to {user.email} for {user.username}")


@app.command("disable-2fa")
def disable_two_factor(name: str = typer.Argument(..., help="Username or email.")) -> None:
    """Turn two-factor sign-in off for a member who lost their authenticator and their
    recovery codes (check who they are first: this removes a lock from the account)."""
    user = attempt(f"change {name}", lambda c: c.two_factor().operator_disable(name))
    console.print(f"[green]Two-factor sign-in is off[/] for {user.username}")
