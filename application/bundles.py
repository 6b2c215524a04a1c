"""Bundles: a seller's discount tiers, and a buyer's bag of listings grouped by seller.

The bag is a list of listings kept per member; each group (one seller) is priced by the
server exactly as placing the order would price it (:func:`domain.bundles.bundle_totals`
with the seller's tiers), from the items that are still available. Items that sold or were
reserved since stay in the bag, marked unavailable, until the member removes them.
Checking a group out is :meth:`application.orders.OrderService.place` with its ids.

A block (issue 37) takes each one's listings out of the other's bag
(:func:`unbag_between`, in the block's transaction); an item of a member blocked either way
that is in a bag all the same (an add that raced the block, or a bag from before this rule)
is shown unavailable, outside the totals and with no nudge, as the order would refuse it.
"""

from __future__ import annotations

from dataclasses import dataclass

from application.buying import ensure_may_buy
from application.catalog_views import ListingView, listing_views
from application.ports import Clock, UnitOfWork
from application.ports.catalog import SellerCard
from domain.accounts import User
from domain.bundles import (
    BundleTier,
    BundleTotals,
    bundle_totals,
    ensure_bag_room,
    ensure_baggable,
    validate_tiers,
)
from domain.catalog import ListingStatus
from domain.errors import NotFound


@dataclass(frozen=True)
class BagGroup:
    """One seller's items in a bag and what they cost together now."""

    seller: SellerCard | None
    seller_id: int
    items: list[ListingView]
    tiers: list[BundleTier]
    bill: BundleTotals | None  # of the available items; None when none is
    # The member and this seller blocked one another (either way): nothing of theirs can
    # be bought, so no item is available and no discount is nudged at.
    blocked: bool = False

    @property
    def available_ids(self) -> list[int]:
        if self.blocked:
            return []
        return [v.listing.id for v in self.items
                if v.listing.status is ListingStatus.AVAILABLE and v.listing.id is not None]

    @property
    def next_tier(self) -> BundleTier | None:
        """The next discount more items would reach (the bag's nudge)."""
        if self.blocked:
            return None
        count = len(self.available_ids)
        return next((tier for tier in self.tiers if tier.min_items > count), None)


@dataclass(frozen=True)
class BagView:
    groups: list[BagGroup]

    @property
    def count(self) -> int:
        return sum(len(group.items) for group in self.groups)


class BundleService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    # -- the seller's tiers -----------------------------------------------------------------

    async def set_tiers(self, seller: User, tiers: list[tuple[int, int]]) -> list[BundleTier]:
        """Replace the seller's bundle discounts (400 with a sentence when they are wrong)."""
        assert seller.id is not None
        checked = validate_tiers(tiers)
        async with self.uow:
            await self.uow.bundle_tiers.replace(seller.id, checked)
            await self.uow.commit()
        return checked

    async def tiers_of(self, seller_id: int) -> list[BundleTier]:
        async with self.uow:
            if await self.uow.users.get(seller_id) is None:
                raise NotFound("User not found")
            return await self.uow.bundle_tiers.for_seller(seller_id)

    # -- the buyer's bag --------------------------------------------------------------------

    async def bag(self, member: User) -> BagView:
        assert member.id is not None
        async with self.uow:
            return await self._bag(member.id)

    async def add(self, member: User, product_id: int) -> BagView:
        """Put an available listing of someone else in the bag (idempotent)."""
        assert member.id is not None
        now = self.clock.now()
        async with self.uow:
            listing = await self.uow.listings.get(product_id)
            if listing is None:
                raise NotFound("Product not found")
            ensure_baggable(listing, member.id)
            await ensure_may_buy(self.uow, member.id, listing.seller_id, now)
            held = await self.uow.bag.product_ids(member.id)
            ensure_bag_room(held, product_id)
            await self.uow.bag.add(member.id, product_id, now)
            await self.uow.commit()
            return await self._bag(member.id)

    async def remove(self, member: User, product_id: int) -> BagView:
        assert member.id is not None
        async with self.uow:
            if not await self.uow.bag.remove(member.id, product_id):
                raise NotFound("That item is not in your bag.")
            await self.uow.commit()
            return await self._bag(member.id)

    async def _bag(self, member_id: int) -> BagView:
        ids = await self.uow.bag.product_ids(member_id)
        found = await self.uow.listings.get_many(ids)
        views = await listing_views(self.uow, self.clock, [found[i] for i in ids if i in found])
        by_seller: dict[int, list[ListingView]] = {}
        for view in views:
            by_seller.setdefault(view.listing.seller_id, []).append(view)
        tiers = await self.uow.bundle_tiers.for_sellers(list(by_seller))
        apart = await self.uow.blocks.hidden_from(member_id) if by_seller else frozenset()
        groups = []
        for seller_id, items in by_seller.items():
            blocked = seller_id in apart
            prices = [] if blocked else [v.listing.price for v in items
                                         if v.listing.status is ListingStatus.AVAILABLE]
            seller_tiers = tiers.get(seller_id, [])
            groups.append(BagGroup(
                seller=items[0].seller, seller_id=seller_id, items=items, tiers=seller_tiers,
                bill=bundle_totals(prices, seller_tiers) if prices else None,
                blocked=blocked))
        return BagView(groups)


async def unbag_between(uow: UnitOfWork, a: int, b: int) -> None:
    """A block between ``a`` and ``b``: each one's listings leave the other's bag (inside
    the block's unit of work), so neither keeps items the order would refuse."""
    for member, seller in ((a, b), (b, a)):
        held = await uow.bag.product_ids(member)
        listed = await uow.listings.get_many(held)
        await uow.bag.remove_many(member, [product_id for product_id, item in listed.items()
                                           if item.seller_id == seller])
