"""Listings as the API shows them, for every area that shows one (catalog, favorites,
offers, orders...): the listing with its seller card and its badge as of now."""

from __future__ import annotations

from typing import NamedTuple

from application.ports import Clock, UnitOfWork
from application.ports.catalog import SellerCard
from domain.catalog import ListingBadge
from domain.errors import NotFound
from domain.listings import JUST_LISTED, Listing, ListingRights
from domain.moderation import HideCause
from domain.vacation import Vacation

PRODUCT_NOT_FOUND = "Product not found"


class ListingView(NamedTuple):
    """A listing as the API shows it: with its seller card, the badge and the seller's
    vacation as of now (``away``: None unless it is on).
    A named tuple: a search page makes 24 of them, at half a frozen dataclass's cost."""

    listing: Listing
    seller: SellerCard | None
    badge: ListingBadge | None
    away: Vacation | None = None
    # Why it is hidden (a moderator, with their reason, or its seller's suspension): read
    # only for the answers a hidden listing's seller and administrators alone get (its page
    # and the seller's edit, ``CatalogService``).
    hidden_reason: str | None = None
    hidden_cause: HideCause | None = None
    # Its seller has closed their account (read with the two above, for a hidden listing):
    # closing took it down for good, so it is never restored (``ensure_restorable``).
    seller_closed: bool = False
    # The signed-in reader blocked its seller (one way, ``blocks.blocked_by``): read only
    # for a product page's answer, so its page can say so before any action is refused.
    blocked_by_you: bool = False
    # What its seller may do with it now (edit, delete, and why not): read only for the
    # answers its seller alone gets (its page, their create and edit), by :func:`with_rights`.
    rights: ListingRights | None = None


async def listing_views(uow: UnitOfWork, clock: Clock, listings: list[Listing]
                        ) -> list[ListingView]:
    """Attach sellers (one query) and badges; call inside an open unit of work."""
    sellers = await uow.listings.sellers({item.seller_id for item in listings})
    return views_of(listings, sellers, clock)


def views_of(listings: list[Listing], sellers: dict[int, SellerCard], clock: Clock
             ) -> list[ListingView]:
    """The listings with their sellers' cards (as read), their badges and their sellers'
    vacations as of now (read with the cards: no query of its own)."""
    now = clock.now()
    listed_after = now - JUST_LISTED
    away = {seller_id: card.vacation for seller_id, card in sellers.items()
            if card.vacation is not None and card.vacation.is_on(now)}
    return [ListingView(item, sellers.get(item.seller_id), item.badge_listed_after(listed_after),
                        away.get(item.seller_id))
            for item in listings]


class UnitOfWorkReads:
    """:class:`ListingReads` through a unit of work's repositories: what an adapter without
    a read path of its own (the in-memory fakes) offers."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow

    async def with_sellers(self, listing_ids: list[int]
                           ) -> tuple[dict[int, Listing], dict[int, SellerCard]]:
        async with self.uow:
            listed = await self.uow.listings.get_many(listing_ids)
            sellers = await self.uow.listings.sellers({item.seller_id
                                                       for item in listed.values()})
        return listed, sellers


async def with_rights(uow: UnitOfWork, view: ListingView) -> ListingView:
    """Its seller's view with what they may do now (``Listing.rights``: the rule the edit
    and the delete apply), inside an open unit of work."""
    listing = view.listing
    assert listing.id is not None
    ordered = await uow.orders.names_product(listing.id)
    return view._replace(rights=listing.rights(listing.seller_id, is_admin=False,
                                               ordered=ordered))


async def existing_listing(uow: UnitOfWork, listing_id: int) -> Listing:
    """The listing, or :class:`NotFound` ("Product not found"); inside an open unit of work."""
    listing = await uow.listings.get(listing_id)
    if listing is None:
        raise NotFound(PRODUCT_NOT_FOUND)
    return listing
