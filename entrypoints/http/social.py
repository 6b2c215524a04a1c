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
        """Read a member's profile.

        Public. The member's public fields with follower, following, listing and post
        counts; for a signed-in reader, whether they follow and whether they blocked this
        member (counts of listings and posts are 0 between members who blocked each other);
        for an administrator, the member's suspension. 404 for an unknown id.
        """
        return profile_out(await social.profile(user_id, viewer), viewer)

    @get("/users/by-username/{username:str}", **public())
    async def user_by_username(self, username: str, viewer: User | None,
                               social: SocialService) -> ProfileOut:
        """Read a member's profile by username.

        Public. The same profile as `GET /api/users/{user_id}`, found by username in any
        case (the webapp's `/profile/maya`). 404 for an unknown name, and for anything that
        is not a username (an email address finds no one).
        """
        return profile_out(await social.profile_by_username(username, viewer), viewer)

    @post("/follows", status_code=HTTP_201_CREATED, opt={"errors": {429}})
    async def follow(self, data: FollowIn, current_user: User,
                     social: SocialService) -> Response[FollowOut]:
        """Follow a member.

        Signed-in members only (401 for visitors), in their own name: `followerId` must be
        the caller (403 otherwise). 201 when the follow is new (the member is notified), 200
        when it existed. 400 without both ids or for following oneself; 403 between members
        who blocked each other; 404 for an unknown or closed account; 429 after too many
        follows in a short time.
        """
        follow, created = await social.follow(current_user, data.follower_id, data.following_id)
        body = FollowOut(follower_id=follow.follower_id, following_id=follow.following_id,
                         created_at=follow.created_at)
        return Response(body, status_code=HTTP_201_CREATED if created else HTTP_200_OK)

    @delete("/follows", status_code=HTTP_204_NO_CONTENT)
    async def unfollow(self, data: FollowIn, current_user: User, social: SocialService) -> None:
        """Unfollow a member.

        Signed-in members only (401 for visitors), in their own name: `followerId` must be
        the caller (403 otherwise). 204 whether or not the follow existed; 400 without both
        ids.
        """
        await social.unfollow(current_user, data.follower_id, data.following_id)

    @get("/users/{user_id:int}/followers", **public())
    async def followers(self, user_id: int, viewer: User | None,
                        social: SocialService) -> list[UserOut]:
        """List a member's followers.

        Public. The members who follow this one (up to 500), as public profiles. 404 for an
        unknown id.
        """
        return [user_out(user, viewer) for user in await social.followers(user_id)]

    @get("/users/{user_id:int}/following", **public())
    async def following(self, user_id: int, viewer: User | None,
                        social: SocialService) -> list[UserOut]:
        """List whom a member follows.

        Public. The members this one follows (up to 500), as public profiles. 404 for an
        unknown id.
        """
        return [user_out(user, viewer) for user in await social.following(user_id)]
