"""Messages over HTTP (spec §7): conversations, threads, fallback send, mark-read, counts."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED

from application.messaging import MessagingService, ThreadPage
from application.ports.messaging import Conversation
from domain.accounts import User
from domain.messaging import Message
from domain.money import format_amount
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.messaging import (
    DB_ID_MAX,
    AgreedPriceOut,
    ConversationOut,
    CountOut,
    MarkReadIn,
    MessageIn,
    MessageOut,
    ThreadOut,
    UpdatedOut,
)

PathId = Annotated[int, Parameter(ge=1, le=DB_ID_MAX)]


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
                     closed=page.closed, blocked_by_you=page.blocked_by_you,
                     agreed_prices=[AgreedPriceOut(product_id=product_id,
                                                   price=format_amount(price))
                                    for product_id, price in sorted(page.agreed_prices.items())])


class MessagingController(Controller):
    path = "/api"
    tags = ["messages"]

    @get("/users/{user_id:int}/conversations")
    async def conversations(self, user_id: PathId, current_user: User,
                            messaging: MessagingService) -> list[ConversationOut]:
        """List my conversations.

        The member themself only (`user_id` must be the caller): 401 for visitors, 403 for
        anyone else, administrators included. Each partner with the last message and the
        unread count, the most recent first (up to 200).
        """
        found = await messaging.conversations(current_user, user_id)
        return [_conversation_out(c) for c in found]

    @get("/users/{user_id:int}/unread-messages")
    async def unread(self, user_id: PathId, current_user: User,
                     messaging: MessagingService) -> CountOut:
        """Count my unread messages.

        The member themself only (`user_id` must be the caller): 401 for visitors, 403 for
        anyone else, administrators included. `count`: messages sent to the caller not yet
        read.
        """
        return CountOut(count=await messaging.unread_count(current_user, user_id))

    @get("/messages/{user_id:int}/{partner_id:int}")
    async def thread(self, user_id: PathId, partner_id: PathId, current_user: User,
                     messaging: MessagingService, limit: Limit = None,
                     cursor: Cursor = None) -> ThreadOut:
        """Read a conversation.

        One of its two members only: 401 for visitors, 403 for anyone else, administrators
        included. The messages between `user_id` and `partner_id`, oldest first on each
        page, newest page first (`nextCursor` names the older page). `closed` when either
        blocked the other (readable, but no one can send), `blockedByYou` when the reader
        did; the newest page carries the prices agreed on listings one of them sells the
        other.
        """
        page = await messaging.thread(current_user, user_id, partner_id, cursor=cursor,
                                      limit=limit)
        return _thread_out(page)

    @post("/messages", status_code=HTTP_201_CREATED, opt={"errors": {429}})
    async def send(self, data: MessageIn, current_user: User,
                   messaging: MessagingService) -> MessageOut:
        """Send a message.

        Signed-in members only (401 for visitors), in their own name: `senderId`, when sent,
        must be the caller (403 otherwise). Text only. 201 with the message, which also
        reaches both members' open pages over `/ws`; the receiver is notified, and a
        receiver on vacation answers with their auto-reply. 400 without a `receiverId`, for
        an empty or over-long text, another `messageType`, or a message to oneself; 403
        between members who blocked each other; 404 for an unknown or closed account; 429
        after too many messages in a short time.
        """
        message = await messaging.send(
            current_user, sender_id=data.sender_id, receiver_id=data.receiver_id,
            content=data.content, message_type=data.message_type, product_id=data.product_id)
        return message_out(message)

    @post("/messages/mark-read", status_code=HTTP_200_OK)
    async def mark_read(self, data: MarkReadIn, current_user: User,
                        messaging: MessagingService) -> UpdatedOut:
        """Mark a conversation read.

        Signed-in members only (401 for visitors): the messages `senderId` sent to the
        caller become read (only messages sent to the caller: a `receiverId` other than the
        caller is a 403). 200 with how many changed; 400 without a `senderId`.
        """
        changed = await messaging.mark_read(current_user, sender_id=data.sender_id,
                                            receiver_id=data.receiver_id)
        return UpdatedOut(updated=changed)
