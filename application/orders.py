"""Orders: place one (server-owned price, one buyer per listing), move it through its
lifecycle, and show it to its buyer, its seller and administrators.

Placing reserves the listing with a conditional UPDATE (available -> reserved) as the first
statement of the order's transaction, so of many concurrent buyers exactly one wins; the
others get 409 and no order. Every status change is a compare-and-set on the order's status
(:meth:`OrderRepository.save`), recorded as an order event, and keeps the listing's status in
step (reserved while unpaid, available again when cancelled, sold otherwise).

Each order records its analytics activity in the same transaction as the change (so a
rolled-back or retried attempt leaves none): ``order_placed`` for the buyer when it is created,
``sale_completed`` for the seller when it reaches completed, ``order_cancelled`` for the buyer
when it is cancelled — by a person, an administrator or the unpaid-order timer alike.

Size: one method per order use case; placing and every status change share store_change,
_settle_offer and _record (one path for a status change: timeline, listing, offer, notices),
which one class keeps in one place.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from application.audit import record_audit
from application.buying import ensure_may_buy
from application.order_notices import OrderNotices
from application.ports import Clock, UnitOfWork
from application.ports.offers import OfferQuery
from application.ports.orders import OrderEventRecord
from application.shared.paging import After, Page, page_of, page_request
from domain.accounts import User
from domain.addresses import Address
from domain.analytics import ActivityKind
from domain.bundles import BundleTotals, bundle_ids, bundle_totals, one_seller
from domain.catalog import UNAVAILABLE_MESSAGE, ListingStatus
from domain.checkout import (
    checkout_price,
    checkout_quote,
    require_own_offer,
)
from domain.disputes import ClaimWindow, claim_window, entered_at, one_line_per_step
from domain.errors import Conflict, Forbidden, NotFound
from domain.events import OrderPlaced, OrderStatusChanged
from domain.fees import CheckoutTotals
from domain.listings import Listing
from domain.moderation import AuditAction
from domain.offers import OfferStatus
from domain.order_deadlines import OrderDeadline, order_deadline
from domain.order_numbers import NONCE_LIMIT, order_number
from domain.order_rules import Actor, OrderStatus
from domain.orders import Order, OrderItem
from domain.reviews import Review, visible_to
from domain.validation.addresses import AddressForm

ORDER_NOT_FOUND = "Order not found"
RESERVED_FOR_ANOTHER = ("This item is reserved for another buyer whose offer was accepted. "
                        "If they do not check out within 24 hours, it returns to the shop.")
CHANGED_MEANWHILE = "This order was just changed by someone else. Please reload and try again."
MAX_ORDERS_LISTED = 100
NUMBER_ATTEMPTS = 20


@dataclass(frozen=True)
class OrderView:
    order: Order
    listing: Listing | None  # the first item
    items: list[Listing | None]  # every item, the first first (a bundle has several)
    buyer: User | None
    seller: User | None
    address: Address | None
    events: list[OrderEventRecord]
    reviews: list[Review]
    totals: CheckoutTotals
    allowed: frozenset[OrderStatus]
    can_review: bool
    # What the viewer may claim as the order's buyer now (None for anyone else).
    claim: ClaimWindow | None = None
    # How to pay, to its buyer while it is unpaid (``Order.payment_steps``; empty otherwise).
    payment_steps: tuple[str, ...] = ()
    # What the order waits for and until when (``domain/order_deadlines.py``), to everyone.
    deadline: OrderDeadline | None = None
    # What the seller receives (``Order.seller_payout``): to the seller only.
    payout: Decimal | None = None


# An administrator without an account: the operator at a terminal (events record no actor).
OPERATOR = Actor(0, is_admin=True)


def actor_of(user: User) -> Actor:
    assert user.id is not None
    return Actor(user.id, user.is_admin)



class OrderService:
    def __init__(self, uow: UnitOfWork, clock: Clock, notices: OrderNotices | None = None,
                 nonce: Callable[[], int] | None = None) -> None:
        self.uow = uow
        self.clock = clock
        self.notices = notices or OrderNotices()
        self.nonce = nonce or (lambda: random.randrange(NONCE_LIMIT))

    async def place(self, buyer: User, product_id: int | None = None,
                    offer_id: int | None = None, product_ids: list[int] | None = None
                    ) -> OrderView:
        """Create a pending order at the server's price: one listing (``product_id``, at its
        price or this buyer's accepted offer's), or a bundle of one seller's listings
        (``product_ids``, their sum less the seller's best bundle discount).

        Every listing is reserved in this one transaction, in id order (so two bundles that
        overlap cannot deadlock); when any is no longer available the order is refused with
        409 naming them, and the transaction's other reservations roll back with it.
        """
        assert buyer.id is not None
        wanted = bundle_ids(product_id, product_ids, offer_id)
        now = self.clock.now()
        async with self.uow:
            lost = [pid for pid in sorted(wanted) if not await self.uow.listings.claim_status(
                pid, ListingStatus.AVAILABLE, ListingStatus.RESERVED, now)]
            listings = await self.uow.listings.get_many(wanted)
            if any(pid not in listings for pid in wanted):
                raise NotFound("Product not found")
            items = [listings[pid] for pid in wanted]
            seller_id = one_seller(items)
            await ensure_may_buy(self.uow, buyer.id, seller_id, now)
            first = items[0]
            assert first.id is not None
            offer = await self.notices.offer_for(self.uow, offer_id)
            if lost:
                # One item reserved for this buyer by their accepted offer? Ask under the
                # listing's lock, which the offer's expiry takes too (docs/offers.md).
                if offer is not None and len(items) == 1:
                    await self.uow.offers.lock_listing(first.id)
                    offer = await self.notices.offer_for(self.uow, offer_id)
                if not (offer is not None and len(items) == 1
                        and offer.holds_item_for(buyer.id, first.id, now)):
                    if offer is not None:
                        require_own_offer(offer, product_id=first.id, buyer_id=buyer.id)
                    if len(items) == 1:
                        raise Conflict(await self._unavailable(first))
                    raise Conflict(unavailable_message([listings[pid] for pid in wanted
                                                        if pid in lost], len(wanted)))
            if len(items) == 1:
                price = checkout_price(product_id=first.id, listing_price=first.price,
                                       listing_status=(first.status if lost
                                                       else ListingStatus.AVAILABLE),
                                       seller_id=seller_id, buyer_id=buyer.id, offer=offer,
                                       now=now)
                if offer is not None and offer.is_reserving:
                    offer.use_reservation(now)  # the order holds the item from now on
                    await self.uow.offers.save(offer, was=offer.status)
                lines = [OrderItem(first.id, price)]
            else:
                bill = bundle_totals([item.price for item in items],
                                     await self.uow.bundle_tiers.for_seller(seller_id))
                price = bill.discounted
                lines = [OrderItem(pid, listings[pid].price) for pid in wanted]
            order = Order.place(order_number=await self._free_number(first.id),
                                product_id=first.id, buyer_id=buyer.id, seller_id=seller_id,
                                price=price, created_at=now, items=lines)
            await self.uow.orders.add(order, now, offer_id)
            await self.uow.bag.remove_many(buyer.id, wanted)
            await self._record(order, now)
            await self.notices.placed(self.uow, order, first, now, offer_id)
            self.notices.updated(self.uow, order)
            await self.uow.commit()
            view = await self._view(order, buyer)
        return view

    async def quote(self, buyer: User, product_id: int | None = None,
                    offer_id: int | None = None, product_ids: list[int] | None = None
                    ) -> BundleTotals:
        """What placing the order would charge now (the checkout's Review step)."""
        assert buyer.id is not None
        wanted = bundle_ids(product_id, product_ids, offer_id)
        async with self.uow:
            listings = await self.uow.listings.get_many(wanted)
            if any(pid not in listings for pid in wanted):
                raise NotFound("Product not found")
            items = [listings[pid] for pid in wanted]
            seller_id = one_seller(items)
            now = self.clock.now()
            await ensure_may_buy(self.uow, buyer.id, seller_id, now)
            first = items[0]
            assert first.id is not None
            offer = await self.notices.offer_for(self.uow, offer_id)
            held = (len(items) == 1 and offer is not None
                    and offer.holds_item_for(buyer.id, first.id, now))
            gone = [item for item in items if not item.status.is_purchasable]
            if gone and not held:
                if len(items) == 1:
                    raise Conflict(await self._unavailable(first))
                raise Conflict(unavailable_message(gone, len(wanted)))
            if len(items) > 1:
                return bundle_totals([item.price for item in items],
                                     await self.uow.bundle_tiers.for_seller(seller_id))
            totals = checkout_quote(product_id=first.id, listing_price=first.price,
                                    listing_status=first.status, seller_id=seller_id,
                                    buyer_id=buyer.id, offer=offer, now=now)
            return bundle_totals([totals.item], [])

    async def get(self, viewer: User, order_id: int) -> OrderView:
        async with self.uow:
            order = await self._visible(viewer, order_id)
            return await self._view(order, viewer)

    async def list_mine(self, viewer: User, *, as_seller: bool = False,
                        status: OrderStatus | None = None, limit: int | None = None,
                        cursor: str | None = None) -> Page[OrderView]:
        """My purchases (or sales), newest first, a page at a time."""
        assert viewer.id is not None
        request = page_request(limit, cursor)
        who = {"seller_id": viewer.id} if as_seller else {"buyer_id": viewer.id}
        async with self.uow:
            orders = await self.uow.orders.list_for(
                **who, statuses=None if status is None else {status}, limit=request.fetch,
                after=request.after)
            page = page_of(orders, request, lambda o: After(o.created_at, o.id or 0))
            return Page(await self._views(page.items, viewer), page.next_cursor)

    async def list_all(self, statuses: Collection[OrderStatus] | None = None,
                       limit: int = MAX_ORDERS_LISTED) -> list[OrderView]:
        """Every order (or those in ``statuses``), newest first, as an operator sees it
        (the CLI; admin views)."""
        async with self.uow:
            orders = await self.uow.orders.list_for(statuses=statuses, limit=limit)
            return await self._views(orders, None)

    async def change_status(self, actor: User, order_id: int, status: str,
                            tracking_number: str | None = None,
                            tracking_url: str | None = None) -> OrderView:
        """Move the order for ``actor`` (403 wrong actor, 409 illegal move, 400 no tracking)."""
        now = self.clock.now()
        async with self.uow:
            order = await self._visible(actor, order_id)
            before = order.status
            order.transition(actor_of(actor), status, now, tracking_number, tracking_url)
            await self.store_change(order, before, now)
            await self._audit_move(actor, order, before)
            self.notices.updated(self.uow, order)
            await self.uow.commit()
            view = await self._view(order, actor)
        return view

    async def confirm_payment(self, admin: User, order_id: int) -> OrderView:
        if not admin.is_admin:
            raise Forbidden("Only an administrator can confirm payment.")
        return await self.change_status(admin, order_id, OrderStatus.PAYMENT_CONFIRMED.value)

    async def _audit_move(self, actor: User | None, order: Order, before: OrderStatus) -> None:
        """An administrator's payment confirmation goes to the audit log (issue 37), with no
        note: its target's label names the order by its number."""
        if (order.status is OrderStatus.PAYMENT_CONFIRMED and before is not order.status
                and (actor is None or actor.is_admin) and order.id is not None):
            await record_audit(self.uow, actor, AuditAction.PAYMENT_CONFIRMED, "order",
                               order.id, None, self.clock)

    async def confirm_payment_by_number(self, number: str) -> Order:
        """The operator (``rethread orders confirm-payment``) confirms a payment."""
        now = self.clock.now()
        async with self.uow:
            order = await self.uow.orders.get_by_number(number.strip().upper())
            if order is None:
                raise NotFound(f"No order has the number {number}.")
            if order.status is OrderStatus.PAYMENT_CONFIRMED:
                raise Conflict(f"Payment for order {order.order_number} is already confirmed.")
            before = order.status
            order.transition(OPERATOR, OrderStatus.PAYMENT_CONFIRMED, now)
            await self.store_change(order, before, now)
            await self._audit_move(None, order, before)
            self.notices.updated(self.uow, order)
            await self.uow.commit()
        return order

    async def set_shipping_address(self, actor: User, order_id: int, form: AddressForm
                                   ) -> OrderView:
        """The buyer (checkout rules) or an administrator (required fields) sets the address."""
        now = self.clock.now()
        async with self.uow:
            order = await self._visible(actor, order_id)
            address = Address.from_form(form, admin_form=order.address_form_for(actor_of(actor)))
            order.ensure_address_changeable()
            assert order.id is not None
            await self.uow.addresses.set_for_order(order.id, address, now)
            await self.uow.order_events.add(order.id, "address", None, actor.id, now)
            if actor.id != order.buyer_id:  # an administrator's edit (issue 37)
                await record_audit(self.uow, actor, AuditAction.ADDRESS_EDITED, "order",
                                   order.id, order.order_number, self.clock)
            await self.uow.commit()
            return await self._view(order, actor)

    # -- shared with the timers ------------------------------------------------------------

    async def store_change(self, order: Order, before: OrderStatus, now: datetime,
                           note: str | None = None) -> None:
        """Compare-and-set the status, move the listing, record events and notices
        (``note``: an administrator's words on a dispute's resolution, in its notices)."""
        if not await self.uow.orders.save(order, before, now):
            raise Conflict(CHANGED_MEANWHILE)
        target = order.listing_status
        if target is not ListingStatus.RESERVED:
            for product_id in order.product_ids:
                await self.uow.listings.claim_status(product_id, ListingStatus.RESERVED,
                                                     target, now)
        if order.status is OrderStatus.CANCELLED and before is not OrderStatus.CANCELLED:
            await self._settle_offer(order, now)
        await self._record(order, now, note)

    async def _settle_offer(self, order: Order, now: datetime) -> None:
        """A cancelled order placed with an accepted offer ends that offer (``cancelled``),
        so the listing, back in the shop, can take and accept other offers again."""
        assert order.id is not None
        offer_id = await self.uow.orders.offer_of(order.id)
        offer = await self.uow.offers.get(offer_id) if offer_id is not None else None
        if offer is None or offer.status is not OfferStatus.ACCEPTED:
            return
        offer.order_cancelled()
        offer.updated_at = now
        await self.uow.offers.save(offer, was=OfferStatus.ACCEPTED)

    async def _record(self, order: Order, now: datetime, note: str | None = None) -> None:
        assert order.id is not None
        for event in order.pull_events():
            if isinstance(event, OrderPlaced):
                await self.uow.order_events.add(order.id, "placed", OrderStatus.PENDING.value,
                                                order.buyer_id, now)
                await self.uow.activity.record(ActivityKind.ORDER_PLACED, order.buyer_id, now)
            elif isinstance(event, OrderStatusChanged):
                await self.uow.order_events.add(order.id, "status", event.new_status,
                                                event.actor_id or None, event.at)
                await self.notices.status_changed(self.uow, order, event, now, note)
                await self._record_activity(order, event.new_status, now)

    async def _record_activity(self, order: Order, status: str, now: datetime) -> None:
        """A finished order's analytics event: the sale is the seller's, the cancelled order
        the buyer's (whoever cancelled it is in the order's own timeline)."""
        if status == OrderStatus.COMPLETED.value:
            await self.uow.activity.record(ActivityKind.SALE_COMPLETED, order.seller_id, now)
        elif status == OrderStatus.CANCELLED.value:
            await self.uow.activity.record(ActivityKind.ORDER_CANCELLED, order.buyer_id, now)

    async def _unavailable(self, listing: Listing) -> str:
        """Why this listing cannot be bought: held by someone's accepted offer, or gone."""
        if listing.status is ListingStatus.RESERVED and listing.id is not None:
            accepted = await self.uow.offers.search(
                OfferQuery(product_id=listing.id, statuses=frozenset({OfferStatus.ACCEPTED})),
                1)
            if accepted and accepted[0].is_reserving:
                return RESERVED_FOR_ANOTHER
        return UNAVAILABLE_MESSAGE

    async def _free_number(self, product_id: int) -> str:
        for _ in range(NUMBER_ATTEMPTS):
            candidate = order_number(product_id, self.nonce())
            if not await self.uow.orders.number_taken(candidate):
                return candidate
        raise Conflict("Could not allocate an order number; please try again.")

    async def _visible(self, viewer: User, order_id: int) -> Order:
        order = await self.uow.orders.get(order_id)
        if order is None:
            raise NotFound(ORDER_NOT_FOUND)
        if viewer.id not in (order.buyer_id, order.seller_id) and not viewer.is_admin:
            raise Forbidden("You are not part of this order.")
        return order

    async def _view(self, order: Order, viewer: User) -> OrderView:
        return (await self._views([order], viewer))[0]

    async def views(self, orders: list[Order], viewer: User | None) -> list[OrderView]:
        """Views of ``orders`` for ``viewer``, inside the caller's unit of work (the desk)."""
        return await self._views(orders, viewer)

    async def _views(self, orders: list[Order], viewer: User | None) -> list[OrderView]:
        """Views for ``viewer`` (``None``: the operator, who sees everything)."""
        ids = [order.id for order in orders if order.id is not None]
        listings = await self.uow.listings.get_many(
            list({pid for order in orders for pid in order.product_ids}))
        users = {uid: await self.uow.users.get(uid)
                 for uid in {o.buyer_id for o in orders} | {o.seller_id for o in orders}}
        addresses = await self.uow.addresses.for_orders(ids)
        events = await self.uow.order_events.for_orders(ids)
        reviews = await self.uow.reviews.for_orders(ids)
        now = self.clock.now()
        return [self._one(order, viewer, listings, users, addresses,
                          events.get(order.id or 0, []), reviews.get(order.id or 0, []), now)
                for order in orders]

    def _one(self, order: Order, viewer: User | None, listings: dict[int, Listing],
             users: dict[int, User | None], addresses: dict[int, Address],
             events: list[OrderEventRecord], reviews: list[Review], now: datetime
             ) -> OrderView:
        actor = OPERATOR if viewer is None else actor_of(viewer)
        address = addresses.get(order.id or 0) if order.shows_address_to(actor) else None
        shown = [review for review in reviews if visible_to(review, actor.user_id)]
        mine = any(review.reviewer_id == actor.user_id for review in reviews)
        party = actor.user_id in (order.buyer_id, order.seller_id)
        # The buyer's claim window, by the rule that judges the claim.
        claim = None if actor.user_id != order.buyer_id else claim_window(
            order.status, order.delivered_at, entered_at(events, OrderStatus.SHIPPED), now)
        return OrderView(order=order, listing=listings.get(order.product_id),
                         items=[listings.get(pid) for pid in order.product_ids],
                         buyer=users.get(order.buyer_id),
                         seller=users.get(order.seller_id), address=address,
                         events=one_line_per_step(events),
                         reviews=shown, totals=order.totals,
                         allowed=order.allowed_transitions(actor, now),
                         can_review=party and order.status is OrderStatus.COMPLETED and not mine,
                         claim=claim,
                         payment_steps=tuple(order.payment_steps(now)
                                             if actor.user_id == order.buyer_id else ()),
                         deadline=order_deadline(
                             order, entered_at(events, OrderStatus.PAYMENT_CONFIRMED)),
                         payout=(order.seller_payout if actor.user_id == order.seller_id
                                 else None))


def unavailable_message(listings: list[Listing], asked: int) -> str:
    """409's sentence; a bundle's names the listings somebody else got first."""
    if asked == 1:
        return UNAVAILABLE_MESSAGE
    titles = ", ".join(f"“{listing.title}”" for listing in listings)
    if len(listings) == 1:
        return f"{titles} is no longer available."
    return f"These items are no longer available: {titles}."
