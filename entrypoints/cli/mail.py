"""``rethread mail``: try the mail settings, see and send the queue."""

from __future__ import annotations

import typer

from application.mail import Delivery
from domain.text import count_of
from entrypoints.cli.options import attempt
from entrypoints.cli.runtime import console, errors, run
from entrypoints.cli.tables import Column, print_table, table
from entrypoints.container import Container

app = typer.Typer(help="Email: test the settings, list and send the queue.", no_args_is_help=True)


@app.command()
def test(address: str = typer.Argument(..., help="Where to send the test email.")) -> None:
    """Queue a test email to ADDRESS and send what is due now (SMTP or .eml files)."""

    async def use_case(container: Container) -> tuple[int, Delivery]:
        dispatcher = container.mail_dispatcher()
        mail_id = await dispatcher.queue_test(address)
        return mail_id, await dispatcher.deliver_due()

    mail_id, result = attempt("send", use_case, {"address": "address"})
    if result.retrying or result.failed:
        errors.print(f"[red]Sending failed[/] (message {mail_id} stays queued; "
                     "see `rethread mail queue` for the error)")
        raise typer.Exit(1)
    console.print(f"[green]Sent[/] a test email to {address} (message {mail_id})")


@app.command()
def send() -> None:
    """Send every message that is due now (the server's worker does this by itself)."""

    async def use_case(container: Container) -> tuple[int, int]:
        total = sent = 0
        await container.notification_mailer().sweep()  # the notices due an email first
        while True:
            result = await container.mail_dispatcher().deliver_due()
            if not result.total:
                return total, sent
            total += result.total
            sent += result.sent

    total, sent = run(use_case)
    console.print(f"Sent {sent} of {count_of(total, 'due message')}")
    if sent < total:
        raise typer.Exit(1)


@app.command()
def queue(limit: int = typer.Option(100, min=1, max=1000, help="How many to show.")) -> None:
    """Pending and failed messages, newest first, with their last error."""
    messages = run(lambda c: c.mail_dispatcher().queue(limit=limit))
    if not messages:
        console.print("The mail queue is empty: nothing pending or failed.")
        return
    rows = [(str(queued.id), queued.status.value, queued.mail.recipient, queued.mail.subject,
             str(queued.attempts), queued.next_attempt_at.strftime("%Y-%m-%d %H:%M:%S"),
             queued.last_error or "") for queued in messages]
    columns = (Column("id", key=True), Column("status"), Column("to", key=True),
               Column("subject"), Column("tries", key=True), Column("next try", key=True),
               Column("last error"))
    print_table(console, table("Mail queue", columns, rows))
