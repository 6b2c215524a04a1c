"""Ports of the blog area: posts with their authors, read newest first in keyset pages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from application.shared.paging import After
from domain.blog import BlogAuthor, BlogPost


@dataclass(frozen=True)
class BlogQuery:
    """Which posts a list shows: published ones, plus the drafts of ``drafts_of``."""

    author_id: int | None = None
    drafts_of: int | None = None


@dataclass(frozen=True)
class AuthoredPost:
    post: BlogPost
    author: BlogAuthor


class BlogRepository(Protocol):
    async def add(self, post: BlogPost) -> BlogPost: ...
    async def get(self, post_id: int) -> AuthoredPost | None: ...
    async def get_by_slug(self, slug: str) -> AuthoredPost | None: ...
    async def slug_taken(self, slug: str, *, except_id: int | None = None) -> bool: ...
    async def save(self, post: BlogPost) -> None: ...
    async def delete(self, post_id: int) -> None: ...
    async def page(self, query: BlogQuery, limit: int,
                   after: After | None = None) -> list[AuthoredPost]:
        """Up to ``limit`` posts, newest first (created_at, then id), strictly after
        ``after`` (whose value is a created_at)."""

