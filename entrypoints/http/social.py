"""Social over HTTP (spec §7): public profiles, follow, unfollow, follower and following
lists."""

from __future__ import annotations

import msgspec
from litestar import Controller, Response, delete, get, post
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED, HTTP_204_NO_CONTENT
from msgspec import UNSET, UnsetType

from application.social import Profile, SocialService
from domain.accounts import User
from entrypoints.http.caching import public
from entrypoints.http.schemas.moderation import SuspensionOut, suspension_out
from entrypoints.http.schemas.social import (
    FollowIn,
    FollowOut,
    ProfileOut,
)
from entrypoints.http.schemas.users import UserOut, user_out


def _suspension(profile: Profile, viewer: User | None) -> SuspensionOut | UnsetType | None:
    """An administrator's view of the member's suspension (null: none); others: absent."""
    if viewer is None or not viewer.is_admin:
        return UNSET
    return None if profile.suspension is None else suspension_out(profile.suspension)


def profile_out(profile: Profile, viewer: User | None) -> ProfileOut:
    return ProfileOut(**msgspec.structs.asdict(user_out(profile.user, viewer)),
                      follower_count=profile.follower_count,
                      following_count=profile.following_count,
                      listing_count=profile.listing_count,
                      is_following=profile.is_following,
                      post_count=profile.post_count,
                      blocked_by_you=UNSET if viewer is None else profile.blocked_by_you,
                      suspension=_suspension(profile, viewer))


class SocialController(Controller):
    path = "/api"
    tags = ["social"]

    @get("/users/{user_id:int}", **public())
    async def user(self, user_id: int, viewer: User | None, social: SocialService) -> ProfileOut:
        return profile_out(await social.profile(user_id, viewer), viewer)

    @get("/users/by-username/{username:str}", **public())
    async def user_by_username(self, username: str, viewer: User | None,
                               social: SocialService) -> ProfileOut:
        """The same profile found by username, in any case (``/profile/maya`` in the
        webapp resolves to the member's id this way); 404 for an unknown name, and for
        anything that is not a username (an email address finds no one)."""
        return profile_out(await social.profile_by_username(username, viewer), viewer)

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

    @get("/users/{user_id:int}/followers", **public())
    async def followers(self, user_id: int, viewer: User | None,
                        social: SocialService) -> list[UserOut]:
        return [user_out(user, viewer) for user in await social.followers(user_id)]

    @get("/users/{user_id:int}/following", **public())
    async def following(self, user_id: int, viewer: User | None,
                        social: SocialService) -> list[UserOut]:
        return [user_out(user, viewer) for user in await social.following(user_id)]
