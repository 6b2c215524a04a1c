"""The mail queue: one row per message, written in the transaction that caused it."""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import Index, Integer, String, Text, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.base import Base, UtcDateTime, rowcount
from adapters.sqlalchemy.outboxes import mark_written
from domain.mail import SUBJECT_MAX, Mail, MailStatus, QueuedMail


class MailRow(Base):
    __tablename__ = "mail_queue"
    __table_args__ = (Index("ix_mail_queue_due", "status", "next_attempt_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    recipient: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(SUBJECT_MAX))
    text_body: Mapped[str] = mapped_column(Text)
    html_body: Mapped[str] = mapped_column(Text)
    headers: Mapped[str] = mapped_column(Text, default="{}")  # JSON object
    link: Mapped[str | None] = mapped_column(String(1000))
    status: Mapped[str] = mapped_column(String(16), default=MailStatus.PENDING.value)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(UtcDateTime)
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime)


def _queued(row: MailRow) -> QueuedMail:
    mail = Mail(recipient=row.recipient, subject=row.subject, text=row.text_body,
                html=row.html_body, headers=json.loads(row.headers or "{}"), link=row.link)
    return QueuedMail(id=row.id, mail=mail, status=MailStatus(row.status),
                      attempts=row.attempts, next_attempt_at=row.next_attempt_at,
                      created_at=row.created_at, last_error=row.last_error,
                      sent_at=row.sent_at)


class SqlMailQueueRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, mail: Mail, now: datetime) -> int:
        row = MailRow(recipient=mail.recipient, subject=mail.subject[:SUBJECT_MAX],
                      text_body=mail.text, html_body=mail.html,
                      headers=json.dumps(mail.headers), link=mail.link,
                      status=MailStatus.PENDING.value, attempts=0, next_attempt_at=now,
                      created_at=now)
        self.session.add(row)
        await self.session.flush()
        mark_written(self.session, "mail")  # the commit wakes the mail worker
        return row.id

    async def claim_due(self, now: datetime, limit: int, lease_until: datetime
                        ) -> list[QueuedMail]:
        claimed: list[int] = []
        tried: set[int] = set()
        while len(claimed) < limit:  # a row another worker claimed first: the next one
            due = (await self.session.execute(
                select(MailRow.id, MailRow.next_attempt_at)
                .where(MailRow.status == MailStatus.PENDING.value,
                       MailRow.next_attempt_at <= now, MailRow.id.not_in(tried))
                .order_by(MailRow.next_attempt_at, MailRow.id)
                .limit(limit - len(claimed)))).all()
            if not due:
                break
            for mail_id, seen_at in due:
                tried.add(mail_id)
                # Compare-and-set on the due time read above: a second worker that read
                # the same row finds it moved and skips it.
                result = await self.session.execute(
                    update(MailRow)
                    .where(MailRow.id == mail_id, MailRow.status == MailStatus.PENDING.value,
                           MailRow.next_attempt_at == seen_at)
                    .values(next_attempt_at=lease_until, attempts=MailRow.attempts + 1))
                if rowcount(result) == 1:
                    claimed.append(mail_id)
        if not claimed:
            return []
        rows = await self.session.scalars(
            select(MailRow).where(MailRow.id.in_(claimed)).order_by(MailRow.id)
            .execution_options(populate_existing=True))
        return [_queued(row) for row in rows]

    async def mark_sent(self, claim: QueuedMail, now: datetime) -> bool:
        kept = claim.mail.as_sent()  # the bodies, link and headers carry live tokens
        return await self._while_claimed(claim, status=MailStatus.SENT.value, sent_at=now,
                                         last_error=None, text_body=kept.text,
                                         html_body=kept.html, link=kept.link,
                                         headers=json.dumps(kept.headers))

    async def mark_failed_attempt(self, claim: QueuedMail, status: MailStatus,
                                  next_attempt_at: datetime, error: str) -> bool:
        return await self._while_claimed(claim, status=status.value,
                                         next_attempt_at=next_attempt_at, last_error=error)

    async def _while_claimed(self, claim: QueuedMail, **values: object) -> bool:
        """Compare-and-set on the claim: still pending with the lease and the attempt count
        ``claim_due`` gave it (another worker's claim moves both)."""
        result = await self.session.execute(
            update(MailRow)
            .where(MailRow.id == claim.id, MailRow.status == MailStatus.PENDING.value,
                   MailRow.next_attempt_at == claim.next_attempt_at,
                   MailRow.attempts == claim.attempts)
            .values(**values))
        return rowcount(result) == 1

    async def listing(self, statuses: tuple[MailStatus, ...], limit: int) -> list[QueuedMail]:
        rows = await self.session.scalars(
            select(MailRow).where(MailRow.status.in_([s.value for s in statuses]))
            .order_by(MailRow.id.desc()).limit(limit))
        return [_queued(row) for row in rows]
