"""Blog: posts with their authors (read from the users fake), newest first in pages."""

from __future__ import annotations

from dataclasses import replace

from application.ports.blog import AuthoredPost, BlogQuery
from application.shared.paging import After, is_after
from domain.blog import BlogAuthor, BlogPost
from tests.fakes.accounts import FakeUsers


class FakeBlogs:
    def __init__(self, users: FakeUsers) -> None:
        self.rows: dict[int, BlogPost] = {}
        self.users = users

    def _authored(self, post: BlogPost) -> AuthoredPost:
        user = self.users.rows[post.user_id]
        assert user.id is not None
        author = BlogAuthor(user.id, user.username, user.display_name, user.avatar_url)
        return AuthoredPost(replace(post), author)

    async def add(self, post: BlogPost) -> BlogPost:
        post.id = max(self.rows, default=0) + 1
        self.rows[post.id] = replace(post)
        return post

    async def get(self, post_id: int) -> AuthoredPost | None:
        post = self.rows.get(post_id)
        return None if post is None else self._authored(post)

    async def get_by_slug(self, slug: str) -> AuthoredPost | None:
        return next((self._authored(p) for p in self.rows.values() if p.slug == slug), None)

    async def slug_taken(self, slug: str, *, except_id: int | None = None) -> bool:
        return any(p.slug == slug and p.id != except_id for p in self.rows.values())

    async def save(self, post: BlogPost) -> None:
        assert post.id is not None
        self.rows[post.id] = replace(post)

    async def delete(self, post_id: int) -> None:
        self.rows.pop(post_id, None)

    async def page(self, query: BlogQuery, limit: int,
                   after: After | None = None) -> list[AuthoredPost]:
        def shown(p: BlogPost) -> bool:
            visible = p.published or p.user_id == query.drafts_of
            return visible and query.author_id in (None, p.user_id) and is_after(
                p.created_at, p.id or 0, after)

        posts = sorted((p for p in self.rows.values() if shown(p)),
                       key=lambda p: (p.created_at, p.id), reverse=True)
        return [self._authored(p) for p in posts[:limit]]
