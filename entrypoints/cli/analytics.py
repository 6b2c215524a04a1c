"""``rethread analytics``: the admin's analytics summary as Rich tables."""

from __future__ import annotations

import typer
from rich.table import Table

from domain.analytics import AnalyticsSummary, active_share
from entrypoints.cli.runtime import console, run

app = typer.Typer(help="Analytics from recorded activity.", no_args_is_help=True)

DAILY_COLUMNS = ("Date", "Active", "Sign-ups", "Listings", "Sales", "Searches", "Messages",
                 "Offers")


@app.command()
def summary() -> None:
    """Print the summary (last 30 days, UTC) the admin dashboard shows."""
    result = run(lambda c: c.analytics().summary())
    console.print(figures_table(result))
    console.print(daily_table(result))


def figures_table(result: AnalyticsSummary) -> Table:
    table = Table(title="Analytics summary")
    table.add_column("Figure")
    table.add_column("Value", justify="right")
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
    for name, value in rows:
        table.add_row(name, value)
    return table


def daily_table(result: AnalyticsSummary) -> Table:
    table = Table(title="Daily activity (last 30 days, newest first)")
    for index, name in enumerate(DAILY_COLUMNS):
        table.add_column(name, justify="left" if index == 0 else "right")
    for day in reversed(result.daily_metrics):
        table.add_row(day.date.isoformat(), *(str(n) for n in (
            day.active_users, day.new_signups, day.new_listings, day.completed_sales,
            day.search_queries, day.messages_sent, day.offers_made)))
    return table
