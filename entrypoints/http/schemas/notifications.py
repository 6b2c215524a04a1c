"""The request and response Structs of ``entrypoints/http/notifications.py``: the bell's pages and
marking them read."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec

from application.notifications import MAX_READ_IDS
from entrypoints.http.schemas import CamelStruct

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
