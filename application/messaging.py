"""Messaging use cases: send, read a thread, list conversations, unread counts, mark read.

``post_in_thread`` is the one way a message enters a thread: people's messages come through
:class:`MessagingService`, offers and orders call it inside their own transaction; it
records ``new_message`` / ``message_sent`` on the unit of work, which sends them once that
transaction commits.
Only the two participants read a thread; only you read your own counts (403 otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from application.blocks import blocked_by, ensure_can_interact
from application.notifications import notify
from application.ports import Clock, UnitOfWork
from application.ports.messaging import Conversation
from application.ports.offers import OfferQuery
from application.shared.abuse import AbuseLimits, Act, take
from application.shared.paging import After, page_of, page_request
from application.vacation import away
from domain.accounts import User
from domain.analytics import ActivityKind
from domain.errors import Forbidden, NotFound, ValidationError
from domain.messaging import Message, check_message_type, clean_content
from domain.offers import OfferStatus

MAX_CONVERSATIONS = 200
# How many of the most recent orders and accepted offers each way a thread reads for the
# prices the two agreed (``agreed_prices``).
MAX_DEALS = 50
NOT_YOUR_THREAD = "You can only read your own conversations."
NOT_YOUR_COUNTS = "You can only read your own messages."
SEND_AS_YOURSELF = "You can only send messages as yourself."
PREVIEW_CHARS = 140


async def post_in_thread(uow: UnitOfWork, *, sender_id: int, receiver_id: int, content: str,
                         message_type: str, now: datetime, offer_id: int | None = None,
                         product_id: int | None = None) -> Message:
    """Add a message to the sender-receiver thread inside the caller's transaction; after
    its commit, ``new_message`` reaches the receiver's sockets and ``message_sent`` the
    sender's (every tab of each)."""
    if sender_id == receiver_id:
        raise ValidationError({"receiverId": "You cannot message yourself"})
    message = Message(id=None, sender_id=sender_id, receiver_id=receiver_id,
                      content=clean_content(content),
                      message_type=check_message_type(message_type), created_at=now,
                      offer_id=offer_id, product_id=product_id)
    added = await uow.messages.add(message)
    payload = message_payload(added)
    uow.publish([added.receiver_id], {"type": "new_message", "message": payload})
    uow.publish([added.sender_id], {"type": "message_sent", "message": payload})
    return added


def message_payload(message: Message) -> dict[str, Any]:
    """The message as the API and the socket show it (spec §3 Message, camelCase)."""
    return {
        "id": message.id, "senderId": message.sender_id, "receiverId": message.receiver_id,
        "content": message.content, "messageType": message.message_type,
        "offerId": message.offer_id, "productId": message.product_id, "read": message.read,
        "createdAt": message.created_at.isoformat(),
    }


@dataclass(frozen=True)
class ThreadPage:
    """Messages oldest first (newest last); ``next_cursor`` names the older page."""

    items: list[Message]
    next_cursor: str | None
    # Issue 37: either member blocked the other, so the thread stays readable but no one
    # can send in it (``send`` answers 403); ``blocked_by_you`` says the reader did it (the
    # page offers Unblock), without telling anyone that they were blocked.
    closed: bool = False
    blocked_by_you: bool = False
    # On the newest page: what a listing one of the two sells the other is agreed at
    # (:func:`agreed_prices`), by listing id, so "About this listing" says that price.
    agreed_prices: dict[int, Decimal] = field(default_factory=dict)


class MessagingService:
    def __init__(self, uow: UnitOfWork, clock: Clock, abuse: AbuseLimits | None = None
                 ) -> None:
        self.uow = uow
        self.clock = clock
        self.abuse = abuse

    async def send(self, actor: User, *, sender_id: int | None, receiver_id: int | None,
                   content: str | None, message_type: str | None = "text",
                   product_id: int | None = None) -> Message:
        """A person's message (the HTTP fallback and the socket both come here)."""
        if sender_id is not None and sender_id != actor.id:
            raise Forbidden(SEND_AS_YOURSELF)
        if receiver_id is None:
            raise ValidationError({"receiverId": "receiverId is required"})
        if (message_type or "text") != "text":
            raise ValidationError({"messageType": "Only text messages can be sent here"})
        assert actor.id is not None
        text = clean_content(content)
        await take(self.abuse, Act.MESSAGE, actor.id)
        async with self.uow:
            receiver = await self.uow.users.get(receiver_id)
            if receiver is None or receiver.is_closed:  # a "Deleted member" reads nothing
                raise NotFound("User not found")
            await ensure_can_interact(self.uow, actor.id, receiver_id)
            if product_id is not None and await self.uow.listings.get(product_id) is None:
                product_id = None
            message = await post_in_thread(
                self.uow, sender_id=actor.id, receiver_id=receiver_id, content=text,
                message_type="text", now=self.clock.now(), product_id=product_id)
            await self._message_notice(actor, message)
            await self.uow.activity.record(ActivityKind.MESSAGE_SENT, actor.id, message.created_at)
            vacation = await away(self.uow, receiver_id, message.created_at)
            if vacation is not None and receiver_id != actor.id:
                await post_in_thread(
                    self.uow, sender_id=receiver_id, receiver_id=actor.id,
                    content=vacation.auto_reply, message_type="text", now=message.created_at,
                    product_id=product_id)
            await self.uow.commit()
        return message

    async def _message_notice(self, actor: User, message: Message) -> None:
        """One unread 'new message' notice per sender: later messages don't pile up."""
        link = f"/messages/{actor.id}"
        if await self.uow.notifications.has_unread(message.receiver_id, "message", link):
            return
        preview = message.content[:PREVIEW_CHARS]
        await notify(self.uow, user_id=message.receiver_id, kind="message",
                            title=f"New message from {actor.display_name}", body=preview,
                            link=link, now=message.created_at)

    async def thread(self, actor: User, user_id: int, partner_id: int, *,
                     cursor: str | None = None, limit: int | None = None) -> ThreadPage:
        if actor.id not in (user_id, partner_id):
            raise Forbidden(NOT_YOUR_THREAD)
        request = page_request(limit, cursor, int)
        before = request.after.id if request.after else None
        other = partner_id if actor.id == user_id else user_id
        async with self.uow:
            newest_first = await self.uow.messages.thread(user_id, partner_id, before,
                                                          request.fetch)
            closed = actor.id != other and await self.uow.blocks.between(actor.id, other)
            by_you = closed and await blocked_by(self.uow, actor.id, other)
            agreed = ({} if before is not None or actor.id == other
                      else await agreed_prices(self.uow, actor.id, other, self.clock.now()))
        page = page_of(newest_first, request, _by_id)
        return ThreadPage(list(reversed(page.items)), page.next_cursor, closed, by_you,
                          agreed)

    async def conversations(self, actor: User, user_id: int) -> list[Conversation]:
        if actor.id != user_id:
            raise Forbidden(NOT_YOUR_THREAD)
        async with self.uow:
            return await self.uow.messages.conversations(user_id, MAX_CONVERSATIONS)

    async def mark_read(self, actor: User, *, sender_id: int | None,
                        receiver_id: int | None) -> int:
        """Mark the partner's messages to you read; only the receiver may."""
        if sender_id is None:
            raise ValidationError({"senderId": "senderId is required"})
        if receiver_id is not None and receiver_id != actor.id:
            raise Forbidden("You can only mark messages sent to you as read.")
        assert actor.id is not None
        async with self.uow:
            changed = await self.uow.messages.mark_read(sender_id, actor.id)
            await self.uow.notifications.mark_read_link(actor.id, "message",
                                                        f"/messages/{sender_id}")
            if changed:
                self.uow.publish([actor.id], {"type": "messages_read", "partnerId": sender_id})
            await self.uow.commit()
        return changed

    async def unread_count(self, actor: User, user_id: int) -> int:
        if actor.id != user_id:
            raise Forbidden(NOT_YOUR_COUNTS)
        async with self.uow:
            return await self.uow.messages.unread_count(user_id)


def _by_id(message: Message) -> After:
    assert message.id is not None
    return After(message.id, message.id)


async def agreed_prices(uow: UnitOfWork, a: int, b: int, now: datetime
                        ) -> dict[int, Decimal]:
    """The price each listing one of ``a`` and ``b`` sells the other is agreed at, by
    listing id: an order between them that is not cancelled or refunded (its price; an
    item of a bundle at its own price, before the bundle's discount), else an accepted
    offer still holding the listing for its buyer (its agreed price). The newest order
    wins; the other listings are left out (the thread shows their listed price). The most
    recent :data:`MAX_DEALS` of each kind each way are read."""
    prices: dict[int, Decimal] = {}
    accepted = frozenset({OfferStatus.ACCEPTED})
    for seller, buyer in ((a, b), (b, a)):
        for offer in await uow.offers.search(
                OfferQuery(seller_id=seller, buyer_id=buyer, statuses=accepted), MAX_DEALS):
            if (offer.agreed_price is not None
                    and offer.holds_item_for(buyer, offer.product_id, now)):
                prices[offer.product_id] = offer.agreed_price
    orders = [order for seller, buyer in ((a, b), (b, a))
              for order in await uow.orders.list_for(buyer_id=buyer, seller_id=seller,
                                                     limit=MAX_DEALS)
              if not order.undone]
    for order in sorted(orders, key=lambda o: (o.created_at, o.id or 0)):  # newest last
        if len(order.items) > 1:
            prices |= {item.product_id: item.price for item in order.items}
        else:
            prices[order.product_id] = order.price
    return prices
