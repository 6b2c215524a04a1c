"""Ports of the style feed: posts (with hashtags and tagged listings), comments, likes, saves.

Likes and saves are rows with a unique (post, user) pair; counts are always counted from
those rows, never kept in a column, so they cannot drift.
"""

from __future__ import annotations

import builtins  # PostRepository has a method named list; annotations after it use builtins.list
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from application.shared.paging import After
from domain.posts import Comment, StylePost


@dataclass(frozen=True)
class PostFilter:
    author_id: int | None = None
    followed_by: int | None = None  # posts by people this user follows
    hashtag: str | None = None
    saved_by: int | None = None
    product_id: int | None = None


@dataclass(frozen=True)
class PostCounts:
    likes: int = 0
    saves: int = 0
    comments: int = 0


class PostRepository(Protocol):
    async def add(self, post: StylePost) -> StylePost: ...
    async def add_many(self, posts: list[StylePost]) -> list[int]:
        """Bulk insert (demo data); the new ids in order."""
    async def get(self, post_id: int) -> StylePost | None: ...
    async def delete(self, post_id: int) -> None: ...
    async def list(self, query: PostFilter, after: After | None, limit: int
                   ) -> list[StylePost]:
        """Newest first ((created_at, id) descending), strictly after ``after``
        (a position keyed by ``created_at``)."""
    async def trending(self, since: datetime, limit: int) -> builtins.list[StylePost]:
        """Posts made since ``since`` with the most likes (ties: newest first)."""
    async def counts(self, post_ids: builtins.list[int]) -> dict[int, PostCounts]: ...
    async def count_by_author(self, user_id: int) -> int: ...


class ReactionRepository(Protocol):
    """Likes or saves: one row per (post, user)."""

    async def add(self, post_id: int, user_id: int, now: datetime) -> bool:
        """Whether this call made the row; a repeated or concurrent add changes nothing."""
    async def remove(self, post_id: int, user_id: int) -> bool: ...
    async def of_user(self, user_id: int, post_ids: list[int]) -> set[int]:
        """Which of ``post_ids`` this user has reacted to."""
    async def add_many(self, rows: list[tuple[int, int, datetime]]) -> None: ...


class CommentRepository(Protocol):
    async def add(self, comment: Comment) -> Comment: ...
    async def add_many(self, comments: list[Comment]) -> None: ...
    async def get(self, comment_id: int) -> Comment | None: ...
    async def delete(self, comment_id: int) -> None: ...
    async def list(self, post_id: int, after: After | None, limit: int
                   ) -> list[Comment]:
        """Oldest first ((created_at, id) ascending), strictly after ``after``."""
