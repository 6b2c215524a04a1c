"""``rethread analytics``: the admin's analytics summary as Rich tables, or as JSON."""

from __future__ import annotations

import msgspec
import typer
from rich.table import Table

from domain.analytics import AnalyticsSummary, active_share
from entrypoints.cli.runtime import console, run
from entrypoints.cli.tables import Column, print_json, print_table, table
from entrypoints.http.analytics import summary_out

app = typer.Typer(help="Analytics from recorded activity.", no_args_is_help=True)

DAILY_COLUMNS = ("Date", "Active", "Sign-ups", "Listings", "Sales", "Searches", "Messages",
                 "Offers")


@app.command()
def summary(as_json: bool = typer.Option(
        False, "--json", help="Print JSON, as GET /api/analytics/summary answers (scripts)."),
            ) -> None:
    """Print the summary (last 30 days, UTC) the admin dashboard shows. Dates, figures and
    headers are never cut, whatever the terminal's width."""
    result = run(lambda c: c.analytics().summary())
    if as_json:
        print_json(msgspec.to_builtins(summary_out(result)))
        return
    print_table(console, figures_table(result))
    print_table(console, daily_table(result))


def figures_table(result: AnalyticsSummary) -> Table:
    share = active_share(result.active_users_today, result.total_users)
    rows = [
        ("Total users", str(result.total_users)),
        ("New sign-ups this week", str(result.new_signups_this_week)),
        ("Active users today", f"{result.active_users_today} ({share:.1%} of users)"),
        ("Buyers", str(result.buyer_count)),
        ("Sellers", str(result.seller_count)),
        ("Buyer to seller ratio", f"{result.buyer_to_seller_ratio:.2f}"),
        ("Transaction success rate", f"{result.transaction_success_rate:.1%}"),
    ]
    return table("Analytics summary", (Column("Figure", key=True),
                                       Column("Value", key=True, justify="right")), rows)


def daily_table(result: AnalyticsSummary) -> Table:
    """Every column is a key: a date or a count, each as wide as its header."""
    columns = [Column(name, key=True, justify="left" if index == 0 else "right")
               for index, name in enumerate(DAILY_COLUMNS)]
    rows = [(day.date.isoformat(), *(str(n) for n in (
        day.active_users, day.new_signups, day.new_listings, day.completed_sales,
        day.search_queries, day.messages_sent, day.offers_made)))
        for day in reversed(result.daily_metrics)]
    return table("Daily activity (last 30 days, newest first)", columns, rows, compact=True)
