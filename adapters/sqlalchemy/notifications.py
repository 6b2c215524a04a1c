"""Notifications: the table and the repository behind the notifications port.

``ix_notifications_user_id_id`` serves the newest-first pages; ``ix_notifications_unread``
the bell's count and the 'already told about this conversation' check.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    delete,
    false,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime, rowcount
from domain.notification_mail import EmailKind, MailState
from domain.notifications import Notification


class NotificationRow(Base):
    __tablename__ = "notifications"
    __table_args__ = (
        Index("ix_notifications_user_id_id", "user_id", "id"),
        Index("ix_notifications_unread", "user_id", "read", "kind"),
        Index("ix_notifications_mail", "mail_state", "created_at"),
        Index("ix_notifications_group", "user_id", "kind", "link"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(30))
    title: Mapped[str] = mapped_column(String(120))
    body: Mapped[str] = mapped_column(String(500))
    link: Mapped[str | None] = mapped_column(String(300))
    read: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    #: Its email (``domain/notification_mail.py``): None until decided.
    mail_state: Mapped[str | None] = mapped_column(String(8))
    mailed_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    # A grouped social notice's people, newest first: "12,7,3" (None for other kinds).
    actor_ids: Mapped[str | None] = mapped_column(Text)


class EmailOptOutRow(Base):
    """One row per notification email a member turned off."""

    __tablename__ = "email_opt_outs"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    kind: Mapped[str] = mapped_column(String(24), primary_key=True)


N = NotificationRow


def _notification(row: NotificationRow) -> Notification:
    actors = tuple(int(a) for a in row.actor_ids.split(",")) if row.actor_ids else ()
    return Notification(id=row.id, user_id=row.user_id, kind=row.kind, title=row.title,
                        body=row.body, link=row.link, created_at=row.created_at, read=row.read,
                        actor_ids=actors)


def _values(notice: Notification) -> dict[str, object]:
    return {"user_id": notice.user_id, "kind": notice.kind, "title": notice.title,
            "body": notice.body, "link": notice.link, "read": notice.read,
            "created_at": notice.created_at,
            "actor_ids": ",".join(map(str, notice.actor_ids)) or None}


class SqlNotificationRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, notification: Notification) -> Notification:
        row = NotificationRow(**_values(notification))
        self.session.add(row)
        await self.session.flush()
        return _notification(row)

    async def add_many(self, notifications: list[Notification]) -> None:
        if notifications:
            await self.session.execute(insert(N), [_values(n) for n in notifications])

    async def page(self, user_id: int, before_id: int | None, limit: int) -> list[Notification]:
        query = select(N).where(N.user_id == user_id)
        if before_id is not None:
            query = query.where(N.id < before_id)
        rows = await self.session.scalars(query.order_by(N.id.desc()).limit(limit))
        return [_notification(row) for row in rows.all()]

    async def unread_count(self, user_id: int) -> int:
        query = select(func.count()).select_from(N).where(N.user_id == user_id,
                                                          N.read == false())
        return int(await self.session.scalar(query) or 0)

    async def has_unread(self, user_id: int, kind: str, link: str) -> bool:
        query = select(N.id).where(N.user_id == user_id, N.read == false(), N.kind == kind,
                                   N.link == link).limit(1)
        return (await self.session.scalar(query)) is not None

    async def lock_user(self, user_id: int) -> None:
        # PostgreSQL: the user's row, so two social notices for them fold one at a time.
        # SQLite renders no FOR UPDATE; its single writer (the like or follow already
        # written in this transaction) serialises them already.
        await self.session.execute(
            select(UserRow.id).where(UserRow.id == user_id).with_for_update())

    async def unread_group(self, user_id: int, kind: str, link: str) -> Notification | None:
        row = await self.session.scalar(
            select(N).where(N.user_id == user_id, N.read == false(), N.kind == kind,
                            N.link == link).order_by(N.id.desc()).limit(1))
        return None if row is None else _notification(row)

    async def delete(self, notification_id: int) -> None:
        await self.session.execute(delete(N).where(N.id == notification_id))

    async def mark_read(self, user_id: int, ids: list[int] | None) -> int:
        statement = update(N).where(N.user_id == user_id, N.read == false())
        if ids is not None:
            statement = statement.where(N.id.in_(ids))
        result = await self.session.execute(statement.values(read=True))
        return int(rowcount(result) or 0)

    async def mark_read_link(self, user_id: int, kind: str, link: str) -> int:
        result = await self.session.execute(
            update(N).where(N.user_id == user_id, N.read == false(), N.kind == kind,
                            N.link == link).values(read=True))
        return int(rowcount(result) or 0)

    async def unmailed(self, kinds: frozenset[str], created_before: datetime, limit: int
                       ) -> list[Notification]:
        query = (select(N).where(N.mail_state.is_(None), N.kind.in_(sorted(kinds)),
                                 N.created_at <= created_before)
                 .order_by(N.created_at, N.id).limit(limit))
        return [_notification(row) for row in (await self.session.scalars(query)).all()]

    async def claim_mail(self, notification_id: int, state: MailState, now: datetime) -> bool:
        result = await self.session.execute(
            update(N).where(N.id == notification_id, N.mail_state.is_(None))
            .values(mail_state=state.value, mailed_at=now)
            .execution_options(synchronize_session=False))
        return rowcount(result) == 1

    async def exists(self, user_id: int, kind: str, link: str) -> bool:
        query = select(N.id).where(N.user_id == user_id, N.kind == kind, N.link == link)
        return (await self.session.scalar(query.limit(1))) is not None

    async def mailed_since(self, user_id: int, kind: str, link: str | None,
                           since: datetime) -> bool:
        query = select(N.id).where(N.user_id == user_id, N.kind == kind,
                                   N.mail_state == MailState.SENT.value, N.mailed_at >= since)
        query = query.where(N.link.is_(None) if link is None else N.link == link)
        return (await self.session.scalar(query.limit(1))) is not None


class SqlEmailPreferenceRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def turned_off(self, user_id: int) -> set[EmailKind]:
        rows = await self.session.scalars(
            select(EmailOptOutRow.kind).where(EmailOptOutRow.user_id == user_id))
        known = {kind.value for kind in EmailKind}
        return {EmailKind(kind) for kind in rows.all() if kind in known}

    async def set(self, user_id: int, kind: EmailKind, on: bool) -> None:
        await self.session.execute(delete(EmailOptOutRow).where(
            EmailOptOutRow.user_id == user_id, EmailOptOutRow.kind == kind.value))
        if not on:
            self.session.add(EmailOptOutRow(user_id=user_id, kind=kind.value))
            await self.session.flush()
