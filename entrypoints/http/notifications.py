"""Notifications over HTTP: the bell's paged list and marking them read."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.status_codes import HTTP_200_OK

from application.notifications import NotificationService
from domain.accounts import User
from domain.notifications import Notification
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.notifications import (
    NotificationOut,
    NotificationPageOut,
    ReadIn,
    ReadOut,
)


def _out(notice: Notification) -> NotificationOut:
    assert notice.id is not None
    return NotificationOut(id=notice.id, kind=notice.kind, title=notice.title,
                           body=notice.body, link=notice.link, read=notice.read,
                           created_at=notice.created_at)


class NotificationController(Controller):
    path = "/api/notifications"
    tags = ["notifications"]

    @get("")
    async def page(self, current_user: User, notifications: NotificationService,
                   limit: Limit = None, cursor: Cursor = None) -> NotificationPageOut:
        """List my notifications.

        Signed-in members only (401 for visitors). The caller's notifications, newest first,
        a page at a time (`limit`, `cursor`), with `unreadCount`.
        """
        found = await notifications.page(current_user, cursor=cursor, limit=limit)
        return NotificationPageOut(items=[_out(n) for n in found.items],
                                   next_cursor=found.next_cursor,
                                   unread_count=found.unread_count)

    @post("/read", status_code=HTTP_200_OK)
    async def read(self, current_user: User, notifications: NotificationService,
                   data: ReadIn | None = None) -> ReadOut:
        """Mark my notifications read.

        Signed-in members only (401 for visitors). The notifications named in `ids`, or all
        of them without a body; ids of other members' notifications are ignored. 200 with
        how many changed.
        """
        ids = None if data is None else data.ids
        return ReadOut(updated=await notifications.mark_read(current_user, ids))
