"""Offers on a listing (spec section 4; DESIGN section 3).

``pending`` -> ``accepted`` | ``rejected`` | ``countered`` (the listing's seller only);
``countered`` -> ``accepted`` at the counter price (the offer's buyer, in one step) or
``rejected`` (the buyer declines the counter; Rethread's addition, so a buyer is never
stuck with an open offer). The buyer may withdraw a ``pending`` offer (``withdrawn``). The
marketplace itself declines an open offer (``rejected`` with a ``decline_reason``) when
another offer on the listing is accepted or the listing is sold or deleted.
``rejected``, ``withdrawn``, ``expired`` and ``cancelled`` are settled: no more actions.
The agreed price of an accepted offer is what checkout charges that buyer.

Accepting an offer (the seller's accept or the buyer's acceptance of a counter) reserves the
listing for that buyer for :data:`RESERVATION` (24 hours): ``reserved_until`` is the
deadline. Until then only that buyer can order it (:meth:`Offer.holds_item_for`); placing the
order uses the reservation up (:meth:`Offer.use_reservation`). When the deadline passes
unused, :meth:`Offer.expire` makes the offer ``expired`` and the listing returns to the shop.
When the order placed with an accepted offer is cancelled (by anyone, or the unpaid-order
timer), :meth:`Offer.order_cancelled` makes the offer ``cancelled``: the agreement is over,
the listing is back in the shop, and it can take (and accept) other offers again. When the
buyer or the seller closes their account, is suspended, or one blocks the other while the
reservation is unused, :meth:`Offer.end_reservation` declines the offer (``account_closed``,
``member_suspended``, ``member_blocked``) and the item is freed.

The buyer never pays more than the listing's price now: a seller may lower the price after
an offer was made, so accepting (or accepting a counter) above the price now is refused
(409, the buyer can simply buy it at that price), a counter may not exceed it, and checkout
charges the lower of the agreed price and the price now (``domain/checkout.py``).

**Offers to watchers** (issue 38 item 2): the seller of an available listing sends one price
to everyone watching it (:meth:`Offer.to_watcher`, ``from_seller``): at most 90% of the
listing price and at least the offer minimum (:func:`watcher_offer_price`), at most once per
listing per 24 hours (:func:`ensure_watcher_offer_due`). Each watcher's offer starts
``countered`` at that price (the buyer's move, as a counter is), so the watcher accepts it
(:meth:`Offer.accept_counter`: accepted and reserved as any accepted offer, paid with Pay
Now) or declines it. It is open for :data:`WATCHER_OFFER_LIFETIME`; then, or as soon as
another watcher accepts (or the item sells or is removed), it ends ``expired``
(:meth:`Offer.end_watcher_offer`).

Size: every offer rule stays in this one module, so a reader sees them together (DESIGN §1):
the amount rules, watcher offers, the state machine and what closes open offers. The 30 methods
of Offer are its moves and questions, a few lines each (a state machine's moves are methods
on its aggregate). If it grows further, the amount rules are the piece to give their own
module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from enum import StrEnum

from domain.catalog import UNAVAILABLE_MESSAGE, ListingStatus
from domain.errors import Conflict, Forbidden, IllegalTransition, ValidationError
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
from domain.money import (
    CENT,
    AmountProblem,
    format_usd,
    problem_message,
    read_amount,
    round_money,
    round_money_up,
)
from domain.text import format_moment

MESSAGE_MAX = 500
# Why a settled or already answered offer cannot be answered again (409), as a sentence.
_ALREADY = {
    "accepted": "This offer has already been accepted.",
    "rejected": "This offer has already been declined.",
    "countered": "This offer has already been countered; the buyer is answering.",
    "withdrawn": "The buyer has withdrawn this offer.",
    "expired": "This offer has expired: the buyer did not check out within 24 hours.",
    "pending": "The seller has not answered this offer yet.",
    "cancelled": "The order placed with this offer was cancelled.",
}
RESERVATION_HOURS = 24
RESERVATION = timedelta(hours=RESERVATION_HOURS)
WATCHER_OFFER_LIFETIME = timedelta(hours=24)  # how long a watcher has to accept
WATCHER_OFFER_EVERY = timedelta(hours=24)  # one offer to a listing's watchers per this
WATCHER_OFFER_MAX_SHARE = Decimal("0.90")  # of the listing price


# -- offer amounts (spec sections 4, 5 and 9) ------------------------------------------
# The ``*_error`` functions check an already-parsed ``Decimal`` (the aggregate uses them);
# ``validate_*`` check what a person typed; ``parse_*`` return the amount or raise
# :class:`ValidationError`.

OFFER_REQUIRED = "Offer amount is required"
OFFER_ABOVE_LISTING = "Offer cannot be more than the listing price"
OFFER_TOO_PRECISE = "Offer amount can have at most 2 decimal places"
OFFER_TOO_LOW = "Offers must be at least {minimum}"  # also 0 or negative: one message
# An offer must be at least this share of the listing price (docs/offers.md).
MINIMUM_OFFER_SHARE = Decimal("0.5")

COUNTER_REQUIRED = "Counter price is required"
COUNTER_TOO_LOW = "Counter price must be at least $0.01"
COUNTER_NOT_IN_STEPS = "Counter price must be in steps of $0.01"
COUNTER_NOT_ABOVE_OFFER = "Counter price must be more than the offer"
COUNTER_ABOVE_LISTING = "Counter price cannot be more than the listing price"
OFFER_ABOVE_PRICE_NOW = ("The price of this item is now {price}, less than this offer, so it "
                         "cannot be accepted: the buyer can buy it at that price.")
COUNTER_ABOVE_PRICE_NOW = ("The seller lowered the price of this item to {price}, less than "
                           "this counter-offer: you can buy it at that price instead.")


def ensure_within_price_now(agreed: Decimal, price_now: Decimal, message: str) -> None:
    """409 when accepting at ``agreed`` would charge more than the listing's price now
    (the seller lowered it after the offer): the buyer never pays more than the price."""
    price_now = round_money(price_now)
    if agreed > price_now:
        raise Conflict(message.format(price=format_usd(price_now)))


def minimum_offer(listing_price: Decimal) -> Decimal:
    """The lowest offer a listing accepts: half its price, rounded up to the cent."""
    return round_money_up(listing_price * MINIMUM_OFFER_SHARE)


def offer_too_low(listing_price: Decimal) -> str:
    """The one message for every offer under the minimum, $0.00 and negative ones too."""
    return OFFER_TOO_LOW.format(minimum=format_usd(minimum_offer(listing_price)))


def offer_price_error(price: Decimal, listing_price: Decimal) -> str | None:
    if price <= 0:
        return offer_too_low(listing_price)
    if round_money(price) != price:
        return OFFER_TOO_PRECISE
    if price > listing_price:
        return OFFER_ABOVE_LISTING
    return offer_too_low(listing_price) if price < minimum_offer(listing_price) else None


def counter_price_error(price: Decimal, offer_price: Decimal, listing_price: Decimal) -> str | None:
    if price < CENT:
        return COUNTER_TOO_LOW
    if round_money(price) != price:
        return COUNTER_NOT_IN_STEPS
    if price <= offer_price:
        return COUNTER_NOT_ABOVE_OFFER
    return COUNTER_ABOVE_LISTING if price > listing_price else None


_OFFER_PROBLEMS = {  # a negative amount is under the minimum (offer_too_low)
    AmountProblem.REQUIRED: OFFER_REQUIRED,
    AmountProblem.TOO_PRECISE: OFFER_TOO_PRECISE,
    AmountProblem.TOO_LARGE: OFFER_ABOVE_LISTING,
}

_COUNTER_PROBLEMS = {
    AmountProblem.REQUIRED: COUNTER_REQUIRED,
    AmountProblem.NEGATIVE: COUNTER_TOO_LOW,
    AmountProblem.TOO_PRECISE: COUNTER_NOT_IN_STEPS,
    AmountProblem.TOO_LARGE: COUNTER_ABOVE_LISTING,
}


def _read_offer(amount: str | Decimal | int | None, listing_price: Decimal) -> Decimal | str:
    """The offer amount, or the message saying what is wrong with it."""
    value = read_amount(amount)
    if value is AmountProblem.NEGATIVE:
        return offer_too_low(listing_price)
    if isinstance(value, AmountProblem):
        return _OFFER_PROBLEMS.get(value) or problem_message(value, "Offer amount")
    return offer_price_error(value, listing_price) or value


def _read_counter(
    counter_price: str | Decimal | int | None, offer_price: Decimal, listing_price: Decimal
) -> Decimal | str:
    """The counter price, or the message saying what is wrong with it."""
    value = read_amount(counter_price)
    if isinstance(value, AmountProblem):
        return _COUNTER_PROBLEMS.get(value) or problem_message(value, "Counter price")
    return counter_price_error(value, offer_price, listing_price) or value


def validate_offer_amount(
    amount: str | Decimal | int | None, listing_price: Decimal
) -> dict[str, str]:
    """``{"offerPrice": message}`` unless ``amount`` is in [half the listing price, listing
    price]."""
    result = _read_offer(amount, listing_price)
    return {"offerPrice": result} if isinstance(result, str) else {}


def validate_counter_price(
    counter_price: str | Decimal | int | None,
    offer_price: Decimal,
    listing_price: Decimal,
) -> dict[str, str]:
    """``{"counterPrice": message}`` unless offer < counter <= listing, in whole cents."""
    result = _read_counter(counter_price, offer_price, listing_price)
    return {"counterPrice": result} if isinstance(result, str) else {}


def parse_offer_amount(amount: str | Decimal | int | None, listing_price: Decimal) -> Decimal:
    """The offer amount in cents, or :class:`ValidationError` ``{"offerPrice": ...}``."""
    result = _read_offer(amount, listing_price)
    if isinstance(result, str):
        raise ValidationError({"offerPrice": result})
    return result


def parse_counter_price(
    counter_price: str | Decimal | int | None,
    offer_price: Decimal,
    listing_price: Decimal,
) -> Decimal:
    """The counter price in cents, or :class:`ValidationError` ``{"counterPrice": ...}``."""
    result = _read_counter(counter_price, offer_price, listing_price)
    if isinstance(result, str):
        raise ValidationError({"counterPrice": result})
    return result


class WatcherOfferEnd(StrEnum):
    """Why a seller's offer to a watcher ended unanswered."""

    EXPIRED = "expired"
    TAKEN = "taken"
    SOLD = "sold"
    REMOVED = "removed"


def watcher_offer_price(price: str | Decimal | int | None, listing_price: Decimal) -> Decimal:
    """The price of an offer to watchers. A missing, unreadable, negative or sub-cent price
    is bad input (400 with a sentence); a price of whole cents below the offer minimum or
    above 90% of the listing price breaks the listing's rule (409 with a sentence)."""
    listing_price = round_money(listing_price)
    value = read_amount(price)
    if isinstance(value, AmountProblem):
        raise ValidationError({"price": "Please enter a price like 40 or 39.50."},
                              "Please enter a price like 40 or 39.50.")
    if round_money(value) != value:
        raise ValidationError({"price": OFFER_TOO_PRECISE}, OFFER_TOO_PRECISE)
    highest = round_money(listing_price * WATCHER_OFFER_MAX_SHARE)
    if value > highest:
        raise Conflict(f"An offer to watchers can be at most 90% of the listing price "
                       f"({format_usd(highest)}).")
    if value < minimum_offer(listing_price):
        raise Conflict(offer_too_low(listing_price))
    return value


def ensure_watcher_offer_due(last_sent: datetime | None, now: datetime) -> None:
    """409 when this listing's watchers got an offer less than 24 hours ago."""
    if last_sent is not None and now < last_sent + WATCHER_OFFER_EVERY:
        again = last_sent + WATCHER_OFFER_EVERY
        raise Conflict("This listing's watchers got an offer less than 24 hours ago; you can "
                       f"send another after {format_moment(again, now)}.")


class OfferStatus(StrEnum):
    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    COUNTERED = "countered"
    WITHDRAWN = "withdrawn"
    EXPIRED = "expired"
    CANCELLED = "cancelled"  # the order placed with the accepted offer was cancelled


class DeclineReason(StrEnum):
    """Why the marketplace (not the seller) declined an open offer."""

    OTHER_OFFER_ACCEPTED = "other_offer_accepted"
    LISTING_SOLD = "listing_sold"
    LISTING_DELETED = "listing_deleted"
    ACCOUNT_CLOSED = "account_closed"
    MEMBER_SUSPENDED = "member_suspended"
    MEMBER_BLOCKED = "member_blocked"


DECLINE_MESSAGES = {
    DeclineReason.OTHER_OFFER_ACCEPTED: "This offer was declined: the seller accepted another "
                                        "offer on this item.",
    # An order reserves the item (sold only once paid), so this says what happened.
    DeclineReason.LISTING_SOLD: "This offer was declined: another buyer ordered the item.",
    DeclineReason.LISTING_DELETED: "This offer was declined: the listing was removed.",
    DeclineReason.ACCOUNT_CLOSED: "This offer was closed: the member closed their account.",
    DeclineReason.MEMBER_SUSPENDED: "This offer was closed: the member's account is suspended.",
    DeclineReason.MEMBER_BLOCKED: "This offer was closed: you can't trade with this member.",
}

OPEN_STATUSES = frozenset({OfferStatus.PENDING, OfferStatus.COUNTERED})


class OfferAction(StrEnum):
    ACCEPT = "accept"
    REJECT = "reject"
    COUNTER = "counter"
    ACCEPT_COUNTER = "accept_counter"
    DECLINE_COUNTER = "decline_counter"
    WITHDRAW = "withdraw"


SELLER_ACTIONS = frozenset({OfferAction.ACCEPT, OfferAction.REJECT, OfferAction.COUNTER})
BUYER_ACTIONS = frozenset({OfferAction.ACCEPT_COUNTER, OfferAction.DECLINE_COUNTER})
BUYER_PENDING_ACTIONS = frozenset({OfferAction.WITHDRAW})


def _clean_message(message: str | None) -> str | None:
    text = (message or "").strip()
    if len(text) > MESSAGE_MAX:
        raise ValidationError({"message": f"Message must be at most {MESSAGE_MAX} characters"})
    return text or None


@dataclass(kw_only=True)
class Offer:
    """One buyer's offer on one listing; prices are ``Decimal`` dollars in whole cents."""

    id: int | None = None
    product_id: int
    buyer_id: int
    seller_id: int
    listing_price: Decimal
    offer_price: Decimal
    counter_price: Decimal | None = None
    status: OfferStatus = OfferStatus.PENDING
    message: str | None = None
    decline_reason: DeclineReason | None = None
    created_at: datetime
    updated_at: datetime | None = None
    seller_seen: bool = False
    buyer_seen: bool = True
    reserved_until: datetime | None = None
    from_seller: bool = False  # the seller's offer to a watcher (see the module doc)
    expires_at: datetime | None = None  # when an offer to a watcher ends unanswered
    events: list[OfferEvent] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.status = OfferStatus(self.status)
        if self.decline_reason is not None:
            self.decline_reason = DeclineReason(self.decline_reason)
        if self.updated_at is None:
            self.updated_at = self.created_at

    @classmethod
    def make(
        cls,
        *,
        product_id: int,
        buyer_id: int,
        seller_id: int,
        listing_price: Decimal,
        offer_price: Decimal | str | None,
        created_at: datetime,
        message: str | None = None,
        has_open_offer: bool = False,
        listing_available: bool = True,
        listing_status: ListingStatus | None = None,
        id: int | None = None,
    ) -> Offer:
        """A new pending offer, after checking every rule for making one.

        ``has_open_offer``: this buyer already has a pending or countered offer on this
        listing (the caller looks it up). ``listing_available``: the listing can still be
        bought (not reserved or sold); ``listing_status`` says which, for the message.
        """
        if buyer_id == seller_id:
            raise Forbidden("You cannot make an offer on your own listing.")
        if listing_status is not None and not listing_status.is_purchasable:
            raise Conflict(listing_status.unavailable_message)
        if not listing_available:
            raise Conflict(UNAVAILABLE_MESSAGE)
        if has_open_offer:
            raise Conflict("You already have an open offer on this item.")
        listing_price = round_money(listing_price)
        offer = cls(
            id=id,
            product_id=product_id,
            buyer_id=buyer_id,
            seller_id=seller_id,
            listing_price=listing_price,
            offer_price=parse_offer_amount(offer_price, listing_price),
            message=_clean_message(message),
            created_at=created_at,
        )
        offer.events.append(OfferMade(offer.id, product_id, buyer_id, seller_id, offer.offer_price))
        return offer

    @classmethod
    def to_watcher(cls, *, product_id: int, seller_id: int, watcher_id: int,
                   listing_price: Decimal, price: Decimal, now: datetime) -> Offer:
        """The seller's offer at ``price`` (already :func:`watcher_offer_price`) to one
        watcher: open for the watcher to accept until ``now`` + 24 hours."""
        if watcher_id == seller_id:
            raise Forbidden("You cannot send an offer to yourself.")
        offer = cls(product_id=product_id, buyer_id=watcher_id, seller_id=seller_id,
                    listing_price=round_money(listing_price), offer_price=price,
                    counter_price=price, status=OfferStatus.COUNTERED, created_at=now,
                    from_seller=True, expires_at=now + WATCHER_OFFER_LIFETIME,
                    seller_seen=True, buyer_seen=False)
        offer.events.append(WatcherOfferMade(None, watcher_id, seller_id, price,
                                             now + WATCHER_OFFER_LIFETIME))
        return offer

    def watcher_offer_lapsed(self, now: datetime) -> bool:
        """An offer to a watcher that is still open past its 24 hours."""
        return (self.from_seller and self.is_open and self.expires_at is not None
                and now >= self.expires_at)

    def end_watcher_offer(self, reason: WatcherOfferEnd | str) -> None:
        """An open offer to a watcher ends unanswered: ``expired``, the watcher is told."""
        if not (self.from_seller and self.is_open):
            raise IllegalTransition(_ALREADY[self.status.value])
        self.status = OfferStatus.EXPIRED
        self.buyer_seen = False
        self.events.append(WatcherOfferEnded(self.id, self.buyer_id, self.seller_id,
                                             WatcherOfferEnd(reason).value))

    @property
    def is_open(self) -> bool:
        """Pending or countered: still waiting for someone."""
        return self.status in OPEN_STATUSES

    @property
    def agreed_price(self) -> Decimal | None:
        """What checkout charges the buyer; ``None`` unless the offer is accepted."""
        if self.status is not OfferStatus.ACCEPTED:
            return None
        return self.offer_price if self.counter_price is None else self.counter_price

    def available_actions(self, actor_id: int) -> frozenset[OfferAction]:
        if self.status is OfferStatus.PENDING and actor_id == self.seller_id:
            return SELLER_ACTIONS
        if self.status is OfferStatus.COUNTERED and actor_id == self.buyer_id:
            return BUYER_ACTIONS
        if self.status is OfferStatus.PENDING and actor_id == self.buyer_id:
            return BUYER_PENDING_ACTIONS
        return frozenset()

    @property
    def is_reserving(self) -> bool:
        """Accepted, and the reservation it made has not been used or expired yet."""
        return self.status is OfferStatus.ACCEPTED and self.reserved_until is not None

    def holds_item_for(self, buyer_id: int, product_id: int, now: datetime) -> bool:
        """This offer reserves ``product_id`` for ``buyer_id`` at ``now``."""
        return (self.is_reserving and self.buyer_id == buyer_id
                and self.product_id == product_id
                and self.reserved_until is not None and now < self.reserved_until)

    def is_lapsed(self, now: datetime) -> bool:
        """The reservation's deadline has passed and it was not used."""
        return (self.is_reserving and self.reserved_until is not None
                and now >= self.reserved_until)

    def use_reservation(self, now: datetime) -> None:
        """The buyer placed the order within the window: the order holds the item now."""
        if not self.is_reserving:
            return
        if self.is_lapsed(now):
            raise Conflict("Your reservation of this item has expired.")
        self.reserved_until = None

    def expire(self, now: datetime) -> None:
        """The reservation lapsed unused: the offer is ``expired``, the item free again."""
        if not self.is_lapsed(now):
            raise IllegalTransition("This offer's reservation has not run out.")
        deadline = self.reserved_until
        assert deadline is not None
        self.status = OfferStatus.EXPIRED
        self.reserved_until = None
        self.buyer_seen = False
        self.events.append(OfferExpired(self.id, self.buyer_id, self.seller_id, deadline))

    def order_cancelled(self) -> None:
        """The order placed with this accepted offer was cancelled: the offer is settled as
        ``cancelled``, so it no longer counts as the listing's accepted offer."""
        if self.status is not OfferStatus.ACCEPTED:
            raise IllegalTransition(_ALREADY[self.status.value])
        self.status = OfferStatus.CANCELLED
        self.reserved_until = None

    def end_reservation(self, reason: DeclineReason | str, now: datetime) -> None:
        """The marketplace ends this accepted offer's unused reservation (its buyer or seller
        closed their account): the offer is declined for ``reason`` and holds the item no
        more. Once an order holds the item (the reservation was used) it is refused."""
        if not self.is_reserving:
            raise IllegalTransition(_ALREADY[self.status.value])
        self.status = OfferStatus.REJECTED
        self.decline_reason = DeclineReason(reason)
        self.reserved_until = None
        self.updated_at = now
        self._record(OfferDeclined, reason=self.decline_reason.value)

    def accept(self, actor_id: int, now: datetime, listing_price: Decimal | None = None
               ) -> None:
        """The seller accepts; ``listing_price`` is the listing's price now (None: the price
        when the offer was made). Refused (409) when the offer is above the price now."""
        self._seller_responds(actor_id)
        ensure_within_price_now(self.offer_price, _price_now(self, listing_price),
                                OFFER_ABOVE_PRICE_NOW)
        self.status = OfferStatus.ACCEPTED
        self.reserved_until = now + RESERVATION
        self._record(OfferAccepted, price=self.offer_price)

    def reject(self, actor_id: int) -> None:
        self._seller_responds(actor_id)
        self.status = OfferStatus.REJECTED
        self._record(OfferRejected)

    def counter(self, actor_id: int, price: Decimal | str | None,
                listing_price: Decimal | None = None) -> None:
        """Counter at ``price``: above the offer, at most the listing price now (``None``:
        the price when the offer was made), whole cents."""
        self._seller_responds(actor_id)
        self.counter_price = parse_counter_price(price, self.offer_price,
                                                 _price_now(self, listing_price))
        self.status = OfferStatus.COUNTERED
        self._record(OfferCountered, counter_price=self.counter_price)

    def respond(
        self, actor_id: int, status: str, counter_price: Decimal | str | None = None, *,
        now: datetime, listing_price: Decimal | None = None,
    ) -> None:
        """The seller's answer as the API sends it: accepted, rejected or countered
        (``listing_price``: the listing's price now, see :meth:`accept`)."""
        moves: dict[str, Callable[[], None]] = {  # OfferStatus members are their str values
            OfferStatus.ACCEPTED: lambda: self.accept(actor_id, now, listing_price),
            OfferStatus.REJECTED: lambda: self.reject(actor_id),
            OfferStatus.COUNTERED: lambda: self.counter(actor_id, counter_price, listing_price),
        }
        move = moves.get(str(status).strip().lower())
        if move is None:
            raise ValidationError({"status": "Please choose accepted, rejected or countered"})
        move()

    def accept_counter(self, actor_id: int, now: datetime,
                       listing_price: Decimal | None = None) -> None:
        """The buyer takes the counter: accepted at the counter price, in one step; refused
        (409) when the counter is above the listing's price now (``listing_price``)."""
        self._buyer_answers(actor_id)
        if self.watcher_offer_lapsed(now):
            raise IllegalTransition("This offer has expired: its 24 hours are over.")
        assert self.counter_price is not None
        ensure_within_price_now(self.counter_price, _price_now(self, listing_price),
                                COUNTER_ABOVE_PRICE_NOW)
        self.status = OfferStatus.ACCEPTED
        self.reserved_until = now + RESERVATION
        self._record(CounterAccepted, price=self.counter_price)

    def decline_counter(self, actor_id: int) -> None:
        self._buyer_answers(actor_id)
        self.status = OfferStatus.REJECTED
        self._record(CounterDeclined)

    def withdraw(self, actor_id: int) -> None:
        """The buyer takes back an offer the seller has not answered yet."""
        if actor_id != self.buyer_id:
            raise Forbidden("Only the buyer can withdraw this offer.")
        if self.status is not OfferStatus.PENDING:
            raise IllegalTransition(_ALREADY[self.status.value])
        self.status = OfferStatus.WITHDRAWN
        self._record(OfferWithdrawn)

    def decline(self, reason: DeclineReason | str) -> None:
        """The marketplace closes this open offer (no actor: see :class:`DeclineReason`)."""
        if not self.is_open:
            raise IllegalTransition(_ALREADY[self.status.value])
        self.status = OfferStatus.REJECTED
        self.decline_reason = DeclineReason(reason)
        self._record(OfferDeclined, reason=self.decline_reason.value)

    def close(self, reason: DeclineReason | str, now: datetime) -> None:
        """The marketplace closes this open offer: a buyer's offer is declined with
        ``reason``; a seller's offer to a watcher ends as :data:`WATCHER_END_FOR` says."""
        if self.from_seller:
            self.end_watcher_offer(WATCHER_END_FOR[DeclineReason(reason)])
        else:
            self.decline(reason)
        self.updated_at = now

    def seen_by(self, user_id: int) -> None:
        """The seller or buyer has looked at the offer since its last change."""
        if user_id == self.seller_id:
            self.seller_seen = True
        if user_id == self.buyer_id:
            self.buyer_seen = True

    def pull_events(self) -> list[OfferEvent]:
        """The events recorded since the last call, oldest first."""
        events, self.events = self.events, []
        return events

    def _seller_responds(self, actor_id: int) -> None:
        if actor_id != self.seller_id:
            raise Forbidden("Only the seller can respond to this offer.")
        if self.status is not OfferStatus.PENDING:
            raise IllegalTransition(self._closed_message()
                                    or _ALREADY[self.status.value])

    def _buyer_answers(self, actor_id: int) -> None:
        if actor_id != self.buyer_id:
            raise Forbidden("Only the buyer can answer this counter-offer.")
        if self.status is not OfferStatus.COUNTERED:
            raise IllegalTransition(self._closed_message()
                                    or "There is no counter-offer to answer.")

    def _closed_message(self) -> str | None:
        return None if self.decline_reason is None else DECLINE_MESSAGES[self.decline_reason]

    def _record(self, event_type: type, **extra: object) -> None:
        if event_type in (OfferAccepted, OfferRejected, OfferCountered, OfferDeclined):
            self.buyer_seen = False
        self.events.append(event_type(self.id, self.buyer_id, self.seller_id, **extra))


def _price_now(offer: Offer, listing_price: Decimal | None) -> Decimal:
    return offer.listing_price if listing_price is None else round_money(listing_price)


# How a marketplace decline reads for a seller's offer to a watcher (it ends ``expired``).
WATCHER_END_FOR = {DeclineReason.OTHER_OFFER_ACCEPTED: WatcherOfferEnd.TAKEN,
                   DeclineReason.LISTING_SOLD: WatcherOfferEnd.SOLD,
                   DeclineReason.LISTING_DELETED: WatcherOfferEnd.REMOVED,
                   DeclineReason.ACCOUNT_CLOSED: WatcherOfferEnd.REMOVED,
                   DeclineReason.MEMBER_SUSPENDED: WatcherOfferEnd.REMOVED,
                   DeclineReason.MEMBER_BLOCKED: WatcherOfferEnd.REMOVED}


@dataclass(frozen=True, slots=True)
class ClosedOffer:
    """An offer :func:`close_open_offers` closed, and its status before (for the
    compare-and-set that stores it)."""

    offer: Offer
    was: OfferStatus


def close_open_offers(offers: Iterable[Offer], reason: DeclineReason | str, now: datetime,
                      *, keep: int | None = None) -> list[ClosedOffer]:
    """The marketplace closes every open offer of ``offers`` (one listing's) but ``keep``,
    for ``reason`` (:meth:`Offer.close`); settled ones are left alone."""
    closed = []
    for offer in offers:
        if offer.id == keep or not offer.is_open:
            continue
        was = offer.status
        offer.close(reason, now)
        closed.append(ClosedOffer(offer, was))
    return closed


def close_for_acceptance(offers: Iterable[Offer], accepted: Offer,
                         now: datetime) -> list[ClosedOffer]:
    """Accepting an offer reserves the listing for its buyer: every other open offer on
    that listing is declined (a watcher's ends ``taken``)."""
    return close_open_offers(offers, DeclineReason.OTHER_OFFER_ACCEPTED, now, keep=accepted.id)


def close_for_sale(offers: Iterable[Offer], now: datetime, *,
                   ordered_with: int | None = None) -> list[ClosedOffer]:
    """A sale (an order placed for the listing, which reserves it) declines every open offer
    on it but the accepted offer the order was placed with (a watcher's ends ``sold``)."""
    return close_open_offers(offers, DeclineReason.LISTING_SOLD, now, keep=ordered_with)

