"""Mail: the queue in memory, a sender that keeps what it was given (or fails on demand),
and templates that render the context as text (the real Jinja2 ones are tested with the
adapters)."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Any

from domain.mail import Mail, MailStatus, QueuedMail


class FakeMailQueue:
    def __init__(self) -> None:
        self.rows: dict[int, QueuedMail] = {}

    async def add(self, mail: Mail, now: datetime) -> int:
        mail_id = max(self.rows, default=0) + 1
        self.rows[mail_id] = QueuedMail(id=mail_id, mail=mail, status=MailStatus.PENDING,
                                        attempts=0, next_attempt_at=now, created_at=now)
        return mail_id

    async def claim_due(self, now: datetime, limit: int, lease_until: datetime
                        ) -> list[QueuedMail]:
        due = sorted((q for q in self.rows.values()
                      if q.status is MailStatus.PENDING and q.next_attempt_at <= now),
                     key=lambda q: (q.next_attempt_at, q.id))[:limit]
        for queued in due:
            self.rows[queued.id] = dataclasses.replace(
                queued, next_attempt_at=lease_until, attempts=queued.attempts + 1)
        return [self.rows[q.id] for q in due]

    async def mark_sent(self, claim: QueuedMail, now: datetime) -> bool:
        if not self._held(claim):
            return False
        row = self.rows[claim.id]
        self.rows[claim.id] = dataclasses.replace(row, mail=row.mail.as_sent(),
                                                  status=MailStatus.SENT, sent_at=now,
                                                  last_error=None)
        return True

    async def mark_failed_attempt(self, claim: QueuedMail, status: MailStatus,
                                  next_attempt_at: datetime, error: str) -> bool:
        if not self._held(claim):
            return False
        self.rows[claim.id] = dataclasses.replace(self.rows[claim.id], status=status,
                                                  next_attempt_at=next_attempt_at,
                                                  last_error=error)
        return True

    def _held(self, claim: QueuedMail) -> bool:
        row = self.rows[claim.id]
        return (row.status is MailStatus.PENDING and row.attempts == claim.attempts
                and row.next_attempt_at == claim.next_attempt_at)

    async def listing(self, statuses: tuple[MailStatus, ...], limit: int) -> list[QueuedMail]:
        return sorted((q for q in self.rows.values() if q.status in statuses),
                      key=lambda q: -q.id)[:limit]


class FakeMailSender:
    def __init__(self) -> None:
        self.sent: list[Mail] = []
        self.failing = False

    async def send(self, mail: Mail) -> None:
        if self.failing:
            raise ConnectionRefusedError("the mail server is down")
        self.sent.append(mail)


class EchoTemplates:
    def render(self, template: str, context: dict[str, Any]) -> tuple[str, str, str]:
        body = f"{template}: {context.get('link')}"
        return template, body, f"<p>{body}</p>"
