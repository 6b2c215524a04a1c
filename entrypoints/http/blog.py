"""Blog over HTTP (spec §7): keyset-paged lists, read by id or slug, write, edit, delete."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, delete, get, post, put
from litestar.params import Parameter
from litestar.status_codes import HTTP_201_CREATED, HTTP_204_NO_CONTENT

from application.blog import BlogPage, BlogService
from application.ports.blog import AuthoredPost
from application.ports.media import MEDIUM_SIDE, variant_url
from domain.accounts import User
from entrypoints.http.caching import public
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.blog import (
    BlogIn,
    BlogOut,
    BlogPageOut,
    BlogUserOut,
)

IncludeUnpublished = Annotated[bool, Parameter(query="includeUnpublished")]


def blog_out(found: AuthoredPost) -> BlogOut:
    post, author = found.post, found.author
    assert post.id is not None
    return BlogOut(
        id=post.id, title=post.title, slug=post.slug, excerpt=post.excerpt, content=post.content,
        image_url=post.image_url, image_medium_url=variant_url(post.image_url, MEDIUM_SIDE),
        published=post.published, created_at=post.created_at,
        updated_at=post.updated_at, user_id=post.user_id,
        user=BlogUserOut(id=author.id, username=author.username,
                         display_name=author.display_name, avatar_url=author.avatar_url),
    )


def page_out(page: BlogPage) -> BlogPageOut:
    return BlogPageOut(items=[blog_out(item) for item in page.items],
                       next_cursor=page.next_cursor)


class BlogController(Controller):
    path = "/api"
    tags = ["blog"]

    @get("/blogs", **public())
    async def list_blogs(self, viewer: User | None, blogs: BlogService,
                         include_unpublished: IncludeUnpublished = False,
                         limit: Limit = None, cursor: Cursor = None) -> BlogPageOut:
        """List blog posts.

        Public. Published posts, newest first, a page at a time (`limit`, and `cursor` from
        the previous page's `nextCursor`). With `includeUnpublished=true` a signed-in
        author's own drafts come too.
        """
        return page_out(await blogs.list_posts(
            viewer, include_unpublished=include_unpublished, limit=limit, cursor=cursor))

    @get("/users/{user_id:int}/blogs", **public())
    async def user_blogs(self, user_id: int, viewer: User | None, blogs: BlogService,
                         include_unpublished: IncludeUnpublished = False,
                         limit: Limit = None, cursor: Cursor = None) -> BlogPageOut:
        """List an author's blog posts.

        Public. One member's published posts, newest first, paged like `GET /api/blogs`;
        their drafts too when they ask for their own with `includeUnpublished=true`. 404 for
        an unknown member.
        """
        return page_out(await blogs.list_user_posts(
            user_id, viewer, include_unpublished=include_unpublished, limit=limit,
            cursor=cursor))

    @get("/blogs/slug/{slug:str}", **public())
    async def blog_by_slug(self, slug: str, viewer: User | None, blogs: BlogService) -> BlogOut:
        """Read a blog post by its slug.

        Public. A published post, or the caller's own draft; 404 for any other slug (a draft
        of someone else's included).
        """
        return blog_out(await blogs.get_by_slug(slug, viewer))

    @get("/blogs/{post_id:int}", **public())
    async def blog(self, post_id: int, viewer: User | None, blogs: BlogService) -> BlogOut:
        """Read a blog post.

        Public. A published post, or the caller's own draft; 404 for any other id (a draft
        of someone else's included).
        """
        return blog_out(await blogs.get(post_id, viewer))

    @post("/blogs", status_code=HTTP_201_CREATED)
    async def create_blog(self, data: BlogIn, viewer: User | None,
                          blogs: BlogService) -> BlogOut:
        """Write a blog post.

        Signed-in members only (401 for visitors). A draft unless `published` is true.
        Without a `slug` one is made from the title (`-2`, `-3`... when taken); a chosen
        slug that is taken is a 409. 400 names each field to correct.
        """
        content = data.to_content(default_published=False)
        return blog_out(await blogs.create(viewer, content))

    @put("/blogs/{post_id:int}")
    async def update_blog(self, post_id: int, data: BlogIn, viewer: User | None,
                          blogs: BlogService) -> BlogOut:
        """Edit a blog post.

        The author only: 401 for visitors, 403 for anyone else (administrators included),
        404 for a draft the caller cannot see. Replaces the text; an empty `slug` keeps the
        current one (links stay valid), a taken one is a 409; `published` left out keeps the
        post as it is. 400 names each field to correct.
        """
        content = data.to_content(default_published=None)
        return blog_out(await blogs.update(post_id, viewer, content))

    @delete("/blogs/{post_id:int}", status_code=HTTP_204_NO_CONTENT)
    async def delete_blog(self, post_id: int, viewer: User | None, blogs: BlogService) -> None:
        """Delete a blog post.

        The author, or an administrator: 401 for visitors, 403 for other members, 404 for an
        unknown id or a draft the caller cannot see. 204 once it is gone.
        """
        await blogs.delete(post_id, viewer)
