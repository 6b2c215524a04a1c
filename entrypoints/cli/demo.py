"""``rethread demo``: deterministic demo data with a Rich progress display."""

from __future__ import annotations

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)

from application.demo.seeder import DEMO_LOGINS
from entrypoints.cli.runtime import console, run
from entrypoints.cli.tables import Column, print_table, table

app = typer.Typer(help="Demo data.", no_args_is_help=True)


@app.command()
def seed(
    users: int = typer.Option(0, min=0, help="Extra generated shoppers."),
    listings: int = typer.Option(60, min=0, help="Shop listings to generate (the demo's "
                                 "orders add sold copies of a few more)."),
) -> None:
    """Fill an empty database with demo accounts and data (does nothing when already seeded)."""
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as bar:
        tasks: dict[str, TaskID] = {}

        def report(step: str, done: int, total: int) -> None:
            if step not in tasks:
                tasks[step] = bar.add_task(f"Seeding {step}", total=total)
            bar.update(tasks[step], completed=done, total=total)

        seeded = run(lambda c: c.demo_seeder().seed(users=users, listings=listings,
                                                    progress=report))
    console.print("[green]Demo data seeded.[/]" if seeded
                  else "Demo data is already there; nothing changed.")
    print_logins()


@app.command()
def logins() -> None:
    """Print the demo logins."""
    print_logins()


def print_logins() -> None:
    rows = [(login.username, login.password, login.role.value) for login in DEMO_LOGINS]
    columns = (Column("username", key=True), Column("password", key=True), Column("role"))
    print_table(console, table("Demo logins", columns, rows))
