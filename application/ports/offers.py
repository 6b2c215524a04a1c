"""Ports of the offers area: where offers are kept and how they are listed.

Every implementation honours:

- At most one open (pending or countered) offer per buyer and listing, and at most one
  accepted offer per listing, even under concurrent requests: ``add`` and ``save`` raise
  :class:`domain.errors.Conflict` when storage already holds the clashing offer.
- ``save(offer, was=...)`` changes the stored offer only while it still has status
  ``was`` (a conditional update); otherwise :class:`Conflict`.
- ``lock_listing`` makes every other transaction that changes offers of that listing wait
  until this one ends (the listing row is the lock), so a respond and an accept on one
  listing happen one after the other.
- Lists are newest first (``created_at``, then ``id``, both descending); ``after`` continues
  strictly after a (created_at, id) position (``application/shared/paging.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from application.shared.paging import After
from domain.offers import Offer, OfferStatus


@dataclass(frozen=True)
class OfferQuery:
    """Which offers to list: exactly one of ``seller_id`` / ``buyer_id`` is usually set."""

    seller_id: int | None = None
    buyer_id: int | None = None
    product_id: int | None = None
    statuses: frozenset[OfferStatus] = frozenset()


@dataclass(frozen=True)
class OfferCounts:
    """The header badges: the buyer's answered offers and the seller's new ones, unseen."""

    accepted_buyer_offers: int
    new_seller_offers: int


class OfferRepository(Protocol):
    async def add(self, offer: Offer) -> Offer:
        """Store a new offer and set its id; Conflict when the buyer already has an open
        offer on the listing."""
    async def add_many(self, offers: list[Offer]) -> None:
        """Bulk insert for demo data."""
    async def get(self, offer_id: int) -> Offer | None: ...
    async def save(self, offer: Offer, *, was: OfferStatus) -> None: ...
    async def lock_listing(self, product_id: int) -> None: ...
    async def open_for_listing(self, product_id: int) -> list[Offer]: ...
    async def has_open(self, buyer_id: int, product_id: int) -> bool: ...
    async def lapsed_watcher_offer_ids(self, now: datetime, limit: int) -> list[int]:
        """Open offers to watchers whose 24 hours have passed (for the timers' sweep)."""
    async def last_watcher_offer_at(self, product_id: int) -> datetime | None:
        """When the listing's watchers last got an offer from its seller."""
    async def reserving_until(self, before: datetime, limit: int) -> list[Offer]:
        """Accepted offers whose hold on their item ends by ``before``, soonest first."""
    async def lapsed_ids(self, now: datetime, limit: int) -> list[int]:
        """Accepted offers whose ``reserved_until`` is at or before ``now``, oldest first."""
    async def has_accepted(self, product_id: int) -> bool: ...
    async def search(self, query: OfferQuery, limit: int,
                     after: After | None = None) -> list[Offer]: ...
    async def counts(self, user_id: int) -> OfferCounts: ...
    async def mark_seller_seen(self, seller_id: int, product_id: int | None = None) -> int:
        """Mark the seller's offers seen; how many changed."""
    async def mark_buyer_seen(self, buyer_id: int) -> int: ...
