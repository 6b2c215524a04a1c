"""``rethread moderation`` and ``rethread audit``: the moderation desk and the audit log for
operators at a terminal (their actions are audited with no administrator: the operator)."""

from __future__ import annotations

from typing import Any

import typer

from domain.disputes import DisputeOutcome, DisputeStatus
from domain.errors import NotFound
from domain.moderation import SUSPENSION_DAYS_MAX, AuditAction, HiddenKind
from domain.reports import ReportAction, ReportStatus
from domain.text import count_of, format_moment
from entrypoints.cli.options import ID_MAX, attempt, choice
from entrypoints.cli.runtime import console
from entrypoints.cli.tables import Column, print_table, table
from entrypoints.container import Container

app = typer.Typer(help="The moderation desk: reports, hidden content, suspensions.",
                  no_args_is_help=True)
audit_app = typer.Typer(help="The audit log of administrator actions.", no_args_is_help=True)
NOTE = {"note": "--note"}


@app.command()
def reports(status: str = typer.Option("open", "--status", help="open or resolved")) -> None:
    """Reports grouped by what they are about, oldest first."""
    wanted = choice("--status", status, ReportStatus.parse, ReportStatus, noun="status")
    groups = attempt("list reports", lambda c: c.moderation().reports(None, wanted))
    if not groups:
        console.print(f"No {wanted.value} reports.")
        return
    rows = []
    for view in groups:
        group = view.group
        owner = view.owner.username if view.owner else "?"
        reasons = ", ".join(f"{reason} x{count}" for reason, count in group.reasons.items())
        rows.append((str(group.first_id), f"{group.target_type.value} {group.target_id}",
                     owner, str(group.count), reasons))
    columns = (Column("report id", key=True), Column("target", key=True),
               Column("owner", key=True), Column("count", key=True), Column("reasons"))
    print_table(console, table(f"{wanted.label} reports", columns, rows))


@app.command()
def resolve(report_id: int = typer.Argument(..., min=1, max=ID_MAX,
                                            help="Any report of the target."),
            action: str = typer.Option(..., "--action", help="dismiss, hide or suspend"),
            note: str = typer.Option("", "--note", help="Why (kept in the audit log).")
            ) -> None:
    """Resolve every open report of the report's target with one action."""
    chosen = choice("--action", action, ReportAction.parse, ReportAction, noun="action")
    done = attempt(f"resolve report {report_id}",
                   lambda c: c.moderation().resolve_report(None, report_id, chosen, note), NOTE)
    console.print(f"[green]Resolved[/] {count_of(done.count, 'report')}")


@app.command()
def hide(kind: HiddenKind = typer.Argument(..., help="listing, post or comment"),
         target_id: int = typer.Argument(..., min=1, max=ID_MAX, help="Its id."),
         note: str = typer.Option("", "--note", help="Why (kept in the audit log).")) -> None:
    """Hide a listing, post or comment from everyone but its owner and administrators."""
    attempt(f"hide {kind.value} {target_id}",
            lambda c: c.moderation().hide(None, kind, target_id, note), NOTE)
    console.print(f"[green]Hidden[/] {kind.value} {target_id}")


@app.command()
def restore(kind: HiddenKind = typer.Argument(..., help="listing, post or comment"),
            target_id: int = typer.Argument(..., min=1, max=ID_MAX, help="Its id."),
            note: str = typer.Option("", "--note", help="Why (kept in the audit log).")
            ) -> None:
    """Show a hidden listing, post or comment again."""
    attempt(f"restore {kind.value} {target_id}",
            lambda c: c.moderation().restore(None, kind, target_id, note), NOTE)
    console.print(f"[green]Restored[/] {kind.value} {target_id}")


@app.command()
def suspend(name: str = typer.Argument(..., help="Username or email."),
            reason: str = typer.Option(..., "--reason",
                                       help="Shown to the member when a login is refused."),
            days: int = typer.Option(None, "--days", min=1, max=SUSPENSION_DAYS_MAX,
                                     help="Omit: until lifted.")) -> None:
    """End the member's sessions, hide their listings and refuse their logins."""
    async def go(container: Any) -> Any:
        user = await container.moderation().member(name)
        return await container.moderation().suspend(None, user.id, reason, days)
    suspension = attempt(f"suspend {name}", go, {"reason": "--reason", "days": "--days"})
    until = (f"until {format_moment(suspension.ends_at)}" if suspension.ends_at
             else "until lifted")
    console.print(f"[green]Suspended[/] {name} ({until})")


@app.command()
def unsuspend(name: str = typer.Argument(..., help="Username or email.")) -> None:
    """Lift a suspension; the listings it hid come back."""
    async def go(container: Any) -> None:
        user = await container.moderation().member(name)
        await container.moderation().unsuspend(None, user.id)
    attempt(f"unsuspend {name}", go)
    console.print(f"[green]Lifted[/] the suspension of {name}")


ACTIONS = ", ".join(AuditAction)


@audit_app.command("list")
def list_audit(action: str = typer.Option(None, "--action",
                                          help=f"Only this action: one of {ACTIONS}."),
               admin_id: int = typer.Option(None, "--admin-id", min=1, max=ID_MAX,
                                            help="Only this administrator's actions."),
               limit: int = typer.Option(50, min=1, max=50, help="How many to show.")) -> None:
    """Administrator actions, newest first."""
    wanted = choice("--action", action, AuditAction.parse, AuditAction, noun="action")

    async def read(container: Container) -> Any:
        log = await container.audit().list(None, admin_id=admin_id, action=wanted,
                                           limit=limit)
        if log.page.items or admin_id is None:
            return log, None
        try:  # (nothing by an id that is nobody's is a mistake, not an empty log)
            return log, await container.accounts().get_user(admin_id)
        except NotFound:
            raise NotFound(f"No account has the id {admin_id}") from None

    log, admin = attempt("read the audit log", read)
    if not log.page.items:
        kind = f"{wanted.value} " if wanted else ""
        by = f" by {admin.username} (id {admin_id})" if admin is not None else ""
        console.print(f"No {kind}entries{by} in the audit log.", highlight=False)
        return
    rows = [(entry.created_at.strftime("%Y-%m-%d %H:%M"),
             "operator" if entry.admin_id is None
             else log.usernames.get(entry.admin_id, f"#{entry.admin_id}"),
             entry.action.value, log.label(entry), log.note(entry))
            for entry in log.page.items]
    columns = (Column("when", key=True), Column("admin", key=True),
               Column("action", key=True), Column("target"), Column("note"))
    print_table(console, table("Audit log", columns, rows))


disputes_app = typer.Typer(help="Buyer-protection disputes.", no_args_is_help=True)


@disputes_app.command("list")
def list_disputes(status: str = typer.Option("open", "--status", help="open or resolved")
                  ) -> None:
    """Disputes, newest first."""
    wanted = choice("--status", status, DisputeStatus.parse, DisputeStatus, noun="status")
    views = attempt("list disputes", lambda c: c.disputes().list(None, wanted))
    if not views:
        console.print(f"No {wanted.value} disputes.")
        return
    rows = [(str(view.dispute.id), view.order.order_number, view.dispute.reason.value,
             view.buyer.username if view.buyer else "?",
             view.seller.username if view.seller else "?",
             view.dispute.created_at.strftime("%Y-%m-%d %H:%M"),
             view.dispute.outcome.value if view.dispute.outcome else "") for view in views]
    columns = (Column("id", key=True), Column("order", key=True), Column("reason"),
               Column("buyer", key=True), Column("seller", key=True),
               Column("opened", key=True), Column("outcome"))
    print_table(console, table(f"{wanted.label} disputes", columns, rows))


@disputes_app.command("resolve")
def resolve_dispute(dispute_id: int = typer.Argument(..., min=1, max=ID_MAX,
                                                     help="The dispute's id."),
                    outcome: str = typer.Option(..., "--outcome", help="release or refund"),
                    note: str = typer.Option("", "--note",
                                             help="Told to both sides with the outcome.")
                    ) -> None:
    """Release the payment to the seller, or mark the order refunded."""
    chosen = choice("--outcome", outcome, DisputeOutcome.parse, DisputeOutcome, noun="outcome")
    view = attempt(f"resolve dispute {dispute_id}",
                   lambda c: c.disputes().resolve(None, dispute_id, chosen, note), NOTE)
    console.print(f"[green]Resolved[/] dispute {dispute_id}: order "
                  f"{view.order.order_number} is now {view.order.status.value}")
