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
        so of several workers exactly one takes each. The caller commits."""
    async def mark_sent(self, mail_id: int, now: datetime) -> None: ...
    async def mark_failed_attempt(self, mail_id: int, status: MailStatus,
                                  next_attempt_at: datetime, error: str) -> None: ...
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
