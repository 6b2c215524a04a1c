"""The watch list: favorite a listing, unfavorite it, check it, list favorites newest first.

Every call is idempotent: favoriting twice answers with the same favorite (the storage makes
that safe under concurrent requests), unfavoriting something not favorited is fine. The
listing's watch count (the "Most Watched" sort) changes in the same transaction; a seller
does not watch their own listing (403, ``Listing.ensure_watchable_by``).
"""

from __future__ import annotations

from dataclasses import dataclass

from application.blocks import hidden_people
from application.catalog_views import (
    PRODUCT_NOT_FOUND,
    ListingView,
    existing_listing,
    listing_views,
)
from application.ports import Clock, UnitOfWork
from application.ports.favorites import Favorite
from domain.accounts import User
from domain.errors import NotFound

MAX_FAVORITES_LISTED = 500


@dataclass(frozen=True)
class FavoriteView:
    favorite: Favorite
    product: ListingView


class FavoriteService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def add(self, user: User, product_id: int) -> tuple[Favorite, bool]:
        """The favorite and whether it was created by this call."""
        assert user.id is not None
        async with self.uow:
            listing = await existing_listing(self.uow, product_id)
            if not listing.visible_to(user.id, user.is_admin):  # hidden by a moderator
                raise NotFound(PRODUCT_NOT_FOUND)
            listing.ensure_watchable_by(user.id)
            favorite, created = await self.uow.favorites.add(user.id, product_id,
                                                             self.clock.now())
            await self.uow.commit()
        return favorite, created

    async def remove(self, user: User, product_id: int) -> None:
        assert user.id is not None
        async with self.uow:
            if await self.uow.favorites.remove(user.id, product_id):
                await self.uow.commit()

    async def is_favorited(self, user: User, product_id: int) -> bool:
        assert user.id is not None
        async with self.uow:
            return await self.uow.favorites.get(user.id, product_id) is not None

    async def watch_list(self, user: User) -> list[FavoriteView]:
        assert user.id is not None
        async with self.uow:
            favorites = await self.uow.favorites.list_for(user.id, MAX_FAVORITES_LISTED)
            listings = await self.uow.listings.get_many([f.product_id for f in favorites])
            # Issue 37: a listing a moderator hid, or one of a member blocked either way,
            # leaves the watch list as it leaves the shop (the favorite itself is kept).
            blocked = await hidden_people(self.uow, user)
            shown = [item for item in listings.values()
                     if item.visible_to(user.id, user.is_admin) and item.seller_id not in blocked]
            views = await listing_views(self.uow, self.clock, shown)
        by_id = {view.listing.id: view for view in views}
        return [FavoriteView(f, by_id[f.product_id]) for f in favorites if f.product_id in by_id]
