"""What an offer change tells people: a message in the buyer-seller thread, a notification
for whoever must answer or hear the outcome, and an ``offer_updated`` socket event.

:func:`tell` turns each domain event an :class:`~domain.offers.Offer` recorded into a thread
message (``offer`` or ``offer_response``; responses say Accepted, Declined or Countered, which
the thread's card reads) and a notification, inside the caller's transaction. Their socket
events, and ``offer_updated`` to both people, are recorded on the unit of work, which sends
them once that transaction commits.

A thread line is shown beside its sender, so it may start with a verb ("Declined your
offer..."); a notice is read on its own (in the bell, and as the email it becomes), so its
body says who did it ("The seller declined your offer...") and its title, the email's
subject, names the item.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from application.messaging import post_in_thread
from application.notifications import notify
from application.ports import UnitOfWork
from domain.events import (
    CounterAccepted,
    CounterDeclined,
    OfferAccepted,
    OfferCountered,
    OfferDeclined,
    OfferEvent,
    OfferExpired,
    OfferMade,
    OfferRejected,
    OfferWithdrawn,
    WatcherOfferEnded,
    WatcherOfferMade,
)
from domain.money import format_amount
from domain.offers import DECLINE_MESSAGES, DeclineReason, Offer
from domain.text import format_moment

SELLER_PAGE = "/seller/offers?productId={product_id}"
BUYER_PAGE = "/buyer/offers"


def offer_updated_event(offer: Offer) -> dict[str, Any]:
    return {"type": "offer_updated", "offer": {
        "id": offer.id, "productId": offer.product_id, "status": offer.status.value,
        "buyerId": offer.buyer_id, "sellerId": offer.seller_id,
        "offerPrice": format_amount(offer.offer_price),
        "counterPrice": None if offer.counter_price is None else format_amount(
            offer.counter_price)}}


def _money(amount: Decimal | None) -> str:
    return "$" + format_amount(amount or Decimal(0))


@dataclass(frozen=True)
class _Wording:
    """One event's thread message (from, type, text) and notice (kind, title, body)."""

    from_buyer: bool
    message_type: str
    text: str
    kind: str | None
    title: str
    body: str | None = None  # the notice's own sentence; None: the text, with its subject

    @property
    def notice(self) -> str:
        if self.body is not None:
            return self.body
        who = "The buyer" if self.from_buyer else "The seller"
        return f"{who} {self.text[:1].lower()}{self.text[1:]}"


def titled(heading: str, title: str) -> str:
    """A notice's title (its email's subject) naming the item: 'Offer declined: “Wool
    coat”'."""
    return f"{heading}: “{title}”"


def deadline_text(at: datetime | None, now: datetime) -> str:
    """A reservation's deadline as the thread and bell say it, as every server text says
    a moment (``format_moment``): "Nov 28, 21:45 UTC"."""
    if at is None:
        return "24 hours from now"
    return format_moment(at, now)


def _reserved(offer: Offer, now: datetime, whom: str = "the buyer") -> str:
    return (f" It is reserved for {whom} until {deadline_text(offer.reserved_until, now)}: "
            "check out by then, or it returns to the shop.")


def _accepted_for_you(price: str, item: str, offer: Offer, now: datetime) -> str:
    """The buyer's notice of their accepted offer (the thread's line names "the buyer":
    both people read it)."""
    return (f"The seller accepted your offer of {price} for {item}."
            f"{_reserved(offer, now, 'you')}")


def _wording(event: OfferEvent, offer: Offer, title: str, now: datetime) -> _Wording:
    item = f"“{title}”"
    offered, counter = _money(offer.offer_price), _money(offer.counter_price)
    if isinstance(event, OfferMade):
        note = f" “{offer.message}”" if offer.message else ""
        return _Wording(True, "offer", f"Offer: {offered} for {item}.{note}",
                        "offer_received", "New offer",
                        f"A buyer offered {offered} for {item}.{note}")
    if isinstance(event, OfferAccepted):
        return _Wording(False, "offer_response",
                        f"Accepted your offer of {offered} for {item}.{_reserved(offer, now)}",
                        "offer_accepted", "Offer accepted",
                        _accepted_for_you(offered, item, offer, now))
    if isinstance(event, OfferRejected):
        return _Wording(False, "offer_response", f"Declined your offer of {offered} for {item}.",
                        "offer_declined", "Offer declined")
    if isinstance(event, OfferCountered):
        return _Wording(False, "offer_response",
                        f"Countered your offer of {offered} for {item} with {counter}.",
                        "offer_countered", "Counter offer")
    if isinstance(event, CounterAccepted) and offer.from_seller:
        return _Wording(True, "offer_response",
                        f"Accepted your offer of {counter} for {item}.{_reserved(offer, now)}",
                        "offer_accepted", "Your offer was accepted")
    if isinstance(event, CounterDeclined) and offer.from_seller:
        return _Wording(True, "offer_response", f"Declined your offer of {counter} for {item}.",
                        "offer_declined", "Your offer was declined")
    if isinstance(event, CounterAccepted):
        return _Wording(True, "offer_response",
                        f"Accepted your counter offer of {counter} for {item}."
                        f"{_reserved(offer, now)}",
                        "offer_accepted", "Counter offer accepted")
    if isinstance(event, CounterDeclined):
        return _Wording(True, "offer_response",
                        f"Declined your counter offer of {counter} for {item}.",
                        "offer_declined", "Counter offer declined")
    if isinstance(event, OfferWithdrawn):
        return _Wording(True, "offer_response", f"Withdrew the offer of {offered} for {item}.",
                        None, "Offer withdrawn")
    assert isinstance(event, OfferDeclined)
    why = DECLINE_MESSAGES[DeclineReason(event.reason)].split(": ", 1)[-1]
    return _Wording(False, "offer_response",
                    f"Declined your offer of {offered} for {item} automatically: {why}",
                    "offer_declined", "Offer declined",
                    f"Your offer of {offered} for {item} was declined automatically: {why}")


async def tell(uow: UnitOfWork, offer: Offer, *, title: str,
               now: datetime, who: str = "The seller") -> None:
    """Post and notify every event ``offer`` recorded since its last ``pull_events``;
    ``who`` names the seller in an offer to a watcher."""
    assert offer.id is not None
    for event in offer.pull_events():
        if isinstance(event, OfferExpired):
            await _tell_expired(uow, offer, event, title=title, now=now)
            continue
        if isinstance(event, WatcherOfferMade | WatcherOfferEnded):
            await _tell_watcher(uow, offer, event, title=title, now=now, who=who)
            continue
        words = _wording(event, offer, title, now)
        sender, receiver = ((offer.buyer_id, offer.seller_id) if words.from_buyer
                            else (offer.seller_id, offer.buyer_id))
        await post_in_thread(
            uow, sender_id=sender, receiver_id=receiver, content=words.text,
            message_type=words.message_type, now=now, offer_id=offer.id,
            product_id=offer.product_id)
        if words.kind is not None:
            link = (SELLER_PAGE.format(product_id=offer.product_id) if receiver == offer.seller_id
                    else BUYER_PAGE)
            await notify(uow, user_id=receiver, kind=words.kind,
                         title=titled(words.title, title), body=words.notice, link=link,
                         now=now)
    uow.publish(sorted({offer.buyer_id, offer.seller_id}), offer_updated_event(offer))


async def _tell_expired(uow: UnitOfWork, offer: Offer, event: OfferExpired,
                        *, title: str, now: datetime) -> None:
    """A lapsed reservation: one line in the thread, and both people are notified."""
    item, when = f"“{title}”", deadline_text(event.reserved_until, now)
    await post_in_thread(
        uow, sender_id=offer.seller_id, receiver_id=offer.buyer_id,
        content=(f"The reservation of {item} ended at {when} without an order: the offer has "
                 "expired and the item is back in the shop."),
        message_type="offer_response", now=now, offer_id=offer.id,
        product_id=offer.product_id)
    for user_id, body, link in (
            (offer.buyer_id, f"You did not check out {item} by {when}, so your accepted offer "
                             "has expired and the item is back in the shop.", BUYER_PAGE),
            (offer.seller_id, f"{item} is back in the shop: the buyer did not check out by "
                              f"{when}, so their accepted offer has expired.",
             SELLER_PAGE.format(product_id=offer.product_id))):
        await notify(uow, user_id=user_id, kind="offer_expired",
                     title=titled("Offer expired", title), body=body, link=link, now=now)


_WATCHER_ENDINGS = {
    "expired": "its 24 hours are over",
    "taken": "another watcher took it first",
    "sold": "another buyer ordered the item",
    "removed": "the listing was removed",
}


async def _tell_watcher(uow: UnitOfWork, offer: Offer,
                        event: WatcherOfferMade | WatcherOfferEnded, *, title: str,
                        now: datetime, who: str) -> None:
    """A seller's offer to a watcher, made or ended: a line in their thread, and the
    watcher is notified ("Maya offered you $40.00 on Levi's Trucker jacket — 24 hours")."""
    price = _money(offer.counter_price)
    if isinstance(event, WatcherOfferMade):
        text = (f"Offered you {price} for “{title}”, for the watchers of this item: accept "
                f"by {deadline_text(event.expires_at, now)} and it is reserved for you.")
        kind, heading, body = ("offer_received", f"Offer from {who}",
                               f"{who} offered you {price} on {title} — 24 hours")
    else:
        why = _WATCHER_ENDINGS[event.reason]
        text = f"The offer of {price} for “{title}” has ended: {why}."
        kind, heading, body = "offer_expired", "Offer ended", text
    await post_in_thread(
        uow, sender_id=offer.seller_id, receiver_id=offer.buyer_id, content=text,
        message_type="offer_response", now=now, offer_id=offer.id,
        product_id=offer.product_id)
    await notify(uow, user_id=offer.buyer_id, kind=kind, title=titled(heading, title),
                 body=body, link=BUYER_PAGE, now=now)
