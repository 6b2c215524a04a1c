"""In-memory ``OfferRepository``: the storage rules of ``application/ports/offers.py`` as
plain Python (one open offer per buyer and listing, one accepted offer per listing,
conditional saves, newest first, offers vanish with their listing)."""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any

from application.ports.offers import OfferCounts, OfferQuery
from application.shared.paging import After, is_after
from domain.errors import Conflict
from domain.offers import Offer, OfferStatus


class FakeOffers:
    def __init__(self, listings: Any) -> None:
        self.rows: dict[int, Offer] = {}
        self.listings = listings
        self.locked: list[int] = []

    def _live(self) -> list[Offer]:
        """Offers whose listing still exists (the SQL foreign key cascades)."""
        return [o for o in self.rows.values() if o.product_id in self.listings.rows]

    def _check(self, offer: Offer) -> None:
        others = [o for o in self._live() if o.id != offer.id]
        if offer.is_open and any(o.is_open and o.buyer_id == offer.buyer_id
                                 and o.product_id == offer.product_id for o in others):
            raise Conflict("You already have an open offer on this item.")
        if offer.status is OfferStatus.ACCEPTED and any(
                o.status is OfferStatus.ACCEPTED and o.product_id == offer.product_id
                for o in others):
            raise Conflict("Another offer on this item has already been accepted.")

    async def add(self, offer: Offer) -> Offer:
        self._check(offer)
        offer.id = max(self.rows, default=0) + 1
        self.rows[offer.id] = copy.deepcopy(offer)
        self.rows[offer.id].events = []
        return offer

    async def add_many(self, offers: list[Offer]) -> None:
        for offer in offers:
            await self.add(offer)

    async def get(self, offer_id: int) -> Offer | None:
        found = [o for o in self._live() if o.id == offer_id]
        return copy.deepcopy(found[0]) if found else None

    async def save(self, offer: Offer, *, was: OfferStatus) -> None:
        stored = self.rows.get(offer.id or 0)
        if stored is None or stored.status is not was:
            raise Conflict("This offer has just been changed; please reload and try again.")
        self._check(offer)
        self.rows[offer.id or 0] = copy.deepcopy(offer)
        self.rows[offer.id or 0].events = []  # events are not stored, as in SQL

    async def lock_listing(self, product_id: int) -> None:
        self.locked.append(product_id)

    async def open_for_listing(self, product_id: int) -> list[Offer]:
        return [copy.deepcopy(o) for o in sorted(self._live(), key=lambda o: o.id or 0)
                if o.product_id == product_id and o.is_open]

    async def reserving_until(self, before: datetime, limit: int) -> list[Offer]:
        ending = sorted((o for o in self._live() if o.status is OfferStatus.ACCEPTED
                         and o.reserved_until is not None and o.reserved_until <= before),
                        key=lambda o: (o.reserved_until, o.id))
        return [copy.deepcopy(o) for o in ending[:limit]]

    async def lapsed_ids(self, now: datetime, limit: int) -> list[int]:
        lapsed = sorted((o for o in self._live() if o.status is OfferStatus.ACCEPTED
                         and o.reserved_until is not None and o.reserved_until <= now),
                        key=lambda o: (o.reserved_until, o.id))
        return [o.id or 0 for o in lapsed[:limit]]

    async def lapsed_watcher_offer_ids(self, now: datetime, limit: int) -> list[int]:
        lapsed = sorted((o for o in self._live() if o.watcher_offer_lapsed(now)),
                        key=lambda o: (o.expires_at, o.id))
        return [o.id or 0 for o in lapsed[:limit]]

    async def last_watcher_offer_at(self, product_id: int) -> datetime | None:
        return max((o.created_at for o in self._live()
                    if o.product_id == product_id and o.from_seller), default=None)

    async def has_open(self, buyer_id: int, product_id: int) -> bool:
        return any(o.buyer_id == buyer_id and o.product_id == product_id and o.is_open
                   for o in self._live())

    async def has_accepted(self, product_id: int) -> bool:
        return any(o.product_id == product_id and o.status is OfferStatus.ACCEPTED
                   for o in self._live())

    async def search(self, query: OfferQuery, limit: int, after: After | None = None
                     ) -> list[Offer]:
        def matches(o: Offer) -> bool:
            return ((query.seller_id is None or o.seller_id == query.seller_id)
                    and (query.buyer_id is None or o.buyer_id == query.buyer_id)
                    and (query.product_id is None or o.product_id == query.product_id)
                    and (not query.statuses or o.status in query.statuses)
                    and is_after(o.created_at, o.id or 0, after))
        found = sorted(filter(matches, self._live()), key=lambda o: (o.created_at, o.id),
                       reverse=True)
        return [copy.deepcopy(o) for o in found[:limit]]

    async def counts(self, user_id: int) -> OfferCounts:
        live = self._live()
        return OfferCounts(
            sum(o.buyer_id == user_id and not o.buyer_seen
                and o.status in (OfferStatus.ACCEPTED, OfferStatus.COUNTERED) for o in live),
            sum(o.seller_id == user_id and not o.seller_seen
                and o.status is OfferStatus.PENDING for o in live))

    async def mark_seller_seen(self, seller_id: int, product_id: int | None = None) -> int:
        changed = [o for o in self._live() if o.seller_id == seller_id and not o.seller_seen
                   and product_id in (None, o.product_id)]
        for offer in changed:
            offer.seller_seen = True
        return len(changed)

    async def mark_buyer_seen(self, buyer_id: int) -> int:
        changed = [o for o in self._live() if o.buyer_id == buyer_id and not o.buyer_seen]
        for offer in changed:
            offer.buyer_seen = True
        return len(changed)
