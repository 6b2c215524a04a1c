"""The request and response Structs of ``entrypoints/http/blog.py``: blog pages, one post, the write
and edit bodies."""

from __future__ import annotations

from datetime import datetime

from domain.blog import BlogContent
from domain.slugs import MAX_SLUG_LENGTH
from domain.validation.content import (
    BLOG_CONTENT_MAX,
    BLOG_CONTENT_MIN,
    EXCERPT_MAX,
    IMAGE_URL_MAX,
)
from domain.validation.listings import TITLE_MAX, TITLE_MIN
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct


@describe(required=["title", "content"], fields={
    "title": {"minLength": TITLE_MIN, "maxLength": TITLE_MAX},
    "content": {"minLength": BLOG_CONTENT_MIN, "maxLength": BLOG_CONTENT_MAX},
    "slug": {"maxLength": MAX_SLUG_LENGTH, "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
    "excerpt": {"maxLength": EXCERPT_MAX},
    "imageUrl": {"maxLength": IMAGE_URL_MAX}})
class BlogIn(CamelStruct):
    """Missing text fields default to "" so they get the spec's messages (400), not a 500."""

    title: str = ""
    content: str = ""
    slug: str | None = None
    excerpt: str | None = None
    image_url: str | None = None
    published: bool | None = None

    def to_content(self, *, default_published: bool | None) -> BlogContent:
        published = default_published if self.published is None else self.published
        return BlogContent(title=self.title, content=self.content, slug=self.slug or "",
                           excerpt=self.excerpt, image_url=self.image_url, published=published)


class BlogUserOut(CamelStruct):
    id: int
    username: str
    display_name: str
    avatar_url: str | None


class BlogOut(CamelStruct):
    id: int
    title: str
    slug: str
    excerpt: str | None
    content: str
    image_url: str | None
    # The cover's 900 px copy when the media store wrote it (None for an external URL).
    image_medium_url: str | None
    published: bool
    created_at: datetime
    updated_at: datetime
    user_id: int
    user: BlogUserOut


class BlogPageOut(CamelStruct):
    items: list[BlogOut]
    next_cursor: str | None
