"""The request and response Structs of ``entrypoints/http/messaging.py``: conversations, threads,
sending, counts."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec

from entrypoints.http.schemas import CamelStruct

DB_ID_MAX = 2**31 - 1
BodyId = Annotated[int, msgspec.Meta(ge=1, le=DB_ID_MAX)]


class MessageOut(CamelStruct):
    id: int
    sender_id: int
    receiver_id: int
    content: str
    message_type: str
    offer_id: int | None
    product_id: int | None
    read: bool
    created_at: datetime


class MessageIn(CamelStruct):
    receiver_id: BodyId | None = None
    content: Annotated[str, msgspec.Meta(max_length=10_000)] | None = None
    sender_id: BodyId | None = None
    message_type: Annotated[str, msgspec.Meta(max_length=30)] | None = "text"
    product_id: BodyId | None = None


class MarkReadIn(CamelStruct):
    sender_id: BodyId | None = None
    receiver_id: BodyId | None = None


class UpdatedOut(CamelStruct):
    updated: int


class CountOut(CamelStruct):
    count: int


class AgreedPriceOut(CamelStruct):
    product_id: int
    price: str


class ThreadOut(CamelStruct):
    items: list[MessageOut]
    next_cursor: str | None
    #: On the newest page (empty on older ones): each listing one of the two sells the other
    #: at an agreed price (an order between them, or an accepted offer still holding it), so
    #: "About this listing" shows that price instead of the listed one.
    agreed_prices: list[AgreedPriceOut]
    # True when either member blocked the other: readable, but sending answers 403.
    closed: bool = False
    # True when the reader is the one who blocked (so the page can offer Unblock).
    blocked_by_you: bool = False


class ConversationOut(CamelStruct):
    """A conversation partner (spec §3 User with unreadCount) and the newest message."""

    id: int
    username: str
    display_name: str
    avatar_url: str | None
    verified: bool
    unread_count: int
    last_message: MessageOut
