"""Saved addresses (spec §7 ``POST /api/user-addresses``) and a user's published reviews."""

from __future__ import annotations

from litestar import Controller, get, post
from litestar.status_codes import HTTP_201_CREATED

from application.addresses import AddressService
from application.reviews import ReviewService
from domain.accounts import User
from entrypoints.http.caching import public
from entrypoints.http.schemas.orders import (
    AddressIn,
    ProfileReviewOut,
    SavedAddressOut,
    profile_review_out,
    saved_address_out,
)


class AddressController(Controller):
    path = "/api/user-addresses"
    tags = ["orders"]

    @get("/")
    async def mine(self, current_user: User, addresses: AddressService
                   ) -> list[SavedAddressOut]:
        """List my saved addresses.

        Signed-in members only (401 for visitors): the caller's saved shipping addresses,
        the default first.
        """
        return [saved_address_out(saved) for saved in await addresses.mine(current_user)]

    @post("/", status_code=HTTP_201_CREATED)
    async def save(self, data: AddressIn, current_user: User, addresses: AddressService
                   ) -> SavedAddressOut:
        """Save an address.

        Signed-in members only (401 for visitors). 201 with the saved address; `isDefault`
        makes it the default (the first one always is); saving an address already kept
        returns it. 400 names each field to correct; 409 past 20 addresses.
        """
        return saved_address_out(await addresses.save(current_user, data.form(),
                                                      data.is_default))


class UserReviewController(Controller):
    path = "/api/users"
    tags = ["orders"]

    @get("/{user_id:int}/reviews", **public())
    async def about(self, user_id: int, reviews: ReviewService) -> list[ProfileReviewOut]:
        """List the reviews of a member.

        Public. The published reviews about this member (up to 50, newest first), each with
        its reviewer and whether it was written as the buyer. 404 for an unknown member.
        """
        return [profile_review_out(view) for view in await reviews.about(user_id)]
