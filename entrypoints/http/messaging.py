"""Messages over HTTP (spec §7): conversations, threads, fallback send, mark-read, counts."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import msgspec
from litestar import Controller, get, post
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from application.messaging import MessagingService, ThreadPage
from application.ports.messaging import Conversation
from domain.accounts import User
from domain.messaging import Message
from entrypoints.http.schemas import CamelStruct, Cursor, Limit

DB_ID_MAX = 2**31 - 1
PathId = Annotated[int, Parameter(ge=1, le=DB_ID_MAX)]
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


class ThreadOut(CamelStruct):
    items: list[MessageOut]
    next_cursor: str | None
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


def message_out(message: Message) -> MessageOut:
    assert message.id is not None
    return MessageOut(id=message.id, sender_id=message.sender_id,
                      receiver_id=message.receiver_id, content=message.content,
                      message_type=message.message_type, offer_id=message.offer_id,
                      product_id=message.product_id, read=message.read,
                      created_at=message.created_at)


def _conversation_out(conversation: Conversation) -> ConversationOut:
    partner = conversation.partner
    assert partner.id is not None
    return ConversationOut(id=partner.id, username=partner.username,
                           display_name=partner.display_name, avatar_url=partner.avatar_url,
                           verified=partner.verified, unread_count=conversation.unread_count,
                           last_message=message_out(conversation.last_message))


def _thread_out(page: ThreadPage) -> ThreadOut:
    return ThreadOut(items=[message_out(m) for m in page.items], next_cursor=page.next_cursor,
                     closed=page.closed, blocked_by_you=page.blocked_by_you)


class MessagingController(Controller):
    path = "/api"
    tags = ["messages"]

    @get("/users/{user_id:int}/conversations")
    async def conversations(self, user_id: PathId, current_user: User,
                            messaging: MessagingService) -> list[ConversationOut]:
        found = await messaging.conversations(current_user, user_id)
        return [_conversation_out(c) for c in found]

    @get("/users/{user_id:int}/unread-messages")
    async def unread(self, user_id: PathId, current_user: User,
                     messaging: MessagingService) -> CountOut:
        return CountOut(count=await messaging.unread_count(current_user, user_id))

    @get("/messages/{user_id:int}/{partner_id:int}")
    async def thread(self, user_id: PathId, partner_id: PathId, current_user: User,
                     messaging: MessagingService, limit: Limit = None,
                     cursor: Cursor = None) -> ThreadOut:
        page = await messaging.thread(current_user, user_id, partner_id, cursor=cursor,
                                      limit=limit)
        return _thread_out(page)

    @post("/messages", status_code=HTTP_201_CREATED)
    async def send(self, data: MessageIn, current_user: User,
                   messaging: MessagingService) -> MessageOut:
        message = await messaging.send(
            current_user, sender_id=data.sender_id, receiver_id=data.receiver_id,
            content=data.content, message_type=data.message_type, product_id=data.product_id)
        return message_out(message)

    @post("/messages/mark-read", status_code=HTTP_200_OK)
    async def mark_read(self, data: MarkReadIn, current_user: User,
                        messaging: MessagingService) -> UpdatedOut:
        changed = await messaging.mark_read(current_user, sender_id=data.sender_id,
                                            receiver_id=data.receiver_id)
        return UpdatedOut(updated=changed)
