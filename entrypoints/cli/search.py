"""``rethread search rebuild | status | follow``: the host's search index (docs/search.md)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from entrypoints.cli.malloc import limit_malloc_arenas
from entrypoints.cli.runtime import console, errors, run
from entrypoints.container import Container
from entrypoints.settings import SettingsError, get_settings, make_folder

app = typer.Typer(help="The search index of this host.", no_args_is_help=True)


@app.command()
def rebuild() -> None:
    """Build a new index from the listings table beside the live one and swap it in
    atomically (searches keep answering from the old one meanwhile)."""
    make_folder("RETHREAD_SEARCH_DIR", get_settings().search_dir)
    started = time.monotonic()
    path = run(_rebuild)
    console.print(f"Rebuilt the search index in {time.monotonic() - started:.1f} s: {path}",
                  highlight=False)


async def _rebuild(container: Container) -> str:
    indexer = container.search_indexer()
    progress = Progress(TextColumn("Indexing listings"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=errors, transient=True,
                        disable=not errors.is_terminal)
    with progress:
        task = progress.add_task("rebuild", total=None)

        def heard(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        path = await indexer.rebuild(heard)
    return str(path)


@app.command()
def status() -> None:
    """Documents, the outbox position applied, the lag behind the outbox, the last commit."""
    _readable(get_settings().search_dir)
    found = run(lambda c: c.search_indexer().status(c.search()))
    table = Table(show_header=False, box=None)
    table.add_row("documents", str(found.documents))
    table.add_row("outbox position applied", str(found.position))
    table.add_row("outbox last row", str(found.outbox))
    table.add_row("lag (rows)", str(found.lag))
    table.add_row("last commit", "never" if found.committed_at is None
                  else found.committed_at.isoformat(timespec="seconds"))
    console.print(table)


def _readable(folder: Path) -> None:
    """A search folder this command cannot read is refused in one line (a file in its way,
    no permission), not reported as an index of 0 documents never committed. A folder not
    made yet is no index yet: its status says so."""
    try:
        with os.scandir(folder):
            pass
    except FileNotFoundError:
        return
    except OSError as error:
        reason = "a file of that name is in the way" if folder.is_file() else error.strerror
        raise SettingsError(f"RETHREAD_SEARCH_DIR {folder} cannot be read: {reason}") from None


@app.command()
def follow() -> None:
    """Be this host's search writer: apply the outbox as it grows, until interrupted. For
    servers started with RETHREAD_SEARCH_INDEXING=off; refused while another process of
    this host holds the writer lock."""
    settings = get_settings()
    make_folder("RETHREAD_SEARCH_DIR", settings.search_dir)
    limit_malloc_arenas(settings.malloc_arenas)  # (Tantivy's threads: as a server)
    try:
        run(_follow)
    except KeyboardInterrupt:
        console.print("Stopped following the outbox.")


async def _follow(container: Container) -> None:
    indexer = container.search_indexer()
    if not indexer.take_lock():
        errors.print("[red]Another process of this host is the search writer already[/] (a "
                     "server started without RETHREAD_SEARCH_INDEXING=off, or another `rethread "
                     "search follow`): it keeps the index up to date; stop it first to follow "
                     "here.", highlight=False)
        raise typer.Exit(1)
    console.print(f"Following the search outbox into {container.settings().search_dir}")
    await indexer.run()

