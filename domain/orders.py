"""Orders (spec §4 and §9): the aggregate that walks the moves of :mod:`domain.order_rules`.

Errors: a move that does not exist from the current status is :class:`IllegalTransition`
(409); a move that exists but not for this actor, or an actor who is neither buyer,
seller nor administrator, is :class:`Forbidden` (403); a missing tracking number when
shipping is :class:`ValidationError` (400). A refused move changes nothing.

Listing consequences (:attr:`Order.listing_status`): an unpaid order (pending or confirmed)
reserves the listing; cancelling (only possible while unpaid) releases it; any other status
means sold.

Size: the methods of Order are its lifecycle's moves and questions, a few lines each; a state
machine's moves are methods on its aggregate, so they stay together.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from domain.catalog import ListingStatus
from domain.disputes import OUTCOME_STATUS, DisputeOutcome, DisputeReason, why_not_disputable
from domain.errors import Conflict, Forbidden, IllegalTransition, ValidationError, require_valid
from domain.events import OrderEvent, OrderPlaced, OrderStatusChanged
from domain.fees import CheckoutTotals, checkout_totals, seller_net
from domain.money import format_usd, round_money
from domain.order_numbers import is_valid_order_number
from domain.order_rules import (
    BUYER_PROTECTION_DAYS,
    FINISHED_STATUSES,
    FORBIDDEN_MESSAGES,
    OWN_ORDER,
    SHIP_WITHIN,
    TERMINAL_STATUSES,
    UNPAID_LIMIT,
    UNPAID_STATUSES,
    Actor,
    OrderStatus,
    Party,
    acts_as_admin,
    admin_party,
    illegal_move_message,
    is_move,
    listing_status_for,
    may_move,
    parties_of,
    protection_ends_at,
    targets_from,
)
from domain.text import format_moment
from domain.validation.tracking import validate_tracking

__all__ = [
    "BUYER_PROTECTION_DAYS",
    "FINISHED_STATUSES",
    "TERMINAL_STATUSES",
    "Actor",
    "Order",
    "OrderItem",
    "OrderStatus",
    "Party",
    "ensure_not_own_listing",
]


OWN_LISTING = "You cannot buy your own listing."
OWN_DISPUTE = OWN_ORDER.format("resolve its dispute")
OWN_PAYMENT = OWN_ORDER.format("confirm its payment")
# Both derived from each status's own address rule (domain/order_rules.py:ADDRESS_RULES).
ADDRESS_FIXED_STATUSES = frozenset(s for s in OrderStatus if s.address_fixed)
# The seller sees the shipping address only once payment is confirmed (spec §2 Orders).
ADDRESS_VISIBLE_TO_SELLER = frozenset(s for s in OrderStatus if s.seller_sees_address)
# How a buyer pays (spec §1: off-platform, with a peer-to-peer payment app, to the platform's
# business account, the order number as the reference): :meth:`Order.payment_steps`.
PAYMENT_APPS = "Venmo, Zelle or Cash App"
BUSINESS_ACCOUNT = "@rethread-payments"
# A sale undone: the order was cancelled, or the buyer refunded. It pays its seller nothing
# and no longer sells its listings at its price.
UNDONE_STATUSES = frozenset({OrderStatus.CANCELLED, OrderStatus.REFUNDED})


def ensure_not_own_listing(*, buyer_id: int, seller_id: int) -> None:
    """Nobody buys their own listing (403): checked before anything else about the order,
    so a seller hears this rather than that their reserved item is unavailable."""
    if buyer_id == seller_id:
        raise Forbidden(OWN_LISTING)


@dataclass(frozen=True, slots=True)
class OrderItem:
    """One listing of an order and the price it was charged at before any bundle discount."""

    product_id: int
    price: Decimal


@dataclass(kw_only=True)
class Order:
    id: int | None = None
    order_number: str
    product_id: int
    buyer_id: int
    seller_id: int
    price: Decimal
    status: OrderStatus = OrderStatus.PENDING
    tracking_number: str | None = None
    tracking_url: str | None = None
    created_at: datetime
    delivered_at: datetime | None = None
    # Every listing of the order, the first being ``product_id``; a bundle holds several.
    # Empty for orders placed before bundles: their only item is ``product_id`` at ``price``.
    items: list[OrderItem] = field(default_factory=list)
    events: list[OrderEvent] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        self.status = OrderStatus(self.status)

    @classmethod
    def place(
        cls,
        *,
        order_number: str,
        product_id: int,
        buyer_id: int,
        seller_id: int,
        price: Decimal,
        created_at: datetime,
        id: int | None = None,
        items: list[OrderItem] | None = None,
    ) -> Order:
        """A new pending order at ``price`` (the listing's, or an accepted offer's; for a
        bundle, its ``items``' prices less the seller's bundle discount)."""
        ensure_not_own_listing(buyer_id=buyer_id, seller_id=seller_id)
        if not is_valid_order_number(order_number):
            raise ValueError(f"not an order number: {order_number!r}")
        if round_money(price) <= 0:
            raise ValidationError({"price": "Price must be positive"})
        price = round_money(price)
        items = list(items or [OrderItem(product_id, price)])
        if items[0].product_id != product_id:
            raise ValueError("an order's first item is its product")
        if len({item.product_id for item in items}) != len(items):
            raise ValueError("an order holds each listing once")
        order = cls(
            id=id,
            order_number=order_number,
            product_id=product_id,
            buyer_id=buyer_id,
            seller_id=seller_id,
            price=price,
            created_at=created_at,
            items=items,
        )
        order.events.append(OrderPlaced(id, order_number, product_id, buyer_id, seller_id, price))
        return order

    @property
    def product_ids(self) -> list[int]:
        """Every listing this order holds (one, or a bundle's several), first first."""
        return [item.product_id for item in self.items] or [self.product_id]

    @property
    def subtotal(self) -> Decimal:
        """The items' prices before the bundle discount."""
        if not self.items:
            return self.price
        return round_money(sum((item.price for item in self.items), Decimal(0)))

    @property
    def discount(self) -> Decimal:
        """What the seller's bundle discount took off the subtotal (0 for one item)."""
        return max(Decimal("0.00"), self.subtotal - self.price)

    @property
    def is_terminal(self) -> bool:
        return self.status in TERMINAL_STATUSES

    @property
    def releases_listing(self) -> bool:
        """True once cancelled: the listing is available again."""
        return self.status is OrderStatus.CANCELLED

    @property
    def listing_status(self) -> ListingStatus:
        return listing_status_for(self.status)

    @property
    def protection_ends_at(self) -> datetime | None:
        return protection_ends_at(self.delivered_at)

    def protection_expired(self, now: datetime) -> bool:
        ends = self.protection_ends_at
        return self.status is OrderStatus.DELIVERED and ends is not None and now >= ends

    @property
    def totals(self) -> CheckoutTotals:
        """What the buyer pays: the items' price, the service fee and shipping, and their
        total (``domain.fees.checkout_totals``)."""
        return checkout_totals(self.price)

    @property
    def seller_payout(self) -> Decimal | None:
        """What the seller receives for this sale: ``domain.fees.seller_net`` of its price,
        the rule of the listing form's preview and of the seller's earnings; None once the
        order is cancelled or refunded."""
        return None if self.undone else seller_net(self.price)

    @property
    def undone(self) -> bool:
        """The sale did not happen after all (:data:`UNDONE_STATUSES`)."""
        return self.status in UNDONE_STATUSES

    @property
    def pay_by(self) -> datetime | None:
        """When the unpaid order is cancelled if no payment is confirmed by then
        (:data:`UNPAID_LIMIT` after it was placed); None once it is paid or over."""
        return self.created_at + UNPAID_LIMIT if self.status in UNPAID_STATUSES else None

    def payment_steps(self, now: datetime | None = None) -> list[str]:
        """How the buyer pays this order, step by step: the one text of the Order Confirmed
        screen (the buyer's ``paymentInstructions``) and of the buyer's "order placed"
        email. Empty once nothing is owed (paid, cancelled, ...). The deadline is said as
        every server text says a moment (``format_moment``; ``now``: the clock's)."""
        if (deadline := self.pay_by) is None:
            return []
        hours = int(UNPAID_LIMIT.total_seconds() // 3600)
        return [
            f"Open your peer-to-peer payment app ({PAYMENT_APPS}).",
            f"Send {format_usd(self.totals.total)} to Rethread's business "
            f"account {BUSINESS_ACCOUNT}.",
            f"Use {self.order_number} as the payment reference.",
            f"Pay by {format_moment(deadline, now)}: unpaid orders are "
            f"cancelled after {hours} hours. We confirm your payment and the seller ships "
            f"within {SHIP_WITHIN}.",
        ]

    def parties(self, actor: Actor) -> frozenset[Party]:
        return parties_of(actor, self.buyer_id, self.seller_id)

    def address_form_for(self, actor: Actor) -> bool:
        """Who may set the shipping address: the buyer (the checkout rules: ``False``) or an
        administrator who is not its seller (the admin form, required fields only: ``True``);
        anyone else 403."""
        if actor.user_id != self.buyer_id and not acts_as_admin(actor, self.buyer_id,
                                                                 self.seller_id):
            raise Forbidden("Only the buyer can set the shipping address.")
        return actor.user_id != self.buyer_id

    def ensure_address_changeable(self) -> None:
        """The address can change until the order ships (409 from then on: delivered,
        disputed, completed, refunded; and once cancelled)."""
        if self.status in ADDRESS_FIXED_STATUSES:
            raise Conflict("The shipping address can no longer be changed.")

    def shows_address_to(self, actor: Actor) -> bool:
        """The buyer and administrators always see the address; the seller only once
        payment is confirmed (spec §2 Orders), while disputed too, but not once cancelled
        or refunded."""
        return (actor.user_id == self.buyer_id or actor.is_admin
                or self.status in ADDRESS_VISIBLE_TO_SELLER)

    def allowed_transitions(
        self, actor: Actor, now: datetime | None = None
    ) -> frozenset[OrderStatus]:
        """The statuses ``actor`` may move this order to (``now`` enables expiry rules)."""
        return frozenset(
            target for target in targets_from(self.status) if self._may(actor, target, now)
        )

    def transition(
        self,
        actor: Actor,
        to: OrderStatus | str,
        now: datetime,
        tracking_number: str | None = None,
        tracking_url: str | None = None,
    ) -> None:
        """Move to ``to`` for ``actor`` at ``now``, or raise without changing anything."""
        target = OrderStatus.parse(to)
        if target is None:
            raise ValidationError({"status": "Please choose a valid order status"})
        if not self.parties(actor):
            raise Forbidden("You are not part of this order.")
        if not is_move(self.status, target):
            raise IllegalTransition(illegal_move_message(self.status, target))
        if not self._may(actor, target, now):
            if admin_party(actor, self.buyer_id, self.seller_id) and may_move(
                    frozenset({Party.ADMIN}), self.status, target):
                raise Forbidden(OWN_PAYMENT if target is OrderStatus.PAYMENT_CONFIRMED
                                else OWN_ORDER.format("make this change"))
            raise Forbidden(FORBIDDEN_MESSAGES[target])
        if target is OrderStatus.SHIPPED:
            require_valid(validate_tracking(tracking_number, tracking_url))
            self.tracking_number = (tracking_number or "").strip()
            self.tracking_url = (tracking_url or "").strip() or None
        if target is OrderStatus.DELIVERED:
            self.delivered_at = now
        self._move(target, actor.user_id, now)

    def confirm(self, actor: Actor, now: datetime) -> None:
        self.transition(actor, OrderStatus.CONFIRMED, now)

    def confirm_payment(self, actor: Actor, now: datetime) -> None:
        self.transition(actor, OrderStatus.PAYMENT_CONFIRMED, now)

    def ship(
        self, actor: Actor, now: datetime, tracking_number: str, tracking_url: str | None = None
    ) -> None:
        self.transition(actor, OrderStatus.SHIPPED, now, tracking_number, tracking_url)

    def mark_delivered(self, actor: Actor, now: datetime) -> None:
        self.transition(actor, OrderStatus.DELIVERED, now)

    def complete(self, actor: Actor, now: datetime) -> None:
        self.transition(actor, OrderStatus.COMPLETED, now)

    def cancel(self, actor: Actor, now: datetime) -> None:
        self.transition(actor, OrderStatus.CANCELLED, now)

    def complete_if_protection_expired(self, now: datetime) -> bool:
        """Complete a delivered order whose 3-day buyer protection has passed.

        Returns whether it completed; a periodic sweep may call it on any order.
        """
        if not self.protection_expired(now):
            return False
        self._move(OrderStatus.COMPLETED, None, now)
        return True

    def cancel_if_unpaid_expired(self, now: datetime) -> bool:
        """Cancel an order still unpaid (pending or confirmed) :data:`UNPAID_LIMIT` after it
        was placed (the listing returns).

        Returns whether it cancelled; like :meth:`complete_if_protection_expired`, the
        change has no actor.
        """
        if (deadline := self.pay_by) is None or now < deadline:
            return False
        self._move(OrderStatus.CANCELLED, None, now)
        return True

    def open_dispute(self, actor: Actor, reason: DisputeReason, now: datetime,
                     shipped_at: datetime | None) -> None:
        """The buyer claims buyer protection (``domain/disputes.py``): 403 for anyone else,
        409 with the reason when the order is not inside its window."""
        if actor.user_id != self.buyer_id:
            raise Forbidden("Only the buyer can open a dispute.")
        why = why_not_disputable(self.status, reason, self.delivered_at, shipped_at, now)
        if why is not None:
            raise IllegalTransition(why)
        self._move(OrderStatus.DISPUTED, actor.user_id, now)

    def resolve_dispute(self, actor: Actor, outcome: DisputeOutcome, now: datetime) -> None:
        """An administrator releases the payment (completed) or refunds (refunded); never
        one who is the order's buyer or seller (403: a judge is not a party,
        :func:`domain.order_rules.parties_of`)."""
        if not actor.is_admin:
            raise Forbidden("Only an administrator can resolve a dispute.")
        if admin_party(actor, self.buyer_id, self.seller_id):
            raise Forbidden(OWN_DISPUTE)
        if self.status is not OrderStatus.DISPUTED:
            raise IllegalTransition("This order has no open dispute.")
        self._move(OUTCOME_STATUS[outcome], actor.user_id or None, now)

    def pull_events(self) -> list[OrderEvent]:
        """The events recorded since the last call, oldest first."""
        events, self.events = self.events, []
        return events

    def _may(self, actor: Actor, target: OrderStatus, now: datetime | None) -> bool:
        expired = now is not None and self.protection_expired(now)
        return may_move(self.parties(actor), self.status, target, expired)

    def _move(self, target: OrderStatus, actor_id: int | None, now: datetime) -> None:
        old, self.status = self.status, target
        self.events.append(
            OrderStatusChanged(
                self.id, self.order_number, self.buyer_id, self.seller_id,
                old.value, target.value, actor_id, now,
            )
        )  # fmt: skip
