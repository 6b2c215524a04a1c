"""Blog use cases: list (keyset pages), read, write, edit and delete posts.

Drafts never leak: a draft someone else wrote reads as "not found", in lists, by id and by
slug, and cannot be edited or deleted by guessing its id (administrators excepted for delete).
"""

from __future__ import annotations

from dataclasses import replace

from application.ports import Clock, UnitOfWork
from application.ports.blog import AuthoredPost, BlogQuery
from application.shared.paging import After, Page, page_of, page_request
from domain.accounts import User
from domain.blog import BlogAuthor, BlogContent, BlogPost
from domain.errors import Conflict, NotAuthenticated, NotFound, require_valid
from domain.slugs import MAX_SLUG_LENGTH

MAX_SLUG_NUMBER = 1000
POST_NOT_FOUND = "Blog post not found"
SLUG_TAKEN = "That slug is already in use"
LOGIN_TO_PUBLISH = "You must be logged in to publish a blog post."
LOGIN_TO_EDIT = "You must be logged in to edit a blog post."
LOGIN_TO_DELETE = "You must be logged in to delete a blog post."


BlogPage = Page[AuthoredPost]


def author_of(user: User) -> BlogAuthor:
    assert user.id is not None
    return BlogAuthor(user.id, user.username, user.display_name, user.avatar_url)


def _id(found: AuthoredPost) -> int:
    assert found.post.id is not None
    return found.post.id


def _numbered(slug: str, number: int) -> str:
    suffix = f"-{number}"
    return slug[: MAX_SLUG_LENGTH - len(suffix)].rstrip("-") + suffix


class BlogService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def list_posts(self, viewer: User | None, *, include_unpublished: bool = False,
                         limit: int | None = None, cursor: str | None = None) -> BlogPage:
        """Published posts, newest first; ``include_unpublished`` adds the viewer's drafts."""
        drafts_of = viewer.id if include_unpublished and viewer is not None else None
        return await self._page(BlogQuery(drafts_of=drafts_of), limit, cursor)

    async def list_user_posts(self, user_id: int, viewer: User | None, *,
                              include_unpublished: bool = False, limit: int | None = None,
                              cursor: str | None = None) -> BlogPage:
        """One author's published posts; their drafts too when they ask for their own."""
        async with self.uow:
            if await self.uow.users.get(user_id) is None:
                raise NotFound("User not found")
        own = viewer is not None and viewer.id == user_id
        query = BlogQuery(author_id=user_id, drafts_of=user_id if own and include_unpublished
                          else None)
        return await self._page(query, limit, cursor)

    async def get(self, post_id: int, viewer: User | None) -> AuthoredPost:
        async with self.uow:
            return self._visible(await self.uow.blogs.get(post_id), viewer)

    async def get_by_slug(self, slug: str, viewer: User | None) -> AuthoredPost:
        async with self.uow:
            return self._visible(await self.uow.blogs.get_by_slug(slug), viewer)

    async def create(self, author: User | None, content: BlogContent) -> AuthoredPost:
        if author is None or author.id is None:
            raise NotAuthenticated(LOGIN_TO_PUBLISH)
        content = content.cleaned()
        require_valid(content.errors())
        async with self.uow:
            post = await self._add_with_free_slug(author.id, content)
            await self.uow.commit()
        return AuthoredPost(post, author_of(author))

    async def update(self, post_id: int, editor: User | None,
                     content: BlogContent) -> AuthoredPost:
        """Replace a post's text; an empty slug keeps the current one (links stay valid)."""
        if editor is None or editor.id is None:
            raise NotAuthenticated(LOGIN_TO_EDIT)
        async with self.uow:
            found = self._visible(await self.uow.blogs.get(post_id), editor)
            post = found.post
            post.ensure_can_edit(editor.id)
            if not content.slug.strip():
                content = replace(content, slug=post.slug)
            content = content.cleaned()
            require_valid(content.errors())
            if await self.uow.blogs.slug_taken(content.slug, except_id=post.id):
                raise Conflict(SLUG_TAKEN)
            post.revise(editor.id, content, self.clock.now())
            await self.uow.blogs.save(post)
            await self.uow.commit()
        return AuthoredPost(post, found.author)

    async def delete(self, post_id: int, actor: User | None) -> None:
        if actor is None or actor.id is None:
            raise NotAuthenticated(LOGIN_TO_DELETE)
        async with self.uow:
            found = await self.uow.blogs.get(post_id)
            if found is None or not (found.post.can_view(actor.id) or actor.is_admin):
                raise NotFound(POST_NOT_FOUND)
            found.post.ensure_can_delete(actor.id, is_admin=actor.is_admin)
            await self.uow.blogs.delete(post_id)
            await self.uow.commit()

    async def _page(self, query: BlogQuery, limit: int | None, cursor: str | None) -> BlogPage:
        request = page_request(limit, cursor)
        async with self.uow:
            rows = await self.uow.blogs.page(query, request.fetch, request.after)
        return page_of(rows, request, lambda found: After(found.post.created_at, _id(found)))

    @staticmethod
    def _visible(found: AuthoredPost | None, viewer: User | None) -> AuthoredPost:
        if found is None or not found.post.can_view(viewer.id if viewer else None):
            raise NotFound(POST_NOT_FOUND)
        return found

    async def _add_with_free_slug(self, author_id: int, content: BlogContent) -> BlogPost:
        """A chosen slug must be free (409); a slug made from the title gets -2, -3... instead.

        The check and the insert are two steps, so a parallel post can take the slug in
        between: the repository then refuses the insert (its unique index, inside a
        savepoint) and the next number is tried, so a race ends in a suffix, not a 409.
        """
        now = self.clock.now()
        if not content.slug_from_title:
            if await self.uow.blogs.slug_taken(content.slug):
                raise Conflict(SLUG_TAKEN)
            return await self.uow.blogs.add(BlogPost.write(author_id, content, now))
        for number in range(1, MAX_SLUG_NUMBER):
            slug = content.slug if number == 1 else _numbered(content.slug, number)
            if await self.uow.blogs.slug_taken(slug):
                continue
            try:
                return await self.uow.blogs.add(
                    BlogPost.write(author_id, replace(content, slug=slug), now))
            except Conflict:
                continue  # taken between our check and our insert: try the next number
        raise Conflict(SLUG_TAKEN)
