"""Mail: composing a message from a template and queueing it in the caller's transaction
(:class:`Letters`), and delivering what is due (:class:`MailDispatcher`).

Nothing is sent on the request path. A service that causes a message calls
``letters.queue(uow, ...)`` inside its unit of work, so the message is committed with the
change that caused it or not at all; the dispatcher, run by the server's mail worker
(``entrypoints/http/mail_worker.py``) or ``rethread mail send``, claims due messages,
sends them through the :class:`MailSender` port and records the outcome. A failed try is
logged and tried again later (``domain/mail.py``: doubling waits), and after the last try
the message stays in the queue as failed, for ``rethread mail queue``: never lost.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from application.ports import Clock, UnitOfWork
from application.ports.mail import MailSender, MailTemplates
from domain.errors import ValidationError
from domain.mail import CLAIM_LEASE, Mail, MailStatus, QueuedMail, after_failure
from domain.validation._rules import clean, is_email

log = logging.getLogger("rethread.mail")

BRAND = "Rethread"
ERROR_MAX = 500


class Letters:
    """Renders a template with the brand and the site's public address, and queues it."""

    def __init__(self, templates: MailTemplates, public_url: str) -> None:
        self.templates = templates
        self.public_url = public_url.rstrip("/")

    def url(self, path: str) -> str:
        """An absolute link on the site (never the request's Host: the configured one)."""
        return f"{self.public_url}{path}"

    def compose(self, recipient: str, template: str, context: dict[str, Any], *,
                link: str | None = None, headers: dict[str, str] | None = None) -> Mail:
        values = {"brand": BRAND, "site_url": self.public_url, "link": link, **context}
        subject, text, html = self.templates.render(template, values)
        return Mail(recipient=recipient, subject=subject, text=text, html=html,
                    headers=dict(headers or {}), link=link)

    async def queue(self, uow: UnitOfWork, clock: Clock, recipient: str, template: str,
                    context: dict[str, Any], *, link: str | None = None,
                    headers: dict[str, str] | None = None) -> int:
        """Queue one message in ``uow``'s transaction (the caller commits)."""
        mail = self.compose(recipient, template, context, link=link, headers=headers)
        return await uow.mail.add(mail, clock.now())


@dataclass(frozen=True)
class Delivery:
    sent: int
    retrying: int
    failed: int

    @property
    def total(self) -> int:
        return self.sent + self.retrying + self.failed


class MailDispatcher:
    """Sends what is due. Safe with several workers: each message is claimed by a
    compare-and-set and committed just before it is sent (one at a time, so a slow batch
    never outlives a claim); a worker that dies mid-send leaves the claim to lapse
    (``CLAIM_LEASE``), and the message is tried again. An outcome is recorded only while
    its worker still holds the claim."""

    def __init__(self, uow: UnitOfWork, sender: MailSender, clock: Clock,
                 letters: Letters | None = None, batch: int = 20) -> None:
        self.uow = uow
        self.sender = sender
        self.clock = clock
        self.letters = letters
        self.batch = batch

    async def queue_test(self, address: str) -> int:
        """Queue a test message to ``address`` (``rethread mail test``); its id."""
        if self.letters is None or not is_email(clean(address)):
            raise ValidationError({"address": "Please enter a valid email"})
        async with self.uow:
            mail_id = await self.letters.queue(self.uow, self.clock, clean(address), "test", {},
                                               link=self.letters.url("/"))
            await self.uow.commit()
        return mail_id

    async def deliver_due(self) -> Delivery:
        """Up to ``batch`` due messages, each claimed when its turn comes: its lease starts
        then, so a batch of slow sends never outlives the claim of the one being sent."""
        sent = retrying = failed = 0
        for _ in range(self.batch):
            queued = await self._claim_next()
            if queued is None:
                break
            try:
                await self.sender.send(queued.mail)
            except Exception as error:  # any failure of the outside world: try again later
                status = await self._failed(queued, error)
                if status is MailStatus.FAILED:
                    failed += 1
                else:
                    retrying += 1
                continue
            async with self.uow:
                held = await self.uow.mail.mark_sent(queued, self.clock.now())
                await self.uow.commit()
            if not held:
                log.warning("mail %s to %s: sent after its claim lapsed; another worker "
                            "holds it now", queued.id, queued.mail.recipient)
            sent += 1
        return Delivery(sent, retrying, failed)

    async def _claim_next(self) -> QueuedMail | None:
        now = self.clock.now()
        async with self.uow:
            claimed = await self.uow.mail.claim_due(now, 1, now + CLAIM_LEASE)
            await self.uow.commit()
        return claimed[0] if claimed else None

    async def _failed(self, queued: QueuedMail, error: Exception) -> MailStatus:
        now = self.clock.now()
        status, next_at = after_failure(queued.attempts, now)
        text = f"{type(error).__name__}: {error}"[:ERROR_MAX]
        log.warning("mail %s to %s: attempt %s failed (%s); %s", queued.id,
                    queued.mail.recipient, queued.attempts, text,
                    "giving up" if status is MailStatus.FAILED else f"next at {next_at:%H:%M:%S}")
        async with self.uow:
            if not await self.uow.mail.mark_failed_attempt(queued, status, next_at, text):
                log.warning("mail %s: its claim lapsed during the try; another worker "
                            "holds it now", queued.id)
            await self.uow.commit()
        return status

    async def queue(self, statuses: tuple[MailStatus, ...] = (MailStatus.PENDING,
                                                             MailStatus.FAILED),
                    limit: int = 100) -> list[QueuedMail]:
        """What is waiting or failed, newest first (``rethread mail queue``)."""
        async with self.uow:
            return await self.uow.mail.listing(statuses, limit)
