"""Ports of mail: the queue in the database, the templates, and the sender."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Protocol

from domain.mail import Mail, MailStatus, QueuedMail


class MailQueueRepository(Protocol):
    async def add(self, mail: Mail, now: datetime) -> int:
        """Queue ``mail`` (pending, due now) in the caller's transaction; its id."""
    async def claim_due(self, now: datetime, limit: int, lease_until: datetime
                        ) -> list[QueuedMail]:
        """Up to ``limit`` pending messages due by ``now``, each claimed by a
        compare-and-set (its next attempt moved to ``lease_until``, its attempts counted),
        so of several workers exactly one takes each; one another worker took first is
        passed over for the next due. The caller commits."""
    async def mark_sent(self, claim: QueuedMail, now: datetime) -> bool:
        """Sent, if ``claim`` (what :meth:`claim_due` returned) is still the message's
        claim: not lapsed and taken over by another worker, nor already recorded. False
        (and nothing written) otherwise. A sent message keeps only ``Mail.as_sent()``: its
        bodies, link and headers (which carry tokens) are cleared in the same write."""
    async def mark_failed_attempt(self, claim: QueuedMail, status: MailStatus,
                                  next_attempt_at: datetime, error: str) -> bool:
        """The failed try's outcome, on the same condition as :meth:`mark_sent`."""
    async def listing(self, statuses: tuple[MailStatus, ...], limit: int) -> list[QueuedMail]:
        """The newest messages in these statuses (operators' view)."""


class LinkSigner(Protocol):
    """Signs small values into URL-safe tokens with the site's secret (links that work
    without signing in, e.g. one-click unsubscribe), behind a well-kept library."""

    def sign(self, value: dict[str, Any]) -> str: ...
    def unsign(self, token: str) -> dict[str, Any] | None:
        """The signed value, or None for a token this site did not sign."""


class MailTemplates(Protocol):
    def render(self, template: str, context: dict[str, Any]) -> tuple[str, str, str]:
        """(subject, plain text, HTML) of one template with ``context``."""


class MailSender(Protocol):
    async def send(self, mail: Mail) -> None:
        """Deliver now; raise on failure (the queue tries again later)."""
