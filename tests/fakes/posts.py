"""In-memory style posts, comments, likes and saves: the fakes of application/ports/posts.py."""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any

from application.ports.posts import PostCounts, PostFilter
from application.shared.paging import After, is_after
from domain.posts import Comment, StylePost


def _key(item: StylePost | Comment) -> tuple[datetime, int]:
    return item.created_at, item.id or 0


class FakeReactions:
    def __init__(self) -> None:
        self.rows: dict[tuple[int, int], datetime] = {}

    async def add(self, post_id: int, user_id: int, now: datetime) -> bool:
        created = (post_id, user_id) not in self.rows
        self.rows.setdefault((post_id, user_id), now)
        return created

    async def remove(self, post_id: int, user_id: int) -> bool:
        return self.rows.pop((post_id, user_id), None) is not None

    async def of_user(self, user_id: int, post_ids: list[int]) -> set[int]:
        return {p for p, u in self.rows if u == user_id and p in post_ids}

    async def add_many(self, rows: list[tuple[int, int, datetime]]) -> None:
        for post_id, user_id, at in rows:
            await self.add(post_id, user_id, at)


class FakeComments:
    def __init__(self) -> None:
        self.rows: dict[int, Comment] = {}

    async def add(self, comment: Comment) -> Comment:
        comment.id = max(self.rows, default=0) + 1
        self.rows[comment.id] = copy.deepcopy(comment)
        return comment

    async def add_many(self, comments: list[Comment]) -> None:
        for comment in comments:
            await self.add(comment)

    async def get(self, comment_id: int) -> Comment | None:
        return copy.deepcopy(self.rows.get(comment_id))

    async def delete(self, comment_id: int) -> None:
        self.rows.pop(comment_id, None)

    async def list(self, post_id: int, after: After | None, limit: int) -> list[Comment]:
        mine = sorted((c for c in self.rows.values() if c.post_id == post_id
                       and is_after(c.created_at, c.id or 0, after, descending=False)),
                      key=_key)
        return copy.deepcopy(mine[:limit])


class FakePosts:
    def __init__(self, uow: Any) -> None:
        """``uow`` is the fake unit of work, for follows, likes, saves and comments."""
        self.rows: dict[int, StylePost] = {}
        self.uow = uow

    async def add(self, post: StylePost) -> StylePost:
        post.id = max(self.rows, default=0) + 1
        self.rows[post.id] = copy.deepcopy(post)
        return post

    async def add_many(self, posts: list[StylePost]) -> list[int]:
        return [(await self.add(post)).id or 0 for post in posts]

    async def get(self, post_id: int) -> StylePost | None:
        return copy.deepcopy(self.rows.get(post_id))

    async def delete(self, post_id: int) -> None:
        self.rows.pop(post_id, None)
        for table in (self.uow.likes.rows, self.uow.saves.rows):
            for key in [k for k in table if k[0] == post_id]:
                del table[key]
        for key in [k for k, c in self.uow.comments.rows.items() if c.post_id == post_id]:
            del self.uow.comments.rows[key]

    def _passes(self, post: StylePost, query: PostFilter) -> bool:
        follows = self.uow.follows.rows
        return all([
            query.author_id is None or post.user_id == query.author_id,
            query.followed_by is None or (query.followed_by, post.user_id) in follows,
            query.hashtag is None or query.hashtag in post.hashtags,
            query.saved_by is None or (post.id, query.saved_by) in self.uow.saves.rows,
            query.product_id is None or any(t.product_id == query.product_id
                                            for t in post.tags),
        ])

    async def list(self, query: PostFilter, after: After | None, limit: int
                   ) -> list[StylePost]:
        found = sorted((p for p in self.rows.values() if self._passes(p, query)
                        and is_after(p.created_at, p.id or 0, after)), key=_key, reverse=True)
        return copy.deepcopy(found[:limit])

    async def trending(self, since: datetime, limit: int) -> list[StylePost]:
        likes = (await self.counts(list(self.rows)))
        recent = [p for p in self.rows.values() if p.created_at >= since]
        recent.sort(key=lambda p: (likes[p.id or 0].likes, *_key(p)), reverse=True)
        return copy.deepcopy(recent[:limit])

    async def counts(self, post_ids: list[int]) -> dict[int, PostCounts]:
        def count(table: Any, post_id: int) -> int:
            return sum(1 for key in table if key[0] == post_id)
        return {pid: PostCounts(
            likes=count(self.uow.likes.rows, pid), saves=count(self.uow.saves.rows, pid),
            comments=sum(c.post_id == pid for c in self.uow.comments.rows.values()))
            for pid in post_ids}

    async def count_by_author(self, user_id: int) -> int:
        return sum(p.user_id == user_id for p in self.rows.values())
