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
        return [saved_address_out(saved) for saved in await addresses.mine(current_user)]

    @post("/", status_code=HTTP_201_CREATED)
    async def save(self, data: AddressIn, current_user: User, addresses: AddressService
                   ) -> SavedAddressOut:
        return saved_address_out(await addresses.save(current_user, data.form(),
                                                      data.is_default))


class UserReviewController(Controller):
    path = "/api/users"
    tags = ["orders"]

    @get("/{user_id:int}/reviews", **public())
    async def about(self, user_id: int, reviews: ReviewService) -> list[ProfileReviewOut]:
        return [profile_review_out(view) for view in await reviews.about(user_id)]
