"""Tables and JSON for the operator commands (issue 36).

An administrator copies order numbers, usernames, emails and amounts out of these tables
into other commands (``rethread orders confirm-payment 11-QDZB8K``), so a **key column**
never truncates, whatever the terminal's width: it never wraps and is at least as wide as
its longest value and its header. The other columns wrap (fold) instead of being cut with
"…", down to a readable minimum. If the keys alone are wider than the terminal, the lines are
printed whole (not cropped) and the terminal wraps them: still copyable.

``--json`` on the listing commands prints the same rows as JSON for scripts
(:func:`print_json`): plain ``json.dumps`` on standard output, never Rich, so nothing is
wrapped, coloured or cut.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, cast

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table

_ColorSystem = Literal["auto", "standard", "256", "truecolor", "windows"]

# A wrapping column is never made narrower than this (or its longest word, if shorter).
FOLD_MIN = 12


@dataclass(frozen=True)
class Column:
    header: str
    key: bool = False  # never truncated nor wrapped (ids, numbers, usernames, amounts)
    justify: Literal["left", "right"] = "left"


def table(title: str | None, columns: Sequence[Column], rows: Sequence[Sequence[str]], *,
          compact: bool = False) -> Table:
    """A Rich table whose key columns never truncate and whose other columns wrap.
    ``compact``: a rule under the header only, no outer border or edge padding (four
    columns of characters fewer, so 8 short columns fit 80)."""
    made = (Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
            if compact else Table(title=title))
    for index, column in enumerate(columns):
        cells = [column.header, *(row[index] for row in rows)]
        if column.key:
            made.add_column(column.header, justify=column.justify, no_wrap=True,
                            min_width=max(cell_len(cell) for cell in cells))
        else:
            longest_word = max((cell_len(word) for cell in cells for word in cell.split()),
                               default=1)
            made.add_column(column.header, justify=column.justify, overflow="fold",
                            min_width=min(longest_word, FOLD_MIN))
    for row in rows:
        made.add_row(*row)
    return made


def narrowest(printed: Table) -> int:
    """The width the table needs for every column's minimum, its padding and borders."""
    columns = printed.columns
    cells = sum((column.min_width or 1) + 2 for column in columns)
    if not printed.pad_edge:
        cells -= 2
    rules = len(columns) - 1 if printed.box else 0
    edges = 2 if printed.box and printed.show_edge else 0
    return cells + rules + edges


def print_table(console: Console, printed: Table) -> None:
    """Print at the terminal's width, or wider when the columns' minimums do not fit (the
    terminal then wraps the lines; nothing is cut), never cropped at the edge."""
    needed = narrowest(printed)
    if needed > console.width:  # Console.print caps ``width`` at the console's own
        console = Console(file=console.file, width=needed, force_terminal=console.is_terminal,
                          # (rich types the property str; it is one of the names it takes)
                          color_system=cast(_ColorSystem, console.color_system),
                          no_color=console.no_color)
    console.print(printed, crop=False)


def print_json(data: Any) -> None:
    """``data`` as indented JSON on standard output (dates and decimals as strings)."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")
