"""``rethread media variants``: give pictures stored before a size existed their copies."""

from __future__ import annotations

import anyio
import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from adapters.media import LocalMediaStore
from entrypoints.cli.runtime import console, errors
from entrypoints.settings import get_settings

app = typer.Typer(help="Stored pictures.", no_args_is_help=True)


@app.command()
def variants() -> None:
    """Write the smaller copies (docs/decisions/image-sizes.md) of every stored picture
    that lacks them; quick once all have them. `rethread db upgrade` runs this too."""
    added = add_missing_variants()
    console.print(f"Stored pictures have every size ({added} given new copies)",
                  highlight=False)


def add_missing_variants() -> int:
    store = LocalMediaStore(get_settings().media_dir)
    progress = Progress(TextColumn("Sizing stored pictures"), BarColumn(),
                        MofNCompleteColumn(), TimeElapsedColumn(), console=errors,
                        transient=True, disable=not errors.is_terminal)
    with progress:
        task = progress.add_task("variants", total=None)

        def heard(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return anyio.run(store.add_missing_variants, heard)
