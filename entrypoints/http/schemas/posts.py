"""The request and response Structs of ``entrypoints/http/posts.py``: posts, comments, likes,
saves."""

from __future__ import annotations

from datetime import datetime

import msgspec

from domain.moderation import HideCause
from domain.posts import MAX_CONTENT, MAX_HASHTAGS, MAX_TAGGED_PRODUCTS
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct
from entrypoints.http.schemas.users import UserOut


class TagPositionIn(CamelStruct):
    product_id: int
    x: float
    y: float


@describe(required=["image"], fields={
    "content": {"maxLength": MAX_CONTENT},
    "image": {"description": "The photo as a data:image/... base64 URL"},
    "hashtags": {"maxItems": MAX_HASHTAGS},
    "taggedProductIds": {"maxItems": MAX_TAGGED_PRODUCTS},
    "tagPositions": {"maxItems": MAX_TAGGED_PRODUCTS,
                     "description": "Hotspots: x and y are fractions 0..1 of the photo"}})
class PostIn(CamelStruct):
    content: str = ""
    image: str | None = None
    hashtags: list[str] = msgspec.field(default_factory=list)
    tagged_product_ids: list[int] = msgspec.field(default_factory=list)
    tag_positions: list[TagPositionIn] = msgspec.field(default_factory=list)


class CommentIn(CamelStruct):
    content: str | None = None


class ReactionIn(CamelStruct):
    post_id: int | None = None
    user_id: int | None = None


class HashtagOut(CamelStruct):
    name: str


class TaggedProductOut(CamelStruct):
    id: int
    title: str
    price: str
    brand: str
    size: str
    category: str
    status: str
    image_url: str | None
    thumbnail_url: str | None
    # The cover's 160 px copy, for the 40 px chips under a post.
    small_url: str | None
    x: float | None
    y: float | None


class PostOut(CamelStruct):
    id: int
    user_id: int
    image_url: str
    thumbnail_url: str
    # The photo's 900 px copy (a phone-wide card), when the media store wrote the photo.
    medium_url: str | None
    content: str
    created_at: datetime
    user: UserOut
    hashtags: list[HashtagOut]
    tagged_products: list[TaggedProductOut]
    like_count: int
    save_count: int
    comment_count: int
    liked: bool
    saved: bool
    is_following_author: bool


class PostPageOut(CamelStruct):
    items: list[PostOut]
    next_cursor: str | None


class CommentOut(CamelStruct):
    id: int
    post_id: int
    user_id: int
    content: str
    created_at: datetime
    user: UserOut
    # Hidden by a moderator: only its author and administrators still see it (issue 37).
    hidden: bool = False


class CommentPageOut(CamelStruct):
    items: list[CommentOut]
    next_cursor: str | None


@describe(fields={"hiddenCause": {"enum": [cause.value for cause in HideCause]}})
class PostDetailOut(PostOut, kw_only=True):
    comments: list[CommentOut]
    comments_next_cursor: str | None
    # Hidden: only its author and administrators get it (everyone else: 404), with
    # ``hidden: true``, the moderator's reason, if any, and the cause (``moderator``, or
    # ``suspension``: back with the end of its author's suspension) (issue 37).
    hidden: bool = False
    hidden_reason: str | None = None
    hidden_cause: str | None = None


class ReactionOut(CamelStruct):
    post_id: int
    like_count: int
    save_count: int
    comment_count: int
