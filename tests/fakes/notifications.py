"""Notifications: one user's notices, newest first."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from domain.notification_mail import EmailKind, MailState
from domain.notifications import Notification


class FakeNotifications:
    def __init__(self) -> None:
        self.rows: dict[int, Notification] = {}
        #: Each notice's email: (state, when), once decided.
        self.mail_rows: dict[int, tuple[MailState, datetime]] = {}

    async def add(self, notification: Notification) -> Notification:
        stored = replace(notification, id=max(self.rows, default=0) + 1)
        self.rows[stored.id] = stored  # type: ignore[index]
        return stored

    async def add_many(self, notifications: list[Notification]) -> None:
        for notice in notifications:
            await self.add(notice)

    async def page(self, user_id: int, before_id: int | None, limit: int) -> list[Notification]:
        return [n for i, n in sorted(self.rows.items(), reverse=True)
                if n.user_id == user_id and (before_id is None or i < before_id)][:limit]

    async def unread_count(self, user_id: int) -> int:
        return sum(1 for n in self.rows.values() if n.user_id == user_id and not n.read)

    async def has_unread(self, user_id: int, kind: str, link: str) -> bool:
        return any(n.user_id == user_id and not n.read and n.kind == kind and n.link == link
                   for n in self.rows.values())

    async def lock_user(self, user_id: int) -> None:
        return None

    async def unread_group(self, user_id: int, kind: str, link: str) -> Notification | None:
        found = [n for i, n in sorted(self.rows.items(), reverse=True)
                 if n.user_id == user_id and not n.read and n.kind == kind and n.link == link]
        return found[0] if found else None

    async def delete(self, notification_id: int) -> None:
        self.rows.pop(notification_id, None)

    def _mark(self, pick: Any) -> int:
        chosen = [i for i, n in self.rows.items() if not n.read and pick(n)]
        for i in chosen:
            self.rows[i] = replace(self.rows[i], read=True)
        return len(chosen)

    async def mark_read(self, user_id: int, ids: list[int] | None) -> int:
        return self._mark(lambda n: n.user_id == user_id and (ids is None or n.id in ids))

    async def mark_read_link(self, user_id: int, kind: str, link: str) -> int:
        return self._mark(lambda n: n.user_id == user_id and n.kind == kind and n.link == link)

    async def unmailed(self, kinds: frozenset[str], created_before: datetime, limit: int
                       ) -> list[Notification]:
        found = [n for i, n in sorted(self.rows.items()) if i not in self.mail_rows
                 and n.kind in kinds and n.created_at <= created_before]
        return sorted(found, key=lambda n: (n.created_at, n.id))[:limit]

    async def claim_mail(self, notification_id: int, state: MailState, now: datetime) -> bool:
        if notification_id in self.mail_rows:
            return False
        self.mail_rows[notification_id] = (state, now)
        return True

    async def exists(self, user_id: int, kind: str, link: str) -> bool:
        return any(n.user_id == user_id and n.kind == kind and n.link == link
                   for n in self.rows.values())

    async def mailed_since(self, user_id: int, kind: str, link: str | None,
                           since: datetime) -> bool:
        return any(n.user_id == user_id and n.kind == kind and n.link == link
                   and (mail := self.mail_rows.get(i)) is not None
                   and mail[0] is MailState.SENT and mail[1] >= since
                   for i, n in self.rows.items())


class FakeEmailPreferences:
    def __init__(self) -> None:
        self.rows: dict[int, set[EmailKind]] = {}

    async def turned_off(self, user_id: int) -> set[EmailKind]:
        return set(self.rows.get(user_id, set()))

    async def set(self, user_id: int, kind: EmailKind, on: bool) -> None:
        off = self.rows.setdefault(user_id, set())
        if on:
            off.discard(kind)
        else:
            off.add(kind)
