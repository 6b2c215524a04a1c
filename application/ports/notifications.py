"""Ports of the notifications area: a user's notices, newest first."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.notification_mail import EmailKind, MailState
from domain.notifications import Notification


class NotificationRepository(Protocol):
    async def add(self, notification: Notification) -> Notification: ...
    async def add_many(self, notifications: list[Notification]) -> None:
        """Bulk insert (e.g. every watcher of one listing); ids are not returned."""
    async def page(self, user_id: int, before_id: int | None, limit: int) -> list[Notification]:
        """The user's notifications, newest first, with ids below ``before_id``."""
    async def unread_count(self, user_id: int) -> int: ...
    async def has_unread(self, user_id: int, kind: str, link: str) -> bool: ...
    async def lock_user(self, user_id: int) -> None:
        """Hold the user's row until commit: their social notices fold one at a time."""
    async def unread_group(self, user_id: int, kind: str, link: str) -> Notification | None:
        """The newest unread notice of this kind pointing at ``link``."""
    async def delete(self, notification_id: int) -> None: ...
    async def mark_read(self, user_id: int, ids: list[int] | None) -> int:
        """Mark the user's notifications read (all when ``ids`` is None); returns how many."""
    async def mark_read_link(self, user_id: int, kind: str, link: str) -> int:
        """Mark read the user's unread notices of this kind pointing at ``link``."""
    async def unmailed(self, kinds: frozenset[str], created_before: datetime, limit: int
                       ) -> list[Notification]:
        """Notices of these kinds, made by ``created_before``, whose email is not decided
        yet (oldest first)."""
    async def claim_mail(self, notification_id: int, state: MailState, now: datetime) -> bool:
        """Decide a notice's email once (compare-and-set from undecided): True for
        exactly one caller."""
    async def exists(self, user_id: int, kind: str, link: str) -> bool:
        """Has the user ever had a notice of this kind pointing at ``link``?"""
    async def mailed_since(self, user_id: int, kind: str, link: str | None,
                           since: datetime) -> bool:
        """Was a notice of this kind and link emailed to the user since ``since``?"""


class EmailPreferenceRepository(Protocol):
    """Which notification emails each member turned off (every kind is on by default)."""

    async def turned_off(self, user_id: int) -> set[EmailKind]: ...
    async def set(self, user_id: int, kind: EmailKind, on: bool) -> None: ...
