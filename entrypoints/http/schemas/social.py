"""The request and response Structs of ``entrypoints/http/social.py``: profiles and follows."""

from __future__ import annotations

from datetime import datetime

from msgspec import UNSET, UnsetType

from entrypoints.http.guards import MAX_ID
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct
from entrypoints.http.schemas.moderation import SuspensionOut
from entrypoints.http.schemas.users import UserOut


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


class ProfileOut(UserOut, kw_only=True):
    """A public profile: the user plus counts kept by the social area."""

    follower_count: int
    following_count: int
    listing_count: int
    is_following: bool
    post_count: int
    #: Signed-in viewers only (absent from a visitor's public, cacheable answer): the viewer
    #: blocked this member. Never says that the member blocked the viewer.
    blocked_by_you: bool | UnsetType = UNSET
    #: Administrators only: the member's suspension, or null.
    suspension: SuspensionOut | UnsetType | None = UNSET
