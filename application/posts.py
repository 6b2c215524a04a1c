"""Style feed use cases: publish and delete posts, read the feed, comment, like and save.

Pages are newest first (comments oldest first) behind an opaque cursor naming the last
(created_at, id) seen. A user id sent in a body (likes, saves) must be the session's user.

Size: feed, comments, likes and saves are the use cases of one aggregate and share its
visibility rules (_visible, post_shown, _existing: hidden posts, blocked people); each public
method is a few lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from application.blocks import ensure_can_interact, hidden_people
from application.catalog_views import ListingView, listing_views
from application.media import PhotoInput, store_one_image
from application.notifications import notify_social
from application.ports import Clock, UnitOfWork
from application.ports.media import MediaStore
from application.ports.posts import PostCounts, PostFilter, ReactionRepository
from application.shared.abuse import AbuseLimits, Act, take
from application.shared.paging import After, Page, PageRequest, page_limit, page_of, page_request
from domain.accounts import User
from domain.errors import Forbidden, NotFound, ValidationError
from domain.moderation import HiddenKind, HideCause
from domain.posts import (
    Comment,
    PostDraft,
    StylePost,
    comment_text,
    normalise_hashtag,
    validate_draft,
)

COMMENT_PAGE = 50
TRENDING_DAYS = 28
POST_NOT_FOUND = "Post not found"


@dataclass(frozen=True)
class PostView:
    post: StylePost
    author: User
    products: list[ListingView]
    counts: PostCounts
    liked: bool
    saved: bool
    following_author: bool


@dataclass(frozen=True)
class CommentView:
    comment: Comment
    author: User
    # Hidden by a moderator (issue 37): shown only to its author and administrators, who
    # are told so; everyone else (the post's author included) no longer sees it.
    hidden: bool = False


PostPage = Page[PostView]
CommentPage = Page[CommentView]


@dataclass(frozen=True)
class PostDetail:
    view: PostView
    comments: CommentPage
    # Hidden (issue 37): only its author and administrators get it, and are told so, with
    # the moderator's reason when one was given and the cause (an administrator may restore
    # a moderator's hiding; a suspension's ends with the suspension).
    hidden: bool = False
    hidden_reason: str | None = None
    hidden_cause: HideCause | None = None


@dataclass(frozen=True)
class FeedRequest:
    cursor: str | None = None
    limit: int | None = None
    following: bool = False
    hashtag: str | None = None


def _position(item: StylePost | Comment) -> After:
    return After(item.created_at, item.id or 0)


def _require(user_id: int | None, actor: User) -> None:
    if user_id is not None and user_id != actor.id:
        raise Forbidden("You can only do that as yourself.")


def _post_id(post_id: int | None) -> int:
    if post_id is None:
        raise ValidationError({"postId": "postId is required"})
    return post_id


class PostService:
    def __init__(self, uow: UnitOfWork, clock: Clock, media: MediaStore,
                 abuse: AbuseLimits | None = None) -> None:
        self.uow = uow
        self.clock = clock
        self.media = media
        self.abuse = abuse

    # -- publishing --------------------------------------------------------------------

    async def create(self, author: User, draft: PostDraft, image: PhotoInput | None
                     ) -> PostView:
        assert author.id is not None
        content, hashtags = validate_draft(draft)
        if not image:
            raise ValidationError({"image": "An image is required"})
        async with self.uow:
            await self._taggable(draft)
        stored = await store_one_image(self.media, image, "image")
        post = StylePost(user_id=author.id, image_url=stored.url,
                         thumbnail_url=stored.thumbnail_url, content=content,
                         created_at=self.clock.now(), hashtags=tuple(hashtags),
                         tags=tuple(draft.tags))
        async with self.uow:
            await self._taggable(draft)
            await self.uow.posts.add(post)
            await self.uow.commit()
            return (await self._views([post], author))[0]

    async def _taggable(self, draft: PostDraft) -> None:
        ids = [tag.product_id for tag in draft.tags]
        found = await self.uow.listings.get_many(ids)
        missing = [pid for pid in ids if pid not in found]
        if missing:
            raise ValidationError({"taggedProductIds": f"Item {missing[0]} does not exist"})

    async def delete(self, actor: User, post_id: int) -> None:
        assert actor.id is not None
        async with self.uow:
            post = await self._existing(post_id, actor)  # its author sees it hidden too
            if not post.can_be_deleted_by(actor.id, actor.is_admin):
                raise Forbidden("You can only delete your own posts.")
            await self.uow.posts.delete(post_id)
            await self.uow.commit()

    # -- reading -----------------------------------------------------------------------

    async def feed(self, viewer: User | None, request: FeedRequest) -> PostPage:
        hashtag = None
        if request.hashtag:
            hashtag = normalise_hashtag(request.hashtag)
            if hashtag is None:
                raise ValidationError({"hashtag": "Invalid hashtag"})
        following = None
        if request.following:
            if viewer is None:
                return Page([], None)
            following = viewer.id
        return await self._page(PostFilter(followed_by=following, hashtag=hashtag),
                                viewer, request.cursor, request.limit)

    async def by_author(self, user_id: int, viewer: User | None, cursor: str | None,
                        limit: int | None) -> PostPage:
        async with self.uow:
            await self._existing_user(user_id)
        return await self._page(PostFilter(author_id=user_id), viewer, cursor, limit)

    async def saved(self, user_id: int, viewer: User, cursor: str | None, limit: int | None
                    ) -> PostPage:
        if viewer.id != user_id and not viewer.is_admin:
            raise Forbidden("Saved posts are private.")
        return await self._page(PostFilter(saved_by=user_id), viewer, cursor, limit)

    async def tagging(self, product_id: int, viewer: User | None, limit: int | None = None
                      ) -> list[PostView]:
        async with self.uow:
            if await self.uow.listings.get(product_id) is None:
                raise NotFound("Product not found")
        return (await self._page(PostFilter(product_id=product_id), viewer, None, limit)).items

    async def trending(self, viewer: User | None, limit: int | None = None) -> list[PostView]:
        since = self.clock.now() - timedelta(days=TRENDING_DAYS)
        async with self.uow:
            posts = await self.uow.posts.trending(since, page_limit(limit or 3))
            return await self._views(posts, viewer)

    async def get(self, post_id: int, viewer: User | None) -> PostDetail:
        async with self.uow:
            post = await self._existing(post_id, viewer)
            view = (await self._views([post], viewer))[0]
            comments = await self._comments(post_id, PageRequest(COMMENT_PAGE), viewer)
            # Whether and why it is hidden: told to the two who may open a hidden post.
            hiding = (await self.uow.hidden.hiding(HiddenKind.POST, post_id)
                      if _insider(post, viewer) else None)
        if hiding is None:
            return PostDetail(view, comments)
        return PostDetail(view, comments, True, hiding.reason, hiding.cause)

    async def _page(self, query: PostFilter, viewer: User | None, cursor: str | None,
                    limit: int | None) -> PostPage:
        request = page_request(limit, cursor)
        async with self.uow:
            posts = await self.uow.posts.list(query, request.after, request.fetch)
            page = page_of(posts, request, _position)
            return Page(await self._views(page.items, viewer), page.next_cursor)

    async def _views(self, posts: list[StylePost], viewer: User | None) -> list[PostView]:
        posts = await self._visible(posts, viewer)
        ids = [post.id for post in posts if post.id is not None]
        authors = await self.uow.users.get_many({post.user_id for post in posts})
        product_ids = list({tag.product_id for post in posts for tag in post.tags})
        listings = await self.uow.listings.get_many(product_ids)
        views = {v.listing.id: v for v in await listing_views(self.uow, self.clock,
                                                               list(listings.values()))}
        counts = await self.uow.posts.counts(ids)
        liked = saved = followed = set()
        if viewer is not None and viewer.id is not None:
            liked = await self.uow.likes.of_user(viewer.id, ids)
            saved = await self.uow.saves.of_user(viewer.id, ids)
            followed = {a for a in authors if a != viewer.id
                        and await self.uow.follows.exists(viewer.id, a)}
        return [PostView(post, authors[post.user_id],
                         [views[t.product_id] for t in post.tags if t.product_id in views],
                         counts.get(post.id or 0, PostCounts()), post.id in liked,
                         post.id in saved, post.user_id in followed) for post in posts]

    async def _visible(self, posts: list[StylePost], viewer: User | None) -> list[StylePost]:
        """Leave out hidden posts and blocked members' posts (issue 37); a page may come
        out shorter than asked, its cursor still names the last post read."""
        if viewer is not None and viewer.is_admin:
            return posts
        blocked = await hidden_people(self.uow, viewer)
        hidden = await self.uow.hidden.causes(HiddenKind.POST,
                                              [p.id for p in posts if p.id is not None])
        me = viewer.id if viewer is not None else None
        return [p for p in posts if p.user_id == me
                or (p.user_id not in blocked and p.id not in hidden)]

    # -- comments ----------------------------------------------------------------------

    async def comments(self, post_id: int, cursor: str | None, limit: int | None,
                       viewer: User | None = None) -> CommentPage:
        async with self.uow:
            await self._existing(post_id, viewer)
            return await self._comments(post_id, page_request(limit or COMMENT_PAGE, cursor),
                                        viewer)

    async def _comments(self, post_id: int, request: PageRequest,
                        viewer: User | None = None) -> CommentPage:
        found = await self.uow.comments.list(post_id, request.after, request.fetch)
        page = page_of(found, request, _position)
        shown = page.items
        hidden = await self.uow.hidden.causes(
            HiddenKind.COMMENT, [c.id for c in shown if c.id is not None])
        if viewer is None or not viewer.is_admin:
            blocked = await hidden_people(self.uow, viewer)
            me = viewer.id if viewer is not None else None
            shown = [c for c in shown if c.user_id == me
                     or (c.user_id not in blocked and c.id not in hidden)]
        authors = await self.uow.users.get_many({c.user_id for c in shown})
        return Page([CommentView(c, authors[c.user_id], c.id in hidden) for c in shown],
                    page.next_cursor)

    async def comment(self, author: User, post_id: int, content: str | None) -> CommentView:
        assert author.id is not None
        text = comment_text(content)
        await take(self.abuse, Act.COMMENT, author.id)
        async with self.uow:
            post = await self._existing(post_id, author)
            await ensure_can_interact(self.uow, author.id, post.user_id)
            comment = await self.uow.comments.add(Comment(post_id, author.id, text,
                                                          self.clock.now()))
            await notify_social(self.uow, user_id=post.user_id, kind="post_commented",
                                actor=author, body=f"“{text}”",
                                link=f"/post/{post_id}", now=comment.created_at)
            await self.uow.commit()
        return CommentView(comment, author)

    async def delete_comment(self, actor: User, comment_id: int) -> None:
        assert actor.id is not None
        async with self.uow:
            comment = await self.uow.comments.get(comment_id)
            if comment is None:
                raise NotFound("Comment not found")
            # Not _existing: a comment's author takes their words back even from a post
            # hidden since, or whose author blocked them since; who may delete is the rule.
            post = await self.uow.posts.get(comment.post_id)
            if post is None:
                raise NotFound("Comment not found")
            if not (comment.can_be_deleted_by(actor.id, post.user_id) or actor.is_admin):
                raise Forbidden("You can only delete your own comments or comments on "
                                "your posts.")
            await self.uow.comments.delete(comment_id)
            await self.uow.commit()

    # -- likes and saves ---------------------------------------------------------------

    async def like(self, actor: User, post_id: int | None, user_id: int | None,
                   on: bool) -> PostCounts:
        return await self._react("likes", actor, post_id, user_id, on)

    async def save(self, actor: User, post_id: int | None, user_id: int | None,
                   on: bool) -> PostCounts:
        return await self._react("saves", actor, post_id, user_id, on)

    async def _react(self, kind: str, actor: User,
                     post_id: int | None, user_id: int | None, on: bool) -> PostCounts:
        assert actor.id is not None
        _require(user_id, actor)
        post_id = _post_id(post_id)
        async with self.uow:
            reactions: ReactionRepository = getattr(self.uow, kind)
            # As for a comment: a post the actor cannot see (hidden, or its author and the
            # actor blocked one another) is 404, and a block refuses the reaction.
            post = await self._existing(post_id, actor)
            await ensure_can_interact(self.uow, actor.id, post.user_id)
            now = self.clock.now()
            changed = (await reactions.add(post_id, actor.id, now) if on
                       else await reactions.remove(post_id, actor.id))
            if changed and on and kind == "likes":  # a save is private: no news
                await notify_social(
                    self.uow, user_id=post.user_id, kind="post_liked", actor=actor,
                    body=_look_line(post.content), link=f"/post/{post_id}", now=now)
            if changed:
                await self.uow.commit()
            counts = (await self.uow.posts.counts([post_id]))[post_id]
        return counts

    async def _existing(self, post_id: int, viewer: User | None = None) -> StylePost:
        """The post, or 404; a hidden post (issue 37) only for its author and
        administrators, and a blocked member's post not for ``viewer``."""
        post = await self.uow.posts.get(post_id)
        if post is None or not await post_shown(self.uow, post, viewer):
            raise NotFound(POST_NOT_FOUND)
        return post

    async def _existing_user(self, user_id: int) -> User:
        user = await self.uow.users.get(user_id)
        if user is None:
            raise NotFound("User not found")
        return user


async def post_shown(uow: UnitOfWork, post: StylePost, viewer: User | None) -> bool:
    """Whether ``viewer`` may open the post's page: its author and administrators always; no
    one else while a moderator hides it, nor someone its author blocked or who blocked them
    (inside an open unit of work)."""
    if _insider(post, viewer):
        return True
    if post.user_id in await hidden_people(uow, viewer):
        return False
    return await uow.hidden.hiding(HiddenKind.POST, post.id or 0) is None


def _insider(post: StylePost, viewer: User | None) -> bool:
    """Its author or an administrator: who may open the post even when it is hidden."""
    return viewer is not None and (viewer.is_admin or viewer.id == post.user_id)


def _look_line(content: str) -> str:
    """The look's caption as the like notice's body (or a plain line without one)."""
    caption = " ".join(content.split())
    return f"“{caption}”" if caption else "See your look."
