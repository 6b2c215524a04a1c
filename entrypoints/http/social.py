"""Follows over HTTP (spec §7): follow, unfollow, follower and following lists."""

from __future__ import annotations

from datetime import datetime

from litestar import Controller, Response, delete, get, post
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED, HTTP_204_NO_CONTENT

from application.social import SocialService
from domain.accounts import User
from entrypoints.http.accounts import UserOut, user_out
from entrypoints.http.guards import MAX_ID
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct


@describe(required=["followingId"], fields={
    "followerId": {"minimum": 1, "maximum": MAX_ID},
    "followingId": {"minimum": 1, "maximum": MAX_ID}})
class FollowIn(CamelStruct):
    follower_id: int | None = None
    following_id: int | None = None


class FollowOut(CamelStruct):
    follower_id: int
    following_id: int
    created_at: datetime


class SocialController(Controller):
    path = "/api"
    tags = ["social"]

    @post("/follows", status_code=HTTP_201_CREATED)
    async def follow(self, data: FollowIn, current_user: User,
                     social: SocialService) -> Response[FollowOut]:
        follow, created = await social.follow(current_user, data.follower_id, data.following_id)
        body = FollowOut(follower_id=follow.follower_id, following_id=follow.following_id,
                         created_at=follow.created_at)
        return Response(body, status_code=HTTP_201_CREATED if created else HTTP_200_OK)

    @delete("/follows", status_code=HTTP_204_NO_CONTENT)
    async def unfollow(self, data: FollowIn, current_user: User, social: SocialService) -> None:
        await social.unfollow(current_user, data.follower_id, data.following_id)

    @get("/users/{user_id:int}/followers")
    async def followers(self, user_id: int, viewer: User | None,
                        social: SocialService) -> list[UserOut]:
        return [user_out(user, viewer) for user in await social.followers(user_id)]

    @get("/users/{user_id:int}/following")
    async def following(self, user_id: int, viewer: User | None,
                        social: SocialService) -> list[UserOut]:
        return [user_out(user, viewer) for user in await social.following(user_id)]
