"""The request and response Structs of ``entrypoints/http/realtime.py``: the ``/ws`` socket's one
client message (authentication)."""

from __future__ import annotations

from typing import Annotated

import msgspec

DbId = Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1)]


class SocketIn(msgspec.Struct, rename="camel", kw_only=True):
    type: Annotated[str, msgspec.Meta(max_length=30)]
    user_id: int | None = None
    sender_id: DbId | None = None
    receiver_id: DbId | None = None
    content: Annotated[str, msgspec.Meta(max_length=10_000)] | None = None
    product_id: DbId | None = None
