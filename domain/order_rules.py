"""The order state machine as data: which move is allowed, and for whom (spec §4).

``pending`` -> ``confirmed`` (seller) | ``payment_confirmed`` (admin) | ``cancelled``
(buyer, seller or admin); ``confirmed`` -> ``payment_confirmed`` (admin) | ``shipped``
(seller) | ``cancelled`` (buyer, seller or admin: the spec does not say how an order is
cancelled; a confirmed order is as unpaid as a pending one, :data:`UNPAID_STATUSES`);
``payment_confirmed`` -> ``shipped`` (seller); ``shipped`` -> ``delivered``
(seller); ``delivered`` -> ``completed`` (buyer, or anyone party to the order once the
buyer-protection window has passed). ``completed`` and ``cancelled`` are terminal.

Buyer protection (issue 37, ``domain/disputes.py``): the buyer moves ``delivered`` (inside
the window) or ``shipped`` (for ``not_received``, after 7 days) to ``disputed``; an
administrator resolves ``disputed`` to ``completed`` (release) or ``refunded`` (terminal).
These moves are not in :data:`MOVES`: no status change request reaches them, only the
dispute use cases, which check the window.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import Enum

from domain._labels import LabelledStrEnum
from domain.catalog import ListingStatus

BUYER_PROTECTION_DAYS = 3
BUYER_PROTECTION = timedelta(days=BUYER_PROTECTION_DAYS)
# An unpaid order (pending, or confirmed by the seller) is cancelled this long after it was
# placed (its listing returns).
UNPAID_LIMIT = timedelta(hours=72)
# Once payment is confirmed the seller ships within this many business days (Monday to
# Friday, UTC): the buyer's payment steps, the seller's "Payment confirmed" notice and the
# order's ship-by deadline (domain/order_deadlines.py) all say it. A promise: no timer acts.
SHIP_WITHIN_BUSINESS_DAYS = 3
SHIP_WITHIN = f"{SHIP_WITHIN_BUSINESS_DAYS} business days"


class OrderStatus(LabelledStrEnum):
    PENDING = "pending", "Pending"
    CONFIRMED = "confirmed", "Confirmed"
    PAYMENT_CONFIRMED = "payment_confirmed", "Payment confirmed"
    SHIPPED = "shipped", "Shipped"
    DELIVERED = "delivered", "Delivered"
    COMPLETED = "completed", "Completed"
    CANCELLED = "cancelled", "Cancelled"
    # Buyer protection claimed (issue 37; the moves are in domain/disputes.py, never PATCHed).
    DISPUTED = "disputed", "Disputed"
    REFUNDED = "refunded", "Refunded"

    @property
    def address_fixed(self) -> bool:
        """The buyer can no longer change the shipping address: the parcel may be on its way
        (shipped and every status after it, a dispute included) or the order is over."""
        return ADDRESS_RULES[self].fixed

    @property
    def seller_sees_address(self) -> bool:
        """The seller sees the shipping address: payment is confirmed and the parcel is, or
        may still be, the seller's business (answering a dispute included)."""
        return ADDRESS_RULES[self].seller_sees


@dataclass(frozen=True, slots=True)
class AddressRule:
    """What an order's status means for its shipping address."""

    fixed: bool
    seller_sees: bool


# Every status says what it means for the address; a status missing here fails at import,
# so a new status cannot silently fall outside the address rules.
ADDRESS_RULES: dict[OrderStatus, AddressRule] = {
    OrderStatus.PENDING: AddressRule(fixed=False, seller_sees=False),
    OrderStatus.CONFIRMED: AddressRule(fixed=False, seller_sees=False),
    OrderStatus.PAYMENT_CONFIRMED: AddressRule(fixed=False, seller_sees=True),
    OrderStatus.SHIPPED: AddressRule(fixed=True, seller_sees=True),
    OrderStatus.DELIVERED: AddressRule(fixed=True, seller_sees=True),
    OrderStatus.COMPLETED: AddressRule(fixed=True, seller_sees=True),
    OrderStatus.CANCELLED: AddressRule(fixed=True, seller_sees=False),
    OrderStatus.DISPUTED: AddressRule(fixed=True, seller_sees=True),
    OrderStatus.REFUNDED: AddressRule(fixed=True, seller_sees=False),
}
if set(ADDRESS_RULES) != set(OrderStatus):
    raise RuntimeError("ADDRESS_RULES must name every OrderStatus: "
                       f"{sorted(set(OrderStatus) - set(ADDRESS_RULES))} missing")


TERMINAL_STATUSES = frozenset({OrderStatus.COMPLETED, OrderStatus.CANCELLED,
                               OrderStatus.REFUNDED})
# Orders whose payment is not confirmed yet: placed (``pending``) or confirmed by the seller.
# Their listing stays reserved (not sold), any party may cancel them, the unpaid timer
# cancels them UNPAID_LIMIT after placement, and the admin dashboard counts them as
# "Pending Payments" (domain/admin.py).
UNPAID_STATUSES = frozenset({OrderStatus.PENDING, OrderStatus.CONFIRMED})
# Orders that count as sales in the admin's sales records (spec §9).
FINISHED_STATUSES = frozenset({OrderStatus.SHIPPED, OrderStatus.DELIVERED, OrderStatus.COMPLETED})


@dataclass(frozen=True, slots=True)
class Actor:
    """Who asks for a move: a user id and whether that user is an administrator."""

    user_id: int
    is_admin: bool = False


class Party(Enum):
    """The part an actor plays in one order: buyer, seller, or (for an administrator who is
    neither) administrator. An administrator buying or selling plays only that part."""

    BUYER = "buyer"
    SELLER = "seller"
    ADMIN = "admin"


_S = OrderStatus
MOVES: dict[tuple[OrderStatus, OrderStatus], frozenset[Party]] = {
    (_S.PENDING, _S.CONFIRMED): frozenset({Party.SELLER}),
    (_S.PENDING, _S.PAYMENT_CONFIRMED): frozenset({Party.ADMIN}),
    (_S.PENDING, _S.CANCELLED): frozenset({Party.BUYER, Party.SELLER, Party.ADMIN}),
    (_S.CONFIRMED, _S.PAYMENT_CONFIRMED): frozenset({Party.ADMIN}),
    (_S.CONFIRMED, _S.SHIPPED): frozenset({Party.SELLER}),
    (_S.CONFIRMED, _S.CANCELLED): frozenset({Party.BUYER, Party.SELLER, Party.ADMIN}),
    (_S.PAYMENT_CONFIRMED, _S.SHIPPED): frozenset({Party.SELLER}),
    (_S.SHIPPED, _S.DELIVERED): frozenset({Party.SELLER}),
    (_S.DELIVERED, _S.COMPLETED): frozenset({Party.BUYER}),
}
# Why a party that may not make a move is refused (403).
FORBIDDEN_MESSAGES = {
    _S.CONFIRMED: "Only the seller can confirm this order.",
    _S.PAYMENT_CONFIRMED: "Only an administrator can confirm payment.",
    _S.SHIPPED: "Only the seller can mark this order as shipped.",
    _S.DELIVERED: "Only the seller can mark this order as delivered.",
    _S.COMPLETED: "Only the buyer can complete this order before buyer protection ends.",
    _S.CANCELLED: "You cannot cancel this order.",
}
# How an illegal move (409) is explained: where the order is, and what cannot happen now.
_WHERE = {
    _S.PENDING: "is still waiting for payment",
    _S.CONFIRMED: "is confirmed and waiting for payment",
    _S.PAYMENT_CONFIRMED: "is paid and waiting to be shipped",
    _S.SHIPPED: "has already shipped",
    _S.DELIVERED: "has already been delivered",
    _S.COMPLETED: "is already complete",
    _S.CANCELLED: "was cancelled",
}
_WHAT = {
    _S.PENDING: "put back to waiting for payment",
    _S.CONFIRMED: "confirmed",
    _S.PAYMENT_CONFIRMED: "marked as paid",
    _S.SHIPPED: "marked as shipped",
    _S.DELIVERED: "marked as delivered",
    _S.COMPLETED: "completed",
    _S.CANCELLED: "cancelled",
}
_ALREADY = {
    _S.PAYMENT_CONFIRMED: "Payment for this order is already confirmed.",
    _S.SHIPPED: "This order has already shipped.",
    _S.DELIVERED: "This order has already been marked as delivered.",
    _S.COMPLETED: "This order is already complete.",
    _S.CANCELLED: "This order is already cancelled.",
}


def illegal_move_message(source: OrderStatus, target: OrderStatus) -> str:
    """A sentence a person would say for a move that does not exist (409)."""
    if source is target:
        return _ALREADY.get(source, f"This order is already {source.label.lower()}.")
    where = _WHERE.get(source, f"is {source.label.lower()}")
    what = _WHAT.get(target, f"moved to {target.label.lower()}")
    later = " any more" if source in TERMINAL_STATUSES or source in FINISHED_STATUSES else " now"
    return f"This order {where}, so it cannot be {what}{later}."


# Once buyer protection has expired, completion no longer waits for the buyer.
AFTER_PROTECTION: frozenset[Party] = frozenset(Party)


def is_move(source: OrderStatus, target: OrderStatus) -> bool:
    return (source, target) in MOVES


def targets_from(source: OrderStatus) -> frozenset[OrderStatus]:
    return frozenset(target for (start, target) in MOVES if start is source)


# Why an administrator who is a party to the order is refused an administrator's move (403).
OWN_ORDER = "You are the buyer or the seller of this order, so another administrator must {}."


def parties_of(actor: Actor, buyer_id: int, seller_id: int) -> frozenset[Party]:
    """The parts ``actor`` plays in an order (empty for a stranger).

    An administrator plays :attr:`Party.ADMIN` only in orders they neither buy nor sell: a
    party never judges its own order (confirms its payment, cancels or edits it as an
    administrator, resolves its dispute). The one home of that rule."""
    found = {
        Party.BUYER: actor.user_id == buyer_id,
        Party.SELLER: actor.user_id == seller_id,
    }
    parties = {party for party, plays in found.items() if plays}
    if actor.is_admin and not parties:
        parties.add(Party.ADMIN)
    return frozenset(parties)


def acts_as_admin(actor: Actor, buyer_id: int, seller_id: int) -> bool:
    """Whether ``actor`` may use an administrator's powers on this order (see
    :func:`parties_of`)."""
    return Party.ADMIN in parties_of(actor, buyer_id, seller_id)


def admin_party(actor: Actor, buyer_id: int, seller_id: int) -> bool:
    """An administrator who is this order's buyer or seller (refused admin moves)."""
    return actor.is_admin and not acts_as_admin(actor, buyer_id, seller_id)


def may_move(
    parties: frozenset[Party],
    source: OrderStatus,
    target: OrderStatus,
    protection_expired: bool = False,
) -> bool:
    """Whether someone playing ``parties`` may move an order from ``source`` to ``target``."""
    allowed = MOVES.get((source, target), frozenset())
    if (source, target) == (OrderStatus.DELIVERED, OrderStatus.COMPLETED) and protection_expired:
        allowed = AFTER_PROTECTION
    return bool(parties & allowed)


def protection_ends_at(delivered_at: datetime | None) -> datetime | None:
    """Buyer protection ends 3 days after delivery (``None`` before delivery)."""
    return None if delivered_at is None else delivered_at + BUYER_PROTECTION


def listing_status_for(status: OrderStatus) -> ListingStatus:
    """An unpaid order (pending or confirmed) reserves its listing; cancelling releases it;
    otherwise (paid, or shipped by the seller) sold."""
    if status in UNPAID_STATUSES:
        return ListingStatus.RESERVED
    if status is OrderStatus.CANCELLED:
        return ListingStatus.AVAILABLE
    return ListingStatus.SOLD
