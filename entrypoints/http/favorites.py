"""Favorites (the watch list) over HTTP, spec §7: list, check, add, remove (login required)."""

from __future__ import annotations

from litestar import Controller, Response, delete, get, post
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED, HTTP_204_NO_CONTENT

from application.favorites import FavoriteService
from application.ports.favorites import Favorite
from domain.accounts import User
from entrypoints.http.schemas.favorites import (
    FavoriteCheckOut,
    FavoriteIn,
    FavoriteOut,
    WatchedOut,
)
from entrypoints.http.schemas.products import product_out


def favorite_out(favorite: Favorite) -> FavoriteOut:
    return FavoriteOut(id=favorite.id, product_id=favorite.product_id,
                       created_at=favorite.created_at)


class FavoriteController(Controller):
    path = "/api/favorites"
    tags = ["favorites"]

    @get("/")
    async def watch_list(self, current_user: User, favorites: FavoriteService
                         ) -> list[WatchedOut]:
        """List my watched listings.

        Signed-in members only (401 for visitors). The caller's watch list, newest first (up
        to 500), each with its listing as a search card. Listings hidden by a moderator, or
        of members blocked either way, are left out while they are (the watch itself is
        kept).
        """
        return [WatchedOut(id=v.favorite.id, product_id=v.favorite.product_id,
                           created_at=v.favorite.created_at, product=product_out(v.product))
                for v in await favorites.watch_list(current_user)]

    @get("/check/{product_id:int}")
    async def check(self, product_id: int, current_user: User,
                    favorites: FavoriteService) -> FavoriteCheckOut:
        """Check whether I watch a listing.

        Signed-in members only (401 for visitors): `isFavorited` for the caller and this
        listing id (false for an unknown id).
        """
        return FavoriteCheckOut(is_favorited=await favorites.is_favorited(current_user,
                                                                          product_id))

    @post("/", status_code=HTTP_201_CREATED)
    async def add(self, data: FavoriteIn, current_user: User,
                  favorites: FavoriteService) -> Response[FavoriteOut]:
        """Watch a listing.

        Signed-in members only (401 for visitors). 201 when the listing joins the caller's
        watch list, 200 when it was already there. 400 without a `productId`; 403 for the
        caller's own listing; 404 for an unknown or hidden listing.
        """
        favorite, created = await favorites.add(current_user, data.required_id())
        return Response(favorite_out(favorite),
                        status_code=HTTP_201_CREATED if created else HTTP_200_OK)

    @delete("/", status_code=HTTP_204_NO_CONTENT)
    async def remove_by_body(self, data: FavoriteIn, current_user: User,
                             favorites: FavoriteService) -> None:
        """Stop watching a listing (id in the body).

        Signed-in members only (401 for visitors). Removes the `productId` from the caller's
        own watch list; 204 whether or not it was there; 400 without a `productId`.
        """
        await favorites.remove(current_user, data.required_id())

    @delete("/{product_id:int}", status_code=HTTP_204_NO_CONTENT)
    async def remove(self, product_id: int, current_user: User,
                     favorites: FavoriteService) -> None:
        """Stop watching a listing.

        Signed-in members only (401 for visitors). Removes the listing from the caller's own
        watch list; 204 whether or not it was there.
        """
        await favorites.remove(current_user, product_id)
