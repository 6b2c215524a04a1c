"""Notifications: the bell's list, its unread count, and the helpers other areas call.

``notify`` adds one notice inside the caller's transaction; ``notify_watchers`` adds one to
every watcher of a listing (price drop, sold). Callers publish the returned events after
their commit (:func:`notification_event`, :func:`publish_notifications`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from application.ports import Clock, UnitOfWork
from application.ports.realtime import RealtimePublisher
from application.shared.paging import After, page_of, page_request
from domain.accounts import User
from domain.notifications import Notification, grouped_notice, new_notification

MAX_READ_IDS = 200


async def notify(uow: UnitOfWork, *, user_id: int, kind: str, title: str, body: str,
                 link: str | None, now: datetime) -> Notification:
    """Add a notification for ``user_id`` inside the caller's transaction."""
    notice = new_notification(user_id=user_id, kind=kind, title=title, body=body, link=link,
                              now=now)
    return await uow.notifications.add(notice)


async def notify_social(uow: UnitOfWork, *, user_id: int, kind: str, actor: User, body: str,
                        link: str, now: datetime) -> Notification | None:
    """Fold ``actor``'s follow, like or comment into ``user_id``'s unread notice of that kind
    and link (domain/notifications.py, social news), inside the caller's transaction. The
    grown notice replaces the old one, so it comes first in the bell again. None when the
    actor is the user themself."""
    assert actor.id is not None
    if actor.id == user_id:
        return None
    await uow.notifications.lock_user(user_id)
    previous = await uow.notifications.unread_group(user_id, kind, link)
    notice = grouped_notice(previous, user_id=user_id, kind=kind, actor_id=actor.id,
                            actor_name=actor.display_name or actor.username, body=body,
                            link=link, now=now)
    if previous is not None and previous.id is not None:
        await uow.notifications.delete(previous.id)
    return await uow.notifications.add(notice)


async def notify_watchers(uow: UnitOfWork, *, product_id: int, kind: str, title: str,
                          body: str, link: str | None, now: datetime,
                          except_user_ids: Iterable[int] = ()) -> list[int]:
    """Notify every user watching the listing (but not ``except_user_ids``, e.g. its seller
    or its buyer); returns whom, so the caller can publish after commit."""
    skip = set(except_user_ids)
    watchers = [u for u in await uow.favorites.watcher_ids(product_id) if u not in skip]
    await uow.notifications.add_many([
        new_notification(user_id=user, kind=kind, title=title, body=body, link=link, now=now)
        for user in watchers])
    return watchers


async def tell_watchers_sold(uow: UnitOfWork, *, product_id: int, title: str, now: datetime,
                             except_user_ids: Iterable[int] = ()) -> list[int]:
    """'Watched item sold' for every watcher of the listing (not its buyer or seller)."""
    return await notify_watchers(
        uow, product_id=product_id, kind="item_sold", title=f"Sold: {title}",
        body="An item on your watch list has just been sold. Similar pieces are in the shop.",
        link=f"/product/{product_id}", now=now, except_user_ids=except_user_ids)


def notification_payload(notice: Notification) -> dict[str, Any]:
    return {"id": notice.id, "kind": notice.kind, "title": notice.title, "body": notice.body,
            "link": notice.link, "read": notice.read, "createdAt": notice.created_at.isoformat()}


def notification_event(notice: Notification) -> dict[str, Any]:
    """The socket event for one new notice; clients refetch their unread count on it."""
    return {"type": "notification", "notification": notification_payload(notice)}


async def publish_notifications(realtime: RealtimePublisher, user_ids: Iterable[int],
                                kind: str) -> None:
    """After commit: tell these users' sockets that a notice of ``kind`` arrived."""
    users = list(user_ids)
    if users:
        await realtime.publish(users, {"type": "notification", "kind": kind})


@dataclass(frozen=True)
class NotificationPage:
    items: list[Notification]
    next_cursor: str | None
    unread_count: int


class NotificationService:
    def __init__(self, uow: UnitOfWork, clock: Clock, realtime: RealtimePublisher) -> None:
        self.uow = uow
        self.clock = clock
        self.realtime = realtime

    async def page(self, actor: User, *, cursor: str | None = None,
                   limit: int | None = None) -> NotificationPage:
        assert actor.id is not None
        request = page_request(limit, cursor, int)
        before = request.after.id if request.after else None
        async with self.uow:
            rows = await self.uow.notifications.page(actor.id, before, request.fetch)
            unread = await self.uow.notifications.unread_count(actor.id)
        page = page_of(rows, request, _by_id)
        return NotificationPage(page.items, page.next_cursor, unread)

    async def unread_count(self, actor: User) -> int:
        assert actor.id is not None
        async with self.uow:
            return await self.uow.notifications.unread_count(actor.id)

    async def mark_read(self, actor: User, ids: list[int] | None = None) -> int:
        """Mark some (``ids``) or all of your notifications read; others' ids are ignored."""
        assert actor.id is not None
        chosen = None if ids is None else ids[:MAX_READ_IDS]
        async with self.uow:
            changed = await self.uow.notifications.mark_read(actor.id, chosen)
            await self.uow.commit()
        if changed:
            await self.realtime.publish([actor.id], {"type": "notifications_read"})
        return changed


def _by_id(notification: Notification) -> After:
    assert notification.id is not None
    return After(notification.id, notification.id)
