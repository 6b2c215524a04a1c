"""``rethread orders``: list orders, confirm a payment, export them as CSV, run the order
timers once (cron)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import IO

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from application.order_desk import statuses_for
from domain.admin import BUNDLE_TITLE_JOIN, OrderGroup, csv_header, csv_lines
from domain.errors import ValidationError
from domain.money import format_amount
from domain.order_rules import OrderStatus
from domain.text import count_of
from entrypoints.cli.options import attempt, bad_value
from entrypoints.cli.runtime import console, errors, run
from entrypoints.cli.tables import Column, print_json, print_table, table
from entrypoints.container import Container

app = typer.Typer(help="Orders.", no_args_is_help=True)


#: What ``--status`` takes: a status, or a group of the admin desk (a status wins over a
#: group of the same name, application/order_desk.py).
STATUSES = ", ".join(s.value for s in OrderStatus)
GROUPS = ", ".join(g.value for g in OrderGroup)
STATUS_HELP = f"Only orders in this status ({STATUSES}) or group of the admin desk ({GROUPS})."


def _statuses(text: str | None) -> frozenset[OrderStatus] | None:
    """``--status``: a status or one of the desk's groups, as the admin desk takes it; a
    mistake is a usage error that names the choices."""
    try:
        return statuses_for(text)
    except ValidationError:
        bad_value(["--status"], f"Unknown status {text!r}. Choose a status ({STATUSES}) or a "
                                f"group of the admin desk ({GROUPS}).")


@app.command("list")
def list_orders(
    status: str = typer.Option(None, "--status", help=STATUS_HELP),
    limit: int = typer.Option(100, min=1, max=1000, help="At most this many, newest first."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (for scripts)."),
) -> None:
    """Orders, newest first, as a table (order numbers, amounts and usernames are never cut)
    or as JSON. "To pay" is what the buyer was told to send: item, fee and shipping."""
    wanted = _statuses(status)
    views = run(lambda c: c.orders().list_all(wanted, limit))
    if as_json:
        print_json([{
            "orderNumber": view.order.order_number, "createdAt": view.order.created_at.isoformat(),
            "items": [item.title if item else None for item in view.items],
            "price": format_amount(view.order.price),
            "total": format_amount(view.totals.total), "status": view.order.status.value,
            "buyer": view.buyer.username if view.buyer else None,
            "seller": view.seller.username if view.seller else None} for view in views])
        return
    if not views:
        console.print("No orders.")
        return
    columns = (Column("Order Number", key=True), Column("Date", key=True), Column("Product"),
               Column("Items", justify="right"), Column("Price", key=True, justify="right"),
               Column("To pay", key=True, justify="right"), Column("Status"),
               Column("Buyer", key=True), Column("Seller", key=True))
    rows = [(view.order.order_number, view.order.created_at.strftime("%Y-%m-%d %H:%M"),
             BUNDLE_TITLE_JOIN.join(item.title if item else "-" for item in view.items),
             str(len(view.items)), f"${format_amount(view.order.price)}",
             f"${format_amount(view.totals.total)}", view.order.status.label,
             view.buyer.username if view.buyer else "-",
             view.seller.username if view.seller else "-") for view in views]
    print_table(console, table(None, columns, rows))


@app.command("confirm-payment")
def confirm_payment(order_number: str = typer.Argument(
        ..., help="The order's number, as on the order page (42-K3Z0QF).")) -> None:
    """Record that the buyer's payment for ORDER_NUMBER arrived (the seller is told to ship)."""
    order = attempt("confirm payment", lambda c: c.orders().confirm_payment_by_number(order_number))
    console.print(f"[green]Payment confirmed[/] for order {order.order_number}.")


@app.command()
def sweep() -> None:
    """Run the due order timers once: cancel unpaid orders, complete delivered ones, publish
    reviews whose window closed, expire accepted offers not paid within 24 hours, lift timed
    suspensions that ended. Safe to run while servers run their own scheduler."""
    result = run(lambda c: c.order_timers().sweep())
    console.print(f"Cancelled {count_of(len(result.cancelled), 'unpaid order')}, completed "
                  f"{count_of(len(result.completed), 'delivered order')}, published reviews "
                  f"of {count_of(len(result.reviews_published), 'order')}, expired "
                  f"{count_of(len(result.offers_expired), 'offer reservation')}, lifted "
                  f"{count_of(len(result.suspensions_ended), 'ended suspension')}.")


@app.command()
def export(
    out: Path = typer.Option(None, "--out", "-o", dir_okay=False, writable=True,
                             help="Write the CSV to this file (default: standard output)."),
    status: str = typer.Option(None, "--status", help=STATUS_HELP),
) -> None:
    """Every order as CSV (spec §9 columns), oldest first, streamed in batches. A progress
    bar shows on a terminal (on standard error, so it never mixes with the CSV). With
    --out, the file appears whole or not at all: a failed export leaves what was there."""
    _statuses(status)
    if out is None:
        written = run(lambda c: _export(c, sys.stdout.buffer, status))
    else:
        written = _export_to_file(out, status)
        console.print(f"Exported {count_of(written, 'order')} to {out}.", highlight=False)
    sys.stdout.flush()


def _export_to_file(out: Path, status: str | None) -> int:
    """The export written beside ``out`` and moved onto it once complete."""
    try:
        partial = tempfile.NamedTemporaryFile(  # noqa: SIM115 (closed below, then moved)
            "wb", dir=out.parent, prefix=f".{out.name}.", suffix=".part", delete=False)
    except OSError as error:
        errors.print(f"[red]Could not write {out}:[/] {error.strerror}", highlight=False)
        raise typer.Exit(1) from error
    try:
        with partial as target:
            written = run(lambda c: _export(c, target, status))
        os.replace(partial.name, out)
    except OSError as error:
        errors.print(f"[red]Could not write {out}:[/] {error.strerror}", highlight=False)
        raise typer.Exit(1) from error
    finally:
        Path(partial.name).unlink(missing_ok=True)
    return written


async def _export(container: Container, target: IO[bytes], status: str | None) -> int:
    desk = container.order_desk()
    target.write(csv_header().encode())
    written = 0
    progress = Progress(TextColumn("Exporting orders"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=errors, transient=True,
                        disable=not errors.is_terminal)
    with progress:
        task = progress.add_task("export", total=await desk.export_size(status))
        async for batch in desk.export(status):
            target.write(csv_lines(batch).encode())
            written += len(batch)
            progress.update(task, advance=len(batch))
    target.flush()
    return written
