"""Listings as the API shows them, for every area that shows one (catalog, favorites,
offers, orders...): the listing with its seller card and its badge as of now."""

from __future__ import annotations

from typing import NamedTuple

from application.ports import Clock, UnitOfWork
from application.ports.catalog import SellerCard
from domain.catalog import ListingBadge
from domain.errors import NotFound
from domain.listings import JUST_LISTED, Listing

PRODUCT_NOT_FOUND = "Product not found"


class ListingView(NamedTuple):
    """A listing as the API shows it: with its seller card and the badge as of now.
    A named tuple: a search page makes 24 of them, at half a frozen dataclass's cost."""

    listing: Listing
    seller: SellerCard | None
    badge: ListingBadge | None


async def listing_views(uow: UnitOfWork, clock: Clock, listings: list[Listing]
                        ) -> list[ListingView]:
    """Attach sellers (one query) and badges; call inside an open unit of work."""
    sellers = await uow.listings.sellers({item.seller_id for item in listings})
    listed_after = clock.now() - JUST_LISTED  # (Listing.badge's cutoff, once for the page)
    return [ListingView(item, sellers.get(item.seller_id), item.badge_listed_after(listed_after))
            for item in listings]


async def existing_listing(uow: UnitOfWork, listing_id: int) -> Listing:
    """The listing, or :class:`NotFound` ("Product not found"); inside an open unit of work."""
    listing = await uow.listings.get(listing_id)
    if listing is None:
        raise NotFound(PRODUCT_NOT_FOUND)
    return listing
