"""Offer use cases: make, list, answer, withdraw; badge counts; closing a listing's offers.

The rules are ``domain/offers.py``'s; this module loads, locks, saves and commits. Every
change to an offer first locks its listing (``uow.offers.lock_listing``) and reads the offer
again, so two answers on one listing run one after the other and the second sees the
first's outcome (409), on both databases. Accepting an offer declines the listing's other
open offers in the same transaction (:func:`close_offers` with the domain's
``close_for_acceptance``; orders close them with ``close_for_sale`` when a listing is bought,
and the catalog, moderation and account closure with :func:`decline_open_offers`).

Size: one public method per offer use case (make, answer, withdraw, the three lists, counts,
watcher offers, the timers' expiries), a few lines each; every change goes through _change, the
one locking protocol (lock the listing, read the offer again), which splitting the class would
scatter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from application.blocks import ensure_can_interact
from application.offer_news import tell
from application.ports import Clock, UnitOfWork
from application.ports.catalog import SellerCard
from application.ports.offers import OfferCounts, OfferQuery
from application.shared.abuse import AbuseLimits, Act, take
from application.shared.paging import After, Page, page_of, page_request
from application.suspensions import ensure_can_trade
from application.vacation import ensure_not_away
from domain.accounts import User
from domain.analytics import ActivityKind
from domain.catalog import UNAVAILABLE_MESSAGE, ListingStatus
from domain.errors import Conflict, Forbidden, NotFound, ValidationError
from domain.listings import Listing
from domain.moderation import OFFER_PARTY_SUSPENDED
from domain.offers import (
    ClosedOffer,
    DeclineReason,
    Offer,
    OfferStatus,
    WatcherOfferEnd,
    close_for_acceptance,
    close_open_offers,
    ensure_watcher_offer_due,
    watcher_offer_price,
)

PRODUCT_NOT_FOUND = "Product not found"
OFFER_NOT_FOUND = "Offer not found"


@dataclass(frozen=True)
class OfferView:
    """An offer as the pages show it: with its listing and both people."""

    offer: Offer
    product: Listing
    buyer: SellerCard | None
    seller: SellerCard | None
    order_id: int | None = None  # the order placed with this accepted offer (not cancelled)


OfferPage = Page[OfferView]

@dataclass(frozen=True)
class WatcherOffersSent:
    sent: int
    price: Decimal
    expires_at: datetime


async def decline_open_offers(uow: UnitOfWork, *, product_id: int, now: datetime,
                              except_offer_id: int | None = None,
                              reason: DeclineReason | str) -> list[Offer]:
    """Close every open offer on the listing but ``except_offer_id`` for ``reason``
    (:func:`domain.offers.close_open_offers`); see :func:`close_offers`."""
    return await close_offers(
        uow, product_id,
        lambda offers: close_open_offers(offers, reason, now, keep=except_offer_id), now)


async def close_offers(uow: UnitOfWork, product_id: int,
                       rule: Callable[[list[Offer]], list[ClosedOffer]], now: datetime
                       ) -> list[Offer]:
    """Close the listing's open offers as ``rule`` (a ``close_*`` of ``domain/offers.py``)
    says, inside the caller's transaction and under the listing's lock, with a thread
    message and a notification to each buyer (:func:`application.offer_news.tell`, which
    also records their socket events); returns them."""
    await uow.offers.lock_listing(product_id)
    listing = await uow.listings.get(product_id)
    title = listing.title if listing is not None else "this item"
    closed = rule(await uow.offers.open_for_listing(product_id))
    for item in closed:
        await uow.offers.save(item.offer, was=item.was)
        await tell(uow, item.offer, title=title, now=now)
    return [item.offer for item in closed]


async def offer_views(uow: UnitOfWork, offers: list[Offer]) -> list[OfferView]:
    """Attach listings and people (two queries); call inside an open unit of work."""
    listings = await uow.listings.get_many(sorted({o.product_id for o in offers}))
    people = await uow.listings.sellers({o.buyer_id for o in offers}
                                        | {o.seller_id for o in offers})
    orders = await uow.orders.for_offers(
        [o.id for o in offers if o.id is not None and o.status is OfferStatus.ACCEPTED])
    return [OfferView(o, listings[o.product_id], people.get(o.buyer_id),
                      people.get(o.seller_id), orders.get(o.id or 0))
            for o in offers if o.product_id in listings]


def parse_status(status: str | None) -> frozenset[OfferStatus]:
    """``None``/empty: every status; otherwise one of the offer statuses (400 if unknown)."""
    text = (status or "").strip().lower()
    if not text or text == "all":
        return frozenset()
    try:
        return frozenset({OfferStatus(text)})
    except ValueError:
        choices = ", ".join(s.value for s in OfferStatus)
        raise ValidationError({"status": f"Status must be one of {choices}"}) from None


class OfferService:
    def __init__(self, uow: UnitOfWork, clock: Clock, abuse: AbuseLimits | None = None
                 ) -> None:
        self.uow = uow
        self.clock = clock
        self.abuse = abuse

    # -- making and reading ------------------------------------------------------------

    async def make(self, buyer: User, product_id: int, offer_price: str | None,
                   message: str | None = None) -> OfferView:
        assert buyer.id is not None
        now = self.clock.now()
        await take(self.abuse, Act.OFFER, buyer.id)
        async with self.uow:
            listing = await self._listing(product_id)
            assert listing.id is not None
            await ensure_can_interact(self.uow, buyer.id, listing.seller_id)
            if listing.seller_id != buyer.id:
                await ensure_not_away(self.uow, [listing.seller_id], now)
            offer = Offer.make(
                product_id=listing.id, buyer_id=buyer.id, seller_id=listing.seller_id,
                listing_price=listing.price, offer_price=offer_price, message=message,
                created_at=now,
                has_open_offer=await self.uow.offers.has_open(buyer.id, listing.id),
                listing_status=listing.status)
            await self.uow.offers.add(offer)
            await tell(self.uow, offer, title=listing.title, now=now)
            await self.uow.activity.record(ActivityKind.OFFER_MADE, buyer.id, now)
            await self.uow.commit()
            view = (await offer_views(self.uow, [offer]))[0]
        return view

    async def get(self, viewer: User, offer_id: int) -> OfferView:
        async with self.uow:
            offer = await self._offer(offer_id)
            if viewer.id not in (offer.buyer_id, offer.seller_id) and not viewer.is_admin:
                raise Forbidden("You can only see offers you made or received.")
            return (await offer_views(self.uow, [offer]))[0]

    async def seller_offers(self, seller: User, *, status: str | None = None,
                            product_id: int | None = None, limit: int | None = None,
                            cursor: str | None = None) -> OfferPage:
        query = OfferQuery(seller_id=seller.id, product_id=product_id,
                           statuses=parse_status(status))
        return await self._page(query, limit, cursor)

    async def buyer_offers(self, buyer: User, *, status: str | None = None,
                           limit: int | None = None, cursor: str | None = None) -> OfferPage:
        return await self._page(OfferQuery(buyer_id=buyer.id, statuses=parse_status(status)),
                                limit, cursor)

    async def product_offers(self, viewer: User, product_id: int, *,
                             limit: int | None = None, cursor: str | None = None
                             ) -> OfferPage:
        """The seller sees every offer on the listing, anyone else only their own."""
        async with self.uow:
            listing = await self._listing(product_id)
        mine = listing.is_owned_by(viewer.id) or viewer.is_admin
        query = OfferQuery(product_id=product_id, buyer_id=None if mine else viewer.id)
        return await self._page(query, limit, cursor)

    async def _page(self, query: OfferQuery, limit: int | None, cursor: str | None
                    ) -> OfferPage:
        request = page_request(limit, cursor)
        async with self.uow:
            offers = await self.uow.offers.search(query, request.fetch, request.after)
            page = page_of(offers, request, lambda o: After(o.created_at, o.id or 0))
            return Page(await offer_views(self.uow, page.items), page.next_cursor)

    # -- answering ---------------------------------------------------------------------

    async def respond(self, seller: User, offer_id: int, status: str | None,
                      counter_price: str | None = None) -> OfferView:
        """The seller accepts, rejects or counters a pending offer."""
        wants = str(status or "").strip().lower()
        return await self._change(
            seller, offer_id,
            lambda offer, now, price: offer.respond(seller.id or 0, wants, counter_price,
                                                    now=now, listing_price=price),
            deals=wants in {OfferStatus.ACCEPTED, OfferStatus.COUNTERED})

    async def accept_counter(self, buyer: User, offer_id: int) -> OfferView:
        return await self._change(
            buyer, offer_id,
            lambda offer, now, price: offer.accept_counter(buyer.id or 0, now, price),
            deals=True)

    async def decline_counter(self, buyer: User, offer_id: int) -> OfferView:
        return await self._change(buyer, offer_id,
                                  lambda offer, _, __: offer.decline_counter(buyer.id or 0))

    async def withdraw(self, buyer: User, offer_id: int) -> OfferView:
        return await self._change(buyer, offer_id,
                                  lambda offer, _, __: offer.withdraw(buyer.id or 0))

    async def _change(self, actor: User, offer_id: int,
                      move: Callable[[Offer, datetime, Decimal], None], *,
                      deals: bool = False) -> OfferView:
        """``move`` gets the offer, the time and the listing's price now. ``deals``: the
        move goes on dealing (accept, counter, accept a counter; not reject, withdraw or
        decline), so the listing must still be for sale and neither party may have blocked
        the other or be suspended."""
        now = self.clock.now()
        async with self.uow:
            offer = await self._offer(offer_id)
            if actor.id not in (offer.buyer_id, offer.seller_id):
                raise Forbidden("Only the buyer and the seller can answer this offer.")
            await self.uow.offers.lock_listing(offer.product_id)
            offer = await self._offer(offer_id)  # read again: an earlier answer may have won
            listing = await self._listing(offer.product_id)
            if deals:
                other = offer.seller_id if actor.id == offer.buyer_id else offer.buyer_id
                await ensure_can_interact(self.uow, offer.buyer_id, offer.seller_id)
                await ensure_can_trade(self.uow, actor.id or 0, other, now,
                                       OFFER_PARTY_SUSPENDED)
            was = offer.status
            move(offer, now, listing.price)
            if deals and not listing.status.is_purchasable:
                raise Conflict(listing.status.unavailable_message)
            if offer.status is OfferStatus.ACCEPTED and not await self.uow.listings.claim_status(
                    offer.product_id, ListingStatus.AVAILABLE, ListingStatus.RESERVED, now):
                raise Conflict(UNAVAILABLE_MESSAGE)  # a checkout got there first
            offer.updated_at = now
            offer.seen_by(actor.id or 0)
            await self.uow.offers.save(offer, was=was)
            await tell(self.uow, offer, title=listing.title, now=now)
            if offer.status is OfferStatus.ACCEPTED:
                accepted = offer
                await close_offers(self.uow, offer.product_id,
                                   lambda offers: close_for_acceptance(offers, accepted, now),
                                   now)
            await self.uow.commit()
            view = (await offer_views(self.uow, [offer]))[0]
        return view

    # -- offers to watchers (issue 38 item 2) --------------------------------------------

    async def send_to_watchers(self, seller: User, product_id: int,
                               price: str | None) -> WatcherOffersSent:
        """The seller offers the listing at ``price`` to everyone watching it (see
        ``domain/offers.py``). Watchers who already have an open offer on it, or who
        blocked (or were blocked by) the seller, are left out."""
        assert seller.id is not None
        now = self.clock.now()
        async with self.uow:
            listing = await self._listing(product_id)
            if listing.seller_id != seller.id:
                raise Forbidden("Only the seller can send an offer to this listing's watchers.")
            await self.uow.offers.lock_listing(product_id)
            listing = await self._listing(product_id)  # read again under the lock
            if not listing.status.is_purchasable:
                raise Conflict(listing.status.unavailable_message)
            await ensure_not_away(self.uow, [seller.id], now)
            amount = watcher_offer_price(price, listing.price)
            ensure_watcher_offer_due(await self.uow.offers.last_watcher_offer_at(product_id),
                                     now)
            watchers = [w for w in await self.uow.favorites.watcher_ids(product_id)
                        if w != seller.id and not await self.uow.blocks.between(seller.id, w)
                        and not await self.uow.offers.has_open(w, product_id)]
            if not watchers:
                raise Conflict("Nobody is watching this listing without an open offer yet.")
            who = seller.display_name or seller.username
            offers = []
            for watcher in watchers:
                offer = Offer.to_watcher(product_id=product_id, seller_id=seller.id,
                                         watcher_id=watcher, listing_price=listing.price,
                                         price=amount, now=now)
                await self.uow.offers.add(offer)
                await tell(self.uow, offer, title=listing.title, now=now, who=who)
                offers.append(offer)
            await self.uow.commit()
        return WatcherOffersSent(len(offers), amount, offers[0].expires_at or now)

    async def lapsed_watcher_offer_ids(self, limit: int) -> list[int]:
        async with self.uow:
            return await self.uow.offers.lapsed_watcher_offer_ids(self.clock.now(), limit)

    async def end_lapsed_watcher_offer(self, offer_id: int) -> bool:
        """An offer to a watcher whose 24 hours passed unanswered ends ``expired`` and the
        watcher is told. False when it was answered (or ended) first."""
        now = self.clock.now()
        async with self.uow:
            offer = await self.uow.offers.get(offer_id)
            if offer is None:
                return False
            await self.uow.offers.lock_listing(offer.product_id)
            offer = await self.uow.offers.get(offer_id)
            if offer is None or not offer.watcher_offer_lapsed(now):
                return False
            listing = await self._listing(offer.product_id)
            was = offer.status
            offer.end_watcher_offer(WatcherOfferEnd.EXPIRED)
            offer.updated_at = now
            await self.uow.offers.save(offer, was=was)
            await tell(self.uow, offer, title=listing.title, now=now)
            await self.uow.commit()
        return True

    # -- the reservation an accepted offer holds ------------------------------------------

    async def lapsed_ids(self, limit: int) -> list[int]:
        """Accepted offers whose reservation ran out unused (for the timers' sweep)."""
        async with self.uow:
            return await self.uow.offers.lapsed_ids(self.clock.now(), limit)

    async def expire_reservation(self, offer_id: int) -> bool:
        """The buyer did not check out within the window: the offer becomes ``expired``,
        the listing returns to the shop, both sides are told. False when someone else
        (another worker, the buyer's checkout) got there first."""
        now = self.clock.now()
        async with self.uow:
            offer = await self.uow.offers.get(offer_id)
            if offer is None:
                return False
            await self.uow.offers.lock_listing(offer.product_id)
            offer = await self.uow.offers.get(offer_id)  # read again under the lock
            if offer is None or not offer.is_lapsed(now):
                return False
            listing = await self._listing(offer.product_id)
            offer.expire(now)
            offer.updated_at = now
            await self.uow.offers.save(offer, was=OfferStatus.ACCEPTED)
            await self.uow.listings.claim_status(offer.product_id, ListingStatus.RESERVED,
                                                 ListingStatus.AVAILABLE, now)
            await tell(self.uow, offer, title=listing.title, now=now)
            await self.uow.commit()
        return True

    # -- badges ------------------------------------------------------------------------

    async def counts(self, user: User) -> OfferCounts:
        assert user.id is not None
        async with self.uow:
            return await self.uow.offers.counts(user.id)

    async def mark_seller_read(self, seller: User, product_id: int | None = None) -> int:
        assert seller.id is not None
        async with self.uow:
            changed = await self.uow.offers.mark_seller_seen(seller.id, product_id)
            await self.uow.commit()
        return changed

    async def mark_buyer_notified(self, buyer: User) -> int:
        assert buyer.id is not None
        async with self.uow:
            changed = await self.uow.offers.mark_buyer_seen(buyer.id)
            await self.uow.commit()
        return changed

    # -- helpers -----------------------------------------------------------------------

    async def _offer(self, offer_id: int) -> Offer:
        offer = await self.uow.offers.get(offer_id)
        if offer is None:
            raise NotFound(OFFER_NOT_FOUND)
        return offer

    async def _listing(self, product_id: int) -> Listing:
        listing = await self.uow.listings.get(product_id)
        if listing is None:
            raise NotFound(PRODUCT_NOT_FOUND)
        return listing
