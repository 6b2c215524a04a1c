"""The mail worker: every server process sends the queued mail that is due.

One loop per process queues the notification emails that are due
(:meth:`application.notification_mail.NotificationMailer.sweep`) and calls
:meth:`application.mail.MailDispatcher.deliver_due` every
``RETHREAD_MAIL_POLL_SECONDS``, sooner again while a batch was full, and at once when a
commit in this process queued mail (the after-commit dispatcher rings ``mail_wakeup``).
Several processes or hosts are safe together: each message is claimed by a
compare-and-set before it is sent. A failing round is logged and the loop goes on; the
messages stay queued.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from litestar import Litestar

log = logging.getLogger("rethread.mail")


async def _loop(container: Any, interval: float) -> None:
    while True:
        delivered = 0
        try:
            # First the notices that are due an email (queued), then what is queued.
            await container.notification_mailer().sweep()
            dispatcher = container.mail_dispatcher()
            result = await dispatcher.deliver_due()
            delivered = result.total
            if result.failed:
                log.error("mail: %s message(s) failed for good; see `rethread mail queue`",
                          result.failed)
        except Exception:
            log.exception("mail delivery round failed; the messages stay queued")
        if delivered < container.mail_dispatcher().batch:
            await container.mail_wakeup().wait(interval)


@contextlib.asynccontextmanager
async def mail_worker(app: Litestar) -> AsyncIterator[None]:
    """Litestar lifespan: start the loop with the app, cancel it at shutdown (a message
    being sent then is claimed, and is sent again once its claim lapses)."""
    interval = app.state.settings.mail_poll_seconds
    if interval <= 0:
        yield
        return
    task = asyncio.create_task(_loop(app.state.container, interval))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
