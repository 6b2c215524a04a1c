"""Demo offers: every offer state between the demo people, told in their threads.

Maya's Seller Hub has new, countered, accepted, rejected and withdrawn offers, and her My
Offers every state; Sofia's My Offers has a pending offer, a counter to answer, an accepted
one to pay, a declined and a withdrawn one. Each offer
goes through the real domain moves and :func:`application.offer_news.tell`, so the threads
and notification bells show the same messages a live negotiation would, and each records its
``offer_made`` activity (the buyer, at the offer's time) as making one does. Deterministic:
the listings are the demo sellers' newest available ones, in id order. An accepted offer
reserves its listing as a live one does; the scenes accepted more than 24 hours ago are
expired as the order timers would have (their listings are back in the shop), so only the
recent one holds its listing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from application.offer_news import OfferNews, tell
from application.ports import Clock, UnitOfWork
from domain.analytics import Activity, ActivityKind
from domain.catalog import ListingStatus
from domain.listings import Listing
from domain.money import round_money
from domain.offers import Offer, OfferStatus


@dataclass(frozen=True)
class Scene:
    """``buyer`` offers ``share`` of ``seller``'s ``pick``-th listing; then ``moves`` happen
    (``accept``, ``reject``, ``counter`` (at 95%), ``accept_counter``, ``withdraw``)."""

    buyer: str
    seller: str
    pick: int
    share: str
    hours_ago: int
    moves: tuple[str, ...] = ()
    message: str | None = None
    seen: bool = False


SCENES = [
    Scene("sofia", "maya", 0, "0.85", 3, message="Would you take a little less? I can pay today."),
    Scene("jamal", "maya", 1, "0.80", 9),
    Scene("sofia", "maya", 2, "0.75", 30, ("counter",), "Is this still available?"),
    Scene("emma", "maya", 3, "0.90", 12, ("accept",), seen=True),
    Scene("jamal", "maya", 4, "0.60", 75, ("reject",), seen=True),
    Scene("sofia", "theo", 0, "0.88", 20, ("accept",)),
    Scene("sofia", "priya", 0, "0.70", 96, ("withdraw",), seen=True),
    Scene("sofia", "lucas", 0, "0.65", 120, ("reject",), seen=True),
    Scene("maya", "theo", 1, "0.80", 6),
    Scene("maya", "lucas", 1, "0.70", 44, ("counter",)),
    Scene("emma", "priya", 1, "0.82", 60, ("counter", "accept_counter"), seen=True),
    # maya buys too: her My Offers has every state (pending, countered above; these three),
    # and her Seller Hub a withdrawn offer.
    Scene("maya", "priya", 2, "0.85", 10, ("accept",)),
    Scene("maya", "theo", 2, "0.55", 140, ("reject",), seen=True),
    Scene("maya", "lucas", 2, "0.75", 160, ("withdraw",), seen=True),
    Scene("emma", "maya", 5, "0.70", 100, ("withdraw",), seen=True),
]


class OffersDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def seed(self) -> int:
        """Add the scenes whose people and listings exist; how many offers were made."""
        made: list[Activity] = []
        async with self.uow:
            people = {name: await self.uow.users.get_by_login(name)
                      for name in {s.buyer for s in SCENES} | {s.seller for s in SCENES}}
            ids = {name: user.id for name, user in people.items()
                   if user is not None and user.id is not None}
            shelves = {name: await self._listings(ids[name]) for name in
                       {s.seller for s in SCENES} if name in ids}
            # Oldest first, so each thread reads in order (threads are ordered by id).
            for scene in sorted(SCENES, key=lambda s: -s.hours_ago):
                shelf = shelves.get(scene.seller, [])
                if scene.buyer in ids and scene.pick < len(shelf):
                    offer = await self._play(scene, ids[scene.buyer], shelf[scene.pick])
                    made.append(Activity(ActivityKind.OFFER_MADE, offer.buyer_id,
                                         offer.created_at))
            for buyer, seller in {(s.buyer, s.seller) for s in SCENES}:
                if buyer in ids and seller in ids:  # read already: the bells carry the news
                    await self.uow.messages.mark_read(ids[buyer], ids[seller])
                    await self.uow.messages.mark_read(ids[seller], ids[buyer])
            await self.uow.activity.record_many(sorted(made, key=lambda a: a.at))
            await self.uow.commit()
        return len(made)

    async def _listings(self, seller_id: int) -> list[Listing]:
        found = await self.uow.listings.newest_by_seller(seller_id, 10)
        return sorted(found, key=lambda listing: listing.id or 0)

    async def _play(self, scene: Scene, buyer_id: int, listing: Listing) -> Offer:
        assert listing.id is not None
        at = self.clock.now() - timedelta(hours=scene.hours_ago)
        offer = Offer.make(product_id=listing.id, buyer_id=buyer_id, seller_id=listing.seller_id,
                           listing_price=listing.price, created_at=at, message=scene.message,
                           offer_price=max(round_money(listing.price * Decimal(scene.share)),
                                           Decimal("1.00")))
        await self.uow.offers.add(offer)
        news = OfferNews()
        await tell(self.uow, news, offer, title=listing.title, now=at)
        for step, move in enumerate(scene.moves, start=1):
            at += timedelta(hours=step)
            was = offer.status
            self._move(offer, move, listing, at)
            offer.updated_at = at
            if offer.status is OfferStatus.ACCEPTED:  # reserved for the buyer (24 hours)
                await self.uow.listings.claim_status(listing.id, ListingStatus.AVAILABLE,
                                                     ListingStatus.RESERVED, at)
            await self.uow.offers.save(offer, was=was)
            await tell(self.uow, news, offer, title=listing.title, now=at)
        now = self.clock.now()
        if offer.is_lapsed(now):  # accepted more than 24 hours ago and never paid
            was = offer.status
            offer.expire(offer.reserved_until or now)
            offer.updated_at = offer.reserved_until or now
            await self.uow.offers.save(offer, was=was)
            await self.uow.listings.claim_status(listing.id, ListingStatus.RESERVED,
                                                 ListingStatus.AVAILABLE, now)
            await tell(self.uow, news, offer, title=listing.title, now=offer.updated_at)
        if scene.seen:
            offer.seen_by(offer.seller_id)
            offer.seen_by(offer.buyer_id)
            await self.uow.offers.save(offer, was=offer.status)
        elif offer.status is not OfferStatus.PENDING:
            offer.seen_by(offer.seller_id)
            await self.uow.offers.save(offer, was=offer.status)
        return offer

    @staticmethod
    def _move(offer: Offer, move: str, listing: Listing, at: datetime) -> None:
        if move == "counter":
            counter = round_money(listing.price * Decimal("0.95"))
            offer.counter(offer.seller_id, max(counter, offer.offer_price + Decimal("0.01")))
        elif move == "accept":
            offer.accept(offer.seller_id, at)
        elif move == "accept_counter":
            offer.accept_counter(offer.buyer_id, at)
        elif move == "reject":
            offer.reject(offer.seller_id)
        else:
            getattr(offer, move)(offer.buyer_id)
