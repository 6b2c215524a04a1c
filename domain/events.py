"""Domain events: facts recorded by the aggregates for notifications and messages.

An aggregate appends to its ``events`` list as it changes; the application takes them
with ``pull_events()`` after saving and publishes them. ``offer_id`` / ``order_id`` is
``None`` for an aggregate that has not been stored yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal


@dataclass(frozen=True, slots=True)
class OfferMade:
    offer_id: int | None
    product_id: int
    buyer_id: int
    seller_id: int
    offer_price: Decimal


@dataclass(frozen=True, slots=True)
class OfferAccepted:
    """The seller accepted the buyer's offer; ``price`` is the agreed price."""

    offer_id: int | None
    buyer_id: int
    seller_id: int
    price: Decimal


@dataclass(frozen=True, slots=True)
class OfferRejected:
    offer_id: int | None
    buyer_id: int
    seller_id: int


@dataclass(frozen=True, slots=True)
class OfferCountered:
    offer_id: int | None
    buyer_id: int
    seller_id: int
    counter_price: Decimal


@dataclass(frozen=True, slots=True)
class CounterAccepted:
    """The buyer accepted the counter-offer; ``price`` is the agreed price."""

    offer_id: int | None
    buyer_id: int
    seller_id: int
    price: Decimal


@dataclass(frozen=True, slots=True)
class CounterDeclined:
    offer_id: int | None
    buyer_id: int
    seller_id: int


@dataclass(frozen=True, slots=True)
class OfferWithdrawn:
    """The buyer took back a pending offer."""

    offer_id: int | None
    buyer_id: int
    seller_id: int


@dataclass(frozen=True, slots=True)
class OfferDeclined:
    """The marketplace closed an open offer: ``reason`` says why (another offer was
    accepted, the listing was sold or deleted)."""

    offer_id: int | None
    buyer_id: int
    seller_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class OfferExpired:
    """The accepted offer's buyer did not check out within the reservation window: the
    offer is ``expired`` and the listing is back in the shop."""

    offer_id: int | None
    buyer_id: int
    seller_id: int
    reserved_until: datetime


@dataclass(frozen=True, slots=True)
class WatcherOfferMade:
    """The seller offered the listing to one of its watchers at ``price``, until
    ``expires_at`` (issue 38 item 2)."""

    offer_id: int | None
    buyer_id: int
    seller_id: int
    price: Decimal
    expires_at: datetime


@dataclass(frozen=True, slots=True)
class WatcherOfferEnded:
    """A seller's offer to a watcher ended unanswered: ``reason`` is ``expired`` (its 24
    hours passed), ``taken`` (another watcher accepted first), ``sold`` or ``removed``."""

    offer_id: int | None
    buyer_id: int
    seller_id: int
    reason: str


OfferEvent = (
    OfferMade | OfferAccepted | OfferRejected | OfferCountered | CounterAccepted
    | CounterDeclined | OfferWithdrawn | OfferDeclined | OfferExpired | WatcherOfferMade
    | WatcherOfferEnded
)


@dataclass(frozen=True, slots=True)
class OrderPlaced:
    order_id: int | None
    order_number: str
    product_id: int
    buyer_id: int
    seller_id: int
    price: Decimal


@dataclass(frozen=True, slots=True)
class OrderStatusChanged:
    """``actor_id`` is ``None`` when the change happened by itself (protection expiry)."""

    order_id: int | None
    order_number: str
    buyer_id: int
    seller_id: int
    old_status: str
    new_status: str
    actor_id: int | None
    at: datetime


OrderEvent = OrderPlaced | OrderStatusChanged
