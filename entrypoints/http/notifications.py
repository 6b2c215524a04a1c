"""Notifications over HTTP: the bell's paged list and marking them read."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from litestar import Controller, get, post
from litestar.status_codes import HTTP_200_OK

from application.notifications import MAX_READ_IDS, NotificationService
from domain.accounts import User
from domain.notifications import Notification
from entrypoints.http.schemas import CamelStruct, Cursor, Limit

NoticeId = Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1)]


class NotificationOut(CamelStruct):
    id: int
    kind: str
    title: str
    body: str
    link: str | None
    read: bool
    created_at: datetime


class NotificationPageOut(CamelStruct):
    items: list[NotificationOut]
    next_cursor: str | None
    unread_count: int


class ReadIn(CamelStruct):
    """Which notifications to mark read; without ``ids``, all of them (mark-all-read)."""

    ids: Annotated[list[NoticeId], msgspec.Meta(max_length=MAX_READ_IDS)] | None = None


class ReadOut(CamelStruct):
    updated: int


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
        found = await notifications.page(current_user, cursor=cursor, limit=limit)
        return NotificationPageOut(items=[_out(n) for n in found.items],
                                   next_cursor=found.next_cursor,
                                   unread_count=found.unread_count)

    @post("/read", status_code=HTTP_200_OK)
    async def read(self, current_user: User, notifications: NotificationService,
                   data: ReadIn | None = None) -> ReadOut:
        ids = None if data is None else data.ids
        return ReadOut(updated=await notifications.mark_read(current_user, ids))
