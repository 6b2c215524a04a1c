"""Issue 36 item 6: the operator tables never cut a key column, whatever the width."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from entrypoints.cli.tables import Column, print_table, table

pytestmark = pytest.mark.unit

COLUMNS = (Column("Order Number", key=True), Column("Date", key=True), Column("Product"),
           Column("Price", key=True, justify="right"), Column("Status"),
           Column("Buyer", key=True), Column("Email", key=True))
ROW = ("11-QDZB8K", "2026-11-27 12:00", "Vintage Levi's trucker jacket, barely worn, size M",
       "$44.90", "Payment confirmed", "alexandra_w", "alexandra.wells@example.com")


def printed(width: int, compact: bool = False) -> str:
    out = io.StringIO()
    print_table(Console(file=out, width=width, color_system=None),
                table("Orders", COLUMNS, [ROW], compact=compact))
    return out.getvalue()


@given(st.integers(min_value=10, max_value=240), st.booleans())
def test_keys_and_headers_are_whole_at_any_width(width: int, compact: bool) -> None:
    out = printed(width, compact)
    for key in (*(c.header for c in COLUMNS), ROW[0], ROW[1], ROW[3], ROW[5], ROW[6]):
        assert key in out, (width, key)
    assert "…" not in out  # nothing is cut: the other columns wrap
    words = " ".join(out.split())
    for word in ROW[2].split() + ROW[4].split():
        assert word in words


def test_a_wide_terminal_keeps_every_row_on_one_line() -> None:
    lines = [line for line in printed(200).splitlines() if "11-QDZB8K" in line]
    assert len(lines) == 1 and ROW[2] in lines[0]
