"""Social use cases: follows, follower lists, profile counts and editing one's own profile.

DESIGN §3: the follower id sent in a body must be the session's user (403 otherwise); a user
cannot follow themself (400); following twice or unfollowing a stranger changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from application.blocks import blocked_by, ensure_can_interact
from application.media import PhotoInput, store_one_image
from application.notifications import notify_social
from application.ports import Clock, UnitOfWork
from application.ports.media import MediaStore
from application.ports.social import Follow
from application.shared.abuse import AbuseLimits, Act, take
from domain.accounts import User
from domain.errors import Forbidden, NotFound, ValidationError
from domain.moderation import Suspension
from domain.social import ProfileChanges, validate_profile
from domain.validation.accounts import username_error

MAX_LISTED = 500
USER_NOT_FOUND = "User not found"


@dataclass(frozen=True)
class Profile:
    """A public profile with its counts (spec §2 Profile)."""

    user: User
    follower_count: int
    following_count: int
    listing_count: int
    is_following: bool
    post_count: int = 0
    # Whether the viewer blocked this member (false for visitors and for oneself).
    blocked_by_you: bool = False
    # The member's suspension, for an administrator viewing (None otherwise, or none).
    suspension: Suspension | None = None


def _require_ids(follower_id: int | None, following_id: int | None) -> tuple[int, int]:
    errors = {}
    if follower_id is None:
        errors["followerId"] = "followerId is required"
    if following_id is None:
        errors["followingId"] = "followingId is required"
    if errors:
        raise ValidationError(errors)
    assert follower_id is not None and following_id is not None
    return follower_id, following_id


def _check_actor(actor: User, follower_id: int) -> None:
    if actor.id != follower_id:
        raise Forbidden("You can only follow or unfollow as yourself.")


class SocialService:
    def __init__(self, uow: UnitOfWork, clock: Clock, abuse: AbuseLimits | None = None
                 ) -> None:
        self.uow = uow
        self.clock = clock
        self.abuse = abuse

    async def follow(self, actor: User, follower_id: int | None, following_id: int | None
                     ) -> tuple[Follow, bool]:
        """The follow and whether this call created it."""
        follower_id, following_id = _require_ids(follower_id, following_id)
        _check_actor(actor, follower_id)
        if follower_id == following_id:
            raise ValidationError({"followingId": "You cannot follow yourself"})
        await take(self.abuse, Act.FOLLOW, follower_id)
        async with self.uow:
            if (await self._existing_user(following_id)).is_closed:
                raise NotFound(USER_NOT_FOUND)  # a "Deleted member" is followed by nobody
            await ensure_can_interact(self.uow, follower_id, following_id)
            now = self.clock.now()
            follow, created = await self.uow.follows.add(follower_id, following_id, now)
            if created:  # the bell's social news (issue 36), grouped while unread
                await notify_social(self.uow, user_id=following_id, kind="new_follower",
                                    actor=actor, body="See who follows you on your profile.",
                                    link=f"/profile/{following_id}", now=now)
            await self.uow.commit()
        return follow, created

    async def unfollow(self, actor: User, follower_id: int | None, following_id: int | None
                       ) -> None:
        follower_id, following_id = _require_ids(follower_id, following_id)
        _check_actor(actor, follower_id)
        async with self.uow:
            if await self.uow.follows.remove(follower_id, following_id):
                await self.uow.commit()

    async def followers(self, user_id: int) -> list[User]:
        async with self.uow:
            await self._existing_user(user_id)
            return await self.uow.follows.followers(user_id, MAX_LISTED)

    async def following(self, user_id: int) -> list[User]:
        async with self.uow:
            await self._existing_user(user_id)
            return await self.uow.follows.following(user_id, MAX_LISTED)

    async def profile(self, user_id: int, viewer: User | None) -> Profile:
        """The user with follower, following and (available) listing counts, whether
        the viewer follows them and blocked them (always false for visitors and for
        oneself), and, for an administrator, their suspension. The listing and post counts
        are what the viewer is shown: 0 when either of the two blocked the other (the shop
        leaves those listings out for everyone, the posts for all but administrators)."""
        async with self.uow:
            user = await self._existing_user(user_id)
            seer = viewer.id if viewer is not None and viewer.id != user_id else None
            is_following = seer is not None and await self.uow.follows.exists(seer, user_id)
            by_you = seer is not None and await blocked_by(self.uow, seer, user_id)
            apart = by_you or (seer is not None and await self.uow.blocks.between(seer, user_id))
            admin = viewer is not None and viewer.is_admin
            suspension = await self.uow.suspensions.get(user_id) if admin else None
            return Profile(
                user=user,
                follower_count=await self.uow.follows.count_followers(user_id),
                following_count=await self.uow.follows.count_following(user_id),
                listing_count=0 if apart else await self.uow.listings.count_by_seller(
                    user_id, include_unavailable=False),
                is_following=is_following,
                post_count=(0 if apart and not admin
                            else await self.uow.posts.count_by_author(user_id)),
                blocked_by_you=by_you, suspension=suspension,
            )

    async def profile_by_username(self, username: str, viewer: User | None) -> Profile:
        """:meth:`profile` of the member with this username, in any case (the webapp's
        ``/profile/maya`` finds the id this way). Only a username finds a member, never an
        email address: anything that is not a valid username is a 404 at once."""
        if username_error(username) is not None:
            raise NotFound(USER_NOT_FOUND)
        async with self.uow:
            user = await self.uow.users.get_by_login(username)
        if user is None or user.id is None:
            raise NotFound(USER_NOT_FOUND)
        return await self.profile(user.id, viewer)

    async def _existing_user(self, user_id: int) -> User:
        user = await self.uow.users.get(user_id)
        if user is None:
            raise NotFound(USER_NOT_FOUND)
        return user


class ProfileEditor:
    """``PATCH /api/user``: a member edits their own display name, bio, height, Instagram
    handle and photo. The photo goes through the listing image pipeline; the avatar is its
    400 px thumbnail. An empty ``avatar`` removes the photo."""

    def __init__(self, uow: UnitOfWork, media: MediaStore) -> None:
        self.uow = uow
        self.media = media

    async def update(self, actor: User, changes: ProfileChanges, avatar: PhotoInput | None
                     ) -> User:
        assert actor.id is not None
        clean = validate_profile(changes)
        avatar_url = actor.avatar_url
        if avatar is not None:
            avatar_url = (None if avatar == "" else
                          (await store_one_image(self.media, avatar, "avatar")).thumbnail_url)
        async with self.uow:
            user = await self.uow.users.get(actor.id)
            if user is None:
                raise NotFound(USER_NOT_FOUND)
            if clean.display_name is not None:
                user.display_name = clean.display_name
            if clean.bio is not None:
                user.bio = clean.bio or None
            if clean.height is not None:
                user.height = clean.height or None
            if clean.instagram_handle is not None:
                user.instagram_handle = clean.instagram_handle or None
            if avatar is not None:
                user.avatar_url = avatar_url
            await self.uow.users.save(user)
            await self.uow.commit()
        return user
