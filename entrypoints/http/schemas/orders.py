"""The orders area's Structs at the HTTP edge (orders, addresses, reviews)."""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Annotated

import msgspec

from application.orders import OrderView
from application.ports.orders import OrderEventRecord, SavedAddress
from application.reviews import ReviewView
from domain.accounts import User
from domain.addresses import Address
from domain.bundles import MAX_BUNDLE_ITEMS, BundleTotals
from domain.disputes import DISPUTE_EVENT_LABELS
from domain.listings import Listing
from domain.money import format_amount
from domain.order_deadlines import OrderDeadline
from domain.order_rules import OrderStatus
from domain.orders import OrderItem
from domain.reviews import Review
from domain.validation.addresses import AddressForm
from entrypoints.http.schemas import CamelStruct

EVENT_LABELS = {"placed": "Order placed", "address": "Shipping address added"}


class AddressIn(CamelStruct):
    full_name: str | None = None
    address_line1: str | None = None
    address_line2: str | None = None
    city: str | None = None
    state: str | None = None
    zip_code: str | None = None
    country: str | None = None
    phone_number: str | None = None
    raw: str | None = None  # sent by the spec's client; rebuilt by the server
    is_default: bool = False

    def form(self) -> AddressForm:
        """What was sent, unchecked: :meth:`domain.addresses.Address.from_form` checks it."""
        return AddressForm(self.full_name, self.address_line1, self.address_line2, self.city,
                           self.state, self.zip_code, self.country, self.phone_number)


class AddressOut(CamelStruct):
    full_name: str
    address_line1: str
    address_line2: str
    city: str
    state: str
    zip_code: str
    country: str
    phone_number: str
    raw: str


class SavedAddressOut(AddressOut):
    id: int
    is_default: bool


Id = Annotated[int, msgspec.Meta(ge=1, le=2**31 - 1)]


class OrderIn(CamelStruct):
    """One listing (``productId``) or a bundle of one seller's listings (``productIds``).
    ``price`` and ``orderNumber`` from the spec's client are accepted and ignored."""

    product_id: Id | None = None
    product_ids: Annotated[list[Id], msgspec.Meta(max_length=MAX_BUNDLE_ITEMS)] | None = None
    offer_id: Id | None = None


class StatusIn(CamelStruct):
    status: str
    tracking_number: str | None = None
    tracking_url: str | None = None


class ReviewIn(CamelStruct):
    rating: Annotated[int, msgspec.Meta(ge=-1000, le=1000)]
    comment: str | None = None


class PartyOut(CamelStruct):
    id: int
    username: str
    display_name: str
    avatar_url: str | None
    email: str
    created_at: datetime


class OrderProductOut(CamelStruct):
    id: int
    title: str
    images: list[str]
    size: str
    category: str
    brand: str


class OrderItemOut(CamelStruct):
    """One item of an order, at its price before the bundle discount."""

    id: int
    title: str
    size: str
    category: str
    brand: str
    image: str | None
    price: str


class OrderEventOut(CamelStruct):
    kind: str
    status: str | None
    label: str
    actor_id: int | None
    at: datetime


class ReviewOut(CamelStruct):
    id: int
    order_id: int
    reviewer_id: int
    reviewee_id: int
    rating: Annotated[int, msgspec.Meta(ge=-1000, le=1000)]
    comment: str
    created_at: datetime
    published: bool


class ProfileReviewOut(ReviewOut):
    reviewer_username: str | None
    reviewer_display_name: str | None
    reviewer_avatar_url: str | None
    role: str  # what the reviewer was in the sale: buyer or seller


class QuoteOut(CamelStruct):
    """``price`` is what the items cost after the bundle discount (``subtotal - discount``);
    ``total = price + serviceFee + shipping``."""

    price: str
    service_fee: str
    shipping: str
    total: str
    subtotal: str
    discount: str
    discount_percent: int
    item_count: int


def quote_out(bill: BundleTotals) -> QuoteOut:
    return QuoteOut(price=format_amount(bill.discounted),
                    service_fee=format_amount(bill.service_fee),
                    shipping=format_amount(bill.shipping), total=format_amount(bill.total),
                    subtotal=format_amount(bill.subtotal), discount=format_amount(bill.discount),
                    discount_percent=bill.percent, item_count=bill.item_count)


class DeadlineOut(CamelStruct):
    """What the order waits for and until when (``domain/order_deadlines.py``): ``kind`` is
    ``pay`` (the order is cancelled at ``at`` if unpaid), ``ship`` (the seller's promise) or
    ``complete`` (the order completes at ``at`` unless the buyer reports a problem first);
    ``automatic`` says whether the server acts at ``at``."""

    kind: str
    label: str
    at: datetime
    automatic: bool


class OrderOut(CamelStruct):
    id: int
    order_number: str
    payment_reference: str
    # How to pay, step by step (``Order.payment_steps``): to the buyer while the order is
    # unpaid, empty otherwise and in the seller's and administrators' answers.
    payment_instructions: list[str]
    status: str
    status_label: str
    price: str
    service_fee: str
    shipping: str
    total: str
    created_at: datetime
    tracking_number: str | None
    tracking_url: str | None
    product: OrderProductOut | None  # the first item, for clients that know one item only
    items: list[OrderItemOut]
    item_count: int
    subtotal: str  # the items' prices before the bundle discount
    discount: str  # subtract from subtotal to get price
    buyer: PartyOut | None
    seller: PartyOut | None
    shipping_address: AddressOut | None
    events: list[OrderEventOut]
    reviews: list[ReviewOut]
    allowed_transitions: list[str]
    can_review: bool
    protection_ends_at: datetime | None
    # The buyer's claim window (``domain.disputes.claim_window``, judged now): the reasons
    # a dispute may give now, when one becomes possible by time alone, and, with no reason
    # open, the sentence why. Empty and null in the seller's and administrators' answers.
    dispute_reasons: list[str]
    dispute_opens_at: datetime | None
    dispute_why_not: str | None
    # The one deadline the order waits for now, to everyone who sees the order (null: none).
    deadline: DeadlineOut | None
    # What the seller receives after fees (``Order.seller_payout``, ``domain.fees.seller_net``
    # of ``price``): in the seller's answer only, null for anyone else and once the order
    # is cancelled or refunded.
    payout: str | None


class OrderPageOut(CamelStruct):
    items: list[OrderOut]
    next_cursor: str | None


def _address_fields(address: Address) -> dict[str, str]:
    """The domain address's fields (and its label text) as the wire sends them."""
    return {**dataclasses.asdict(address), "raw": address.raw}


def address_out(address: Address) -> AddressOut:
    return AddressOut(**_address_fields(address))


def saved_address_out(saved: SavedAddress) -> SavedAddressOut:
    return SavedAddressOut(**_address_fields(saved.address), id=saved.id,
                           is_default=saved.is_default)


def _party(user: User | None) -> PartyOut | None:
    if user is None or user.id is None:
        return None
    return PartyOut(id=user.id, username=user.username, display_name=user.display_name,
                    avatar_url=user.avatar_url, email=user.email, created_at=user.created_at)


def _event(event: OrderEventRecord) -> OrderEventOut:
    label = (OrderStatus(event.status).label if event.kind == "status" and event.status
             else DISPUTE_EVENT_LABELS.get(event.status or "", "Dispute")
             if event.kind == "dispute" else EVENT_LABELS.get(event.kind, event.kind))
    return OrderEventOut(kind=event.kind, status=event.status, label=label,
                         actor_id=event.actor_id, at=event.at)


def _item(item: OrderItem, listing: Listing | None) -> OrderItemOut:
    if listing is None:
        return OrderItemOut(id=item.product_id, title="Removed listing", size="", category="",
                            brand="", image=None, price=format_amount(item.price))
    return OrderItemOut(id=item.product_id, title=listing.title, size=listing.size.value,
                        category=listing.category.value, brand=listing.brand,
                        image=listing.images[0].url if listing.images else None,
                        price=format_amount(item.price))


def review_out(review: Review) -> ReviewOut:
    assert review.id is not None
    return ReviewOut(id=review.id, order_id=review.order_id, reviewer_id=review.reviewer_id,
                     reviewee_id=review.reviewee_id, rating=review.rating,
                     comment=review.comment, created_at=review.created_at,
                     published=review.is_published)


def profile_review_out(view: ReviewView) -> ProfileReviewOut:
    base, who = review_out(view.review), view.reviewer
    return ProfileReviewOut(**{f: getattr(base, f) for f in base.__struct_fields__},
                            reviewer_username=who.username if who else None,
                            reviewer_display_name=who.display_name if who else None,
                            reviewer_avatar_url=who.avatar_url if who else None,
                            role="buyer" if view.as_buyer else "seller")


def order_out(view: OrderView) -> OrderOut:
    order, listing, claim = view.order, view.listing, view.claim
    assert order.id is not None
    product = None if listing is None or listing.id is None else OrderProductOut(
        id=listing.id, title=listing.title, images=[i.url for i in listing.images],
        size=listing.size.value, category=listing.category.value, brand=listing.brand)
    return OrderOut(
        id=order.id, order_number=order.order_number, payment_reference=order.order_number,
        payment_instructions=list(view.payment_steps),
        status=order.status.value, status_label=order.status.label,
        price=format_amount(view.totals.item), service_fee=format_amount(view.totals.service_fee),
        shipping=format_amount(view.totals.shipping), total=format_amount(view.totals.total),
        created_at=order.created_at, tracking_number=order.tracking_number,
        tracking_url=order.tracking_url, product=product,
        items=[_item(item, listing) for item, listing in zip(order.items or [
            OrderItem(order.product_id, order.price)], view.items, strict=False)],
        item_count=len(order.product_ids), subtotal=format_amount(order.subtotal),
        discount=format_amount(order.discount), buyer=_party(view.buyer),
        seller=_party(view.seller),
        shipping_address=None if view.address is None else address_out(view.address),
        events=[_event(e) for e in view.events], reviews=[review_out(r) for r in view.reviews],
        allowed_transitions=sorted(s.value for s in view.allowed), can_review=view.can_review,
        protection_ends_at=order.protection_ends_at,
        dispute_reasons=[] if claim is None else [reason.value for reason in claim.reasons],
        dispute_opens_at=None if claim is None else claim.opens_at,
        dispute_why_not=None if claim is None else claim.why_not,
        deadline=_deadline(view.deadline),
        payout=None if view.payout is None else format_amount(view.payout))


def _deadline(deadline: OrderDeadline | None) -> DeadlineOut | None:
    if deadline is None:
        return None
    return DeadlineOut(kind=deadline.kind.value, label=deadline.kind.label, at=deadline.at,
                       automatic=deadline.kind.automatic)
