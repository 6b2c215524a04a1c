"""The mail worker: every server process sends the queued mail that is due.

One loop per process queues the notification emails that are due
(:meth:`application.notification_mail.NotificationMailer.sweep`) and calls
:meth:`application.mail.MailDispatcher.deliver_due` every
``RETHREAD_MAIL_POLL_SECONDS``, sooner again while a batch was full, and at once when a
commit in this process queued mail (the after-commit dispatcher rings ``mail_wakeup``).
Several processes or hosts are safe together: each message is claimed by a
compare-and-set before it is sent. A failing round is logged and the loop goes on; the
messages stay queued. A message being sent at shutdown is claimed, and is sent again once
its claim lapses.
"""

from __future__ import annotations

import logging
from typing import Any

from domain.text import count_of
from entrypoints.http.background import lifespan_loop, step

log = logging.getLogger("rethread.mail")


async def _round(container: Any) -> int:
    """First the notices that are due an email (queued), then what is queued; how many
    messages were delivered."""
    await container.notification_mailer().sweep()
    result = await container.mail_dispatcher().deliver_due()
    if result.failed:
        log.error("mail: %s failed for good; see `rethread mail queue`",
                  count_of(result.failed, "message"))
    return int(result.total)


async def _loop(container: Any, interval: float) -> None:
    while True:
        delivered = await step(log, "mail delivery round (the messages stay queued)",
                               lambda: _round(container))
        if (delivered or 0) < container.mail_dispatcher().batch:
            await container.mail_wakeup().wait(interval)


# Litestar lifespan: the loop every RETHREAD_MAIL_POLL_SECONDS while the app is up.
mail_worker = lifespan_loop("mail_poll_seconds", _loop)
