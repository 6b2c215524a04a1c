"""The style feed over HTTP: posts, comments, likes, saves, tagged and trending posts.

``POST /api/posts`` takes JSON with the image as a data URL, or ``multipart/form-data`` with
the image as a file part named ``image`` (``hashtags`` and ``taggedProductIds`` repeated,
``tagPositions`` as JSON text); either way the listing photo pipeline stores it. Its body
limit fits one 10 MB photo as base64.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, delete, get, post
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED, HTTP_204_NO_CONTENT

from application.media import MAX_IMAGE_BYTES, PhotoInput
from application.ports.media import MEDIUM_SIDE, SMALL_SIDE, variant_url
from application.ports.posts import PostCounts
from application.posts import (
    CommentPage,
    CommentView,
    FeedRequest,
    PostPage,
    PostService,
    PostView,
)
from domain.accounts import User
from domain.errors import ValidationError
from domain.money import format_amount
from domain.posts import MAX_HASHTAGS, MAX_TAGGED_PRODUCTS, PostDraft, ProductTag
from entrypoints.http.bodies import (
    convert,
    decode_json,
    form_files,
    is_multipart,
    read_body,
    read_form,
    too_large_upload,
)
from entrypoints.http.caching import public
from entrypoints.http.guards import MAX_ID, TOO_LARGE
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.posts import (
    CommentIn,
    CommentOut,
    CommentPageOut,
    HashtagOut,
    PostDetailOut,
    PostIn,
    PostOut,
    PostPageOut,
    ReactionIn,
    ReactionOut,
    TaggedProductOut,
    TagPositionIn,
)
from entrypoints.http.schemas.users import user_out

MAX_POST_BODY = MAX_IMAGE_BYTES * 4 // 3 + 256 * 1024
POST_TOO_LARGE = too_large_upload(1)


def _tagged(view: PostView) -> list[TaggedProductOut]:
    positions = {tag.product_id: tag for tag in view.post.tags}
    out = []
    for item in view.products:
        listing = item.listing
        assert listing.id is not None
        tag = positions[listing.id]
        cover = listing.images[0] if listing.images else None
        out.append(TaggedProductOut(
            id=listing.id, title=listing.title, price=format_amount(listing.price),
            brand=listing.brand, size=listing.size.value,
            category=listing.category.value, status=listing.status.value,
            image_url=cover.url if cover else None,
            thumbnail_url=cover.thumbnail_url if cover else None,
            small_url=variant_url(cover.url, SMALL_SIDE) if cover else None, x=tag.x, y=tag.y))
    return out


def post_out(view: PostView, viewer: User | None) -> PostOut:
    post = view.post
    assert post.id is not None
    return PostOut(
        id=post.id, user_id=post.user_id, image_url=post.image_url,
        thumbnail_url=post.thumbnail_url, medium_url=variant_url(post.image_url, MEDIUM_SIDE),
        content=post.content, created_at=post.created_at,
        user=user_out(view.author, viewer), hashtags=[HashtagOut(n) for n in post.hashtags],
        tagged_products=_tagged(view), like_count=view.counts.likes,
        save_count=view.counts.saves, comment_count=view.counts.comments, liked=view.liked,
        saved=view.saved, is_following_author=view.following_author)


def comment_out(view: CommentView, viewer: User | None) -> CommentOut:
    c = view.comment
    assert c.id is not None
    return CommentOut(id=c.id, post_id=c.post_id, user_id=c.user_id, content=c.content,
                      created_at=c.created_at, user=user_out(view.author, viewer),
                      hidden=view.hidden)


def _page(page: PostPage, viewer: User | None) -> PostPageOut:
    return PostPageOut([post_out(v, viewer) for v in page.items], page.next_cursor)


def _comments(page: CommentPage, viewer: User | None) -> CommentPageOut:
    return CommentPageOut([comment_out(c, viewer) for c in page.items], page.next_cursor)


def _reaction(post_id: int | None, counts: PostCounts) -> ReactionOut:
    return ReactionOut(post_id=post_id or 0, like_count=counts.likes,
                       save_count=counts.saves, comment_count=counts.comments)


# The multipart form of PostIn: repeated fields for the lists, the hotspots as JSON text.
POST_FORM_FIELDS: dict[str, dict[str, Any]] = {
    "hashtags": {"type": "array", "items": {"type": "string"}, "maxItems": MAX_HASHTAGS},
    "taggedProductIds": {"type": "array", "maxItems": MAX_TAGGED_PRODUCTS,
                         "items": {"type": "integer", "minimum": 1, "maximum": MAX_ID}},
    "tagPositions": {"type": "string",
                     "description": 'JSON: [{"productId": 1, "x": 0.3, "y": 0.7}]'},
}


async def read_post(request: Request[Any, Any, Any]) -> tuple[PostIn, PhotoInput | None]:
    """The post and its image from JSON (a data URL) or multipart (a file part)."""
    if not is_multipart(request):
        data = decode_json(await read_body(request), PostIn)
        return data, data.image
    form = await read_form(request)
    images = await form_files(form, "image")
    if len(images) > 1:
        raise ValidationError({"image": "Choose one photo for a post."})
    positions = form.get("tagPositions")
    fields: dict[str, Any] = {
        "content": str(form.get("content") or ""),
        "hashtags": [str(v) for v in form.getall("hashtags")] if "hashtags" in form else [],
        "taggedProductIds": [str(v) for v in form.getall("taggedProductIds")]
        if "taggedProductIds" in form else [],
        "tagPositions": decode_json(str(positions).encode(), list[TagPositionIn])
        if isinstance(positions, str) and positions.strip() else [],
    }
    data = convert({k: v for k, v in fields.items() if k != "tagPositions"}, PostIn)
    data.tag_positions = fields["tagPositions"]
    return data, images[0] if images else None


def _draft(data: PostIn) -> PostDraft:
    unknown = [pid for pid in data.tagged_product_ids if not 1 <= pid <= MAX_ID]
    if unknown:
        raise ValidationError({"taggedProductIds": f"Item {unknown[0]} does not exist"})
    positions = {p.product_id: p for p in data.tag_positions}
    if set(positions) - set(data.tagged_product_ids):
        raise ValidationError({"tagPositions": "A tag position must name a tagged item"})
    tags = [ProductTag(pid, positions[pid].x if pid in positions else None,
                       positions[pid].y if pid in positions else None)
            for pid in data.tagged_product_ids]
    return PostDraft(data.content, list(data.hashtags), tags)


Following = Annotated[bool, Parameter(query="following")]


class PostController(Controller):
    path = "/api"
    tags = ["posts"]

    @get("/posts", **public())
    async def feed(self, viewer: User | None, posts: PostService, following: Following = False,
                   hashtag: str | None = None, cursor: Cursor = None,
                   limit: Limit = None) -> PostPageOut:
        """Read the style feed.

        Public. Style posts, newest first, a page at a time (`limit`, and `cursor` from the
        previous page's `nextCursor`). `following=true` keeps to members the caller follows
        (empty for visitors); `hashtag` keeps to one hashtag (400 for one that is not a
        hashtag). Hidden posts and posts of members blocked either way are left out (a page
        may come out shorter than asked).
        """
        page = await posts.feed(viewer, FeedRequest(cursor, limit, following, hashtag))
        return _page(page, viewer)

    @get("/posts/trending", **public())
    async def trending(self, viewer: User | None, posts: PostService,
                       limit: int | None = None) -> list[PostOut]:
        """List trending style posts.

        Public. The most liked posts of the last 28 days (3 unless `limit` says otherwise),
        hidden and blocked members' posts left out.
        """
        return [post_out(v, viewer) for v in await posts.trending(viewer, limit)]

    @post("/posts", status_code=HTTP_201_CREATED, request_max_body_size=MAX_POST_BODY,
          opt={"body": PostIn, "form": PostIn, "files": {"image": 1},
               "form_fields": POST_FORM_FIELDS, TOO_LARGE: POST_TOO_LARGE})
    async def create(self, request: Request[Any, Any, Any], current_user: User,
                     posts: PostService) -> PostOut:
        """Publish a style post.

        Signed-in members only (401 for visitors). JSON with the photo as a data URL, or
        `multipart/form-data` with it as a file; a caption, hashtags, and up to five tagged
        listings with their positions on the photo. 201 with the post. 400 names each field
        to correct (no photo, a photo that is not an image, a tagged listing that does not
        exist); 413 for a photo over the size limit.
        """
        data, image = await read_post(request)
        view = await posts.create(current_user, _draft(data), image)
        return post_out(view, current_user)

    @get("/posts/{post_id:int}", **public())
    async def detail(self, post_id: int, viewer: User | None, posts: PostService
                     ) -> PostDetailOut:
        """Read a style post.

        Public. The post with its first comments (`commentsNextCursor` for more). A post
        hidden by a moderator answers 404 to everyone but its author and administrators, who
        get it with `hidden: true`, the moderator's reason (`hiddenReason`) and the cause
        (`hiddenCause`); so does a post whose author and the caller blocked one another. 404
        for an unknown id.
        """
        found = await posts.get(post_id, viewer)
        base = post_out(found.view, viewer)
        return PostDetailOut(**msgspec.structs.asdict(base),
                             comments=[comment_out(c, viewer) for c in found.comments.items],
                             comments_next_cursor=found.comments.next_cursor,
                             hidden=found.hidden, hidden_reason=found.hidden_reason,
                             hidden_cause=None if found.hidden_cause is None
                             else found.hidden_cause.value)

    @delete("/posts/{post_id:int}", status_code=HTTP_204_NO_CONTENT)
    async def remove(self, post_id: int, current_user: User, posts: PostService) -> None:
        """Delete a style post.

        Its author or an administrator: 401 for visitors, 403 for other members, 404 for an
        unknown id or a post the caller cannot see. 204 once it is gone.
        """
        await posts.delete(current_user, post_id)

    @get("/posts/{post_id:int}/comments", **public())
    async def comments(self, post_id: int, viewer: User | None, posts: PostService,
                       cursor: Cursor = None, limit: Limit = None) -> CommentPageOut:
        """List a style post's comments.

        Public. Oldest first, a page at a time (`limit`, `cursor`). Comments hidden by a
        moderator, and those of members blocked either way, are left out (their own author
        still sees them). 404 for an unknown post or one the caller cannot see.
        """
        return _comments(await posts.comments(post_id, cursor, limit, viewer), viewer)

    @post("/posts/{post_id:int}/comments", status_code=HTTP_201_CREATED, opt={"errors": {429}})
    async def comment(self, post_id: int, data: CommentIn, current_user: User,
                      posts: PostService) -> CommentOut:
        """Comment on a style post.

        Signed-in members only (401 for visitors). 201 with the comment; the post's author
        is notified. 400 for an empty or over-long comment; 403 between the caller and the
        post's author when one blocked the other; 404 for an unknown post or one the caller
        cannot see; 429 after too many comments in a short time.
        """
        return comment_out(await posts.comment(current_user, post_id, data.content),
                           current_user)

    @delete("/comments/{comment_id:int}", status_code=HTTP_204_NO_CONTENT)
    async def remove_comment(self, comment_id: int, current_user: User,
                             posts: PostService) -> None:
        """Delete a comment.

        The comment's author, the post's author, or an administrator: 401 for visitors, 403
        for other members, 404 for an unknown comment. 204 once it is gone.
        """
        await posts.delete_comment(current_user, comment_id)

    @get("/users/{user_id:int}/posts", **public())
    async def by_author(self, user_id: int, viewer: User | None, posts: PostService,
                        cursor: Cursor = None, limit: Limit = None) -> PostPageOut:
        """List a member's style posts.

        Public. One member's posts, newest first, a page at a time (`limit`, `cursor`);
        hidden posts only for their author and administrators. 404 for an unknown member.
        """
        return _page(await posts.by_author(user_id, viewer, cursor, limit), viewer)

    @get("/users/{user_id:int}/saved-posts")
    async def saved(self, user_id: int, current_user: User, posts: PostService,
                    cursor: Cursor = None, limit: Limit = None) -> PostPageOut:
        """List a member's saved style posts.

        The member themself or an administrator: 401 for visitors, 403 for anyone else
        (saved posts are private). Newest first, a page at a time (`limit`, `cursor`).
        """
        return _page(await posts.saved(user_id, current_user, cursor, limit), current_user)

    @get("/products/{product_id:int}/tagged-posts", **public())
    async def tagged(self, product_id: int, viewer: User | None, posts: PostService
                     ) -> list[PostOut]:
        """List the style posts that tag a listing.

        Public. Posts tagging this listing, newest first; hidden posts and blocked members'
        posts left out. 404 for an unknown listing.
        """
        return [post_out(v, viewer) for v in await posts.tagging(product_id, viewer)]

    @post("/likes", status_code=HTTP_200_OK)
    async def like(self, data: ReactionIn, current_user: User, posts: PostService
                   ) -> ReactionOut:
        """Like a style post.

        Signed-in members only (401 for visitors), in their own name: `userId` must be the
        caller (403 otherwise). 200 with the post's like and save counts; liking twice
        changes nothing; the post's author is notified. 400 without a `postId`; 403 between
        members who blocked each other; 404 for an unknown post or one the caller cannot
        see.
        """
        counts = await posts.like(current_user, data.post_id, data.user_id, True)
        return _reaction(data.post_id, counts)

    @delete("/likes", status_code=HTTP_200_OK)
    async def unlike(self, data: ReactionIn, current_user: User, posts: PostService
                     ) -> ReactionOut:
        """Take back a like.

        Signed-in members only (401 for visitors), in their own name: `userId` must be the
        caller (403 otherwise). 200 with the post's like and save counts, whether or not it
        was liked. 400 without a `postId`; 403 between members who blocked each other; 404
        for an unknown post or one the caller cannot see.
        """
        counts = await posts.like(current_user, data.post_id, data.user_id, False)
        return _reaction(data.post_id, counts)

    @post("/saves", status_code=HTTP_200_OK)
    async def save(self, data: ReactionIn, current_user: User, posts: PostService
                   ) -> ReactionOut:
        """Save a style post.

        Signed-in members only (401 for visitors), in their own name: `userId` must be the
        caller (403 otherwise). 200 with the post's like and save counts; saves are private
        (nobody is notified). 400 without a `postId`; 403 between members who blocked each
        other; 404 for an unknown post or one the caller cannot see.
        """
        counts = await posts.save(current_user, data.post_id, data.user_id, True)
        return _reaction(data.post_id, counts)

    @delete("/saves", status_code=HTTP_200_OK)
    async def unsave(self, data: ReactionIn, current_user: User, posts: PostService
                     ) -> ReactionOut:
        """Take back a save.

        Signed-in members only (401 for visitors), in their own name: `userId` must be the
        caller (403 otherwise). 200 with the post's like and save counts, whether or not it
        was saved. 400 without a `postId`; 403 between members who blocked each other; 404
        for an unknown post or one the caller cannot see.
        """
        counts = await posts.save(current_user, data.post_id, data.user_id, False)
        return _reaction(data.post_id, counts)
