"""Style feed services with in-memory fakes: publish, feed pages, comments, likes, saves,
profile editing (application/posts.py, application/social.py)."""

from __future__ import annotations

import base64

import pytest

from application.posts import FeedRequest, PostService
from application.social import ProfileEditor
from domain.accounts import Role, User
from domain.errors import Forbidden, NotFound, ValidationError
from domain.listings import ListingDetails
from domain.posts import PostDraft, ProductTag
from domain.social import ProfileChanges
from entrypoints.container import Container
from tests.fakes import World

pytestmark = pytest.mark.unit

PNG = b"\x89PNG\r\n\x1a\n" + b"pixels"
IMAGE = "data:image/png;base64," + base64.b64encode(PNG).decode()
DETAILS = ListingDetails("Wool coat", "Warm and barely worn.", "80", "Zara", "m", "good",
                         "outerwear")


class Social:
    """The faked container's post, catalog, follow and profile services for one test."""

    def __init__(self, container: Container) -> None:
        self.base = World(container)
        self.uow, self.clock, self.media = self.base.uow, self.base.clock, self.base.media
        self.catalog, self.social = self.base.catalog, self.base.social
        self.posts: PostService = container.posts()
        self.profiles: ProfileEditor = container.profiles()

    async def user(self, name: str, role: Role = Role.USER) -> User:
        return await self.base.user(name, role)

    async def post(self, author: User, text: str = "Sunday fit #ootd", **kw: object) -> int:
        view = await self.posts.create(author, PostDraft(text, **kw), IMAGE)  # type: ignore
        self.clock.advance(minutes=1)
        assert view.post.id is not None
        return view.post.id


@pytest.fixture
def world(container: Container) -> Social:
    return Social(container)


async def test_publish_with_tags_and_hashtags(world: Social) -> None:
    maya = await world.user("maya")
    coat = (await world.catalog.create(maya, DETAILS, [IMAGE])).listing.id
    assert coat is not None
    view = await world.posts.create(maya, PostDraft("Layers #Autumn", ["vintage"],
                                                    [ProductTag(coat, 0.4, 0.6)]), IMAGE)
    assert view.post.hashtags == ("vintage", "autumn")
    assert [p.listing.id for p in view.products] == [coat]
    assert view.post.image_url.startswith("/media/products/")
    assert view.author.username == "maya" and view.counts.likes == 0
    tagged = await world.posts.tagging(coat, None)
    assert [v.post.id for v in tagged] == [view.post.id]


async def test_publish_refuses_missing_image_and_unknown_items(world: Social) -> None:
    maya = await world.user("maya")
    with pytest.raises(ValidationError) as error:
        await world.posts.create(maya, PostDraft("hi"), None)
    assert set(error.value.errors) == {"image"}
    with pytest.raises(ValidationError) as error:
        await world.posts.create(maya, PostDraft("hi", [], [ProductTag(99)]), IMAGE)
    assert set(error.value.errors) == {"taggedProductIds"}
    with pytest.raises(ValidationError) as error:
        await world.posts.create(maya, PostDraft("hi"), "data:image/png;base64,bm90")
    assert set(error.value.errors) == {"image"}
    assert world.media.saved == {}
    async with world.uow:
        assert await world.uow.posts.count_by_author(maya.id or 0) == 0


async def test_feed_pages_newest_first_following_and_hashtag(world: Social) -> None:
    maya, theo, sofia = [await world.user(n) for n in ("maya", "theo", "sofia")]
    ids = [await world.post(maya if i % 2 else theo, f"look {i} #{'red' if i < 3 else 'blue'}")
           for i in range(5)]
    first = await world.posts.feed(None, FeedRequest(limit=2))
    assert [v.post.id for v in first.items] == ids[::-1][:2] and first.next_cursor
    rest = await world.posts.feed(None, FeedRequest(limit=3, cursor=first.next_cursor))
    assert [v.post.id for v in rest.items] == ids[::-1][2:] and rest.next_cursor is None
    await world.social.follow(sofia, sofia.id, maya.id)
    following = await world.posts.feed(sofia, FeedRequest(following=True))
    assert {v.post.user_id for v in following.items} == {maya.id}
    assert all(v.following_author for v in following.items)
    assert (await world.posts.feed(None, FeedRequest(following=True))).items == []
    red = await world.posts.feed(None, FeedRequest(hashtag="#RED"))
    assert [v.post.id for v in red.items] == ids[:3][::-1]
    with pytest.raises(ValidationError):
        await world.posts.feed(None, FeedRequest(cursor="garbage!"))
    with pytest.raises(ValidationError):
        await world.posts.feed(None, FeedRequest(limit=0))


async def test_likes_and_saves_are_idempotent_and_only_as_yourself(world: Social) -> None:
    maya, theo = await world.user("maya"), await world.user("theo")
    post = await world.post(maya)
    assert (await world.posts.like(theo, post, theo.id, True)).likes == 1
    assert (await world.posts.like(theo, post, None, True)).likes == 1
    assert (await world.posts.save(theo, post, theo.id, True)).saves == 1
    with pytest.raises(Forbidden):
        await world.posts.like(theo, post, maya.id, True)
    with pytest.raises(NotFound):
        await world.posts.like(theo, 999, theo.id, True)
    with pytest.raises(ValidationError):
        await world.posts.save(theo, None, theo.id, True)
    detail = await world.posts.get(post, theo)
    assert detail.view.liked and detail.view.saved and detail.view.counts.likes == 1
    saved = await world.posts.saved(theo.id or 0, theo, None, None)
    assert [v.post.id for v in saved.items] == [post]
    with pytest.raises(Forbidden):
        await world.posts.saved(theo.id or 0, maya, None, None)
    assert (await world.posts.like(theo, post, theo.id, False)).likes == 0
    assert (await world.posts.like(theo, post, theo.id, False)).likes == 0
    assert not (await world.posts.get(post, theo)).view.liked


async def test_comments_newest_last_paged_and_who_deletes(world: Social) -> None:
    maya, theo, sofia = [await world.user(n) for n in ("maya", "theo", "sofia")]
    post = await world.post(maya)
    made = []
    for i in range(3):
        made.append(await world.posts.comment(theo, post, f"  nice {i} "))
        world.clock.advance(seconds=1)
    assert made[0].comment.content == "nice 0"
    page = await world.posts.comments(post, None, 2)
    assert [c.comment.content for c in page.items] == ["nice 0", "nice 1"]
    rest = await world.posts.comments(post, page.next_cursor, 2)
    assert [c.comment.content for c in rest.items] == ["nice 2"] and not rest.next_cursor
    with pytest.raises(ValidationError):
        await world.posts.comment(theo, post, " ")
    with pytest.raises(Forbidden):
        await world.posts.delete_comment(sofia, made[0].comment.id or 0)
    await world.posts.delete_comment(theo, made[0].comment.id or 0)
    await world.posts.delete_comment(maya, made[1].comment.id or 0)
    detail = await world.posts.get(post, None)
    assert detail.view.counts.comments == 1 and len(detail.comments.items) == 1
    with pytest.raises(NotFound):
        await world.posts.delete_comment(maya, 999)


async def test_delete_post_by_author_or_admin(world: Social) -> None:
    maya, theo = await world.user("maya"), await world.user("theo")
    boss = await world.user("boss", Role.ADMIN)
    first, second = await world.post(maya), await world.post(maya)
    with pytest.raises(Forbidden):
        await world.posts.delete(theo, first)
    await world.posts.delete(maya, first)
    await world.posts.delete(boss, second)
    with pytest.raises(NotFound):
        await world.posts.get(first, None)


async def test_trending_is_most_liked_of_recent_weeks(world: Social) -> None:
    maya, theo, sofia = [await world.user(n) for n in ("maya", "theo", "sofia")]
    old = await world.post(maya)
    await world.posts.like(theo, old, None, True)
    await world.posts.like(sofia, old, None, True)
    world.clock.advance(days=30)
    quiet, loved = await world.post(maya), await world.post(maya)
    await world.posts.like(theo, loved, None, True)
    assert [v.post.id for v in await world.posts.trending(None)] == [loved, quiet]


async def test_profile_editing_and_post_count(world: Social) -> None:
    maya = await world.user("maya")
    await world.post(maya)
    user = await world.profiles.update(maya, ProfileChanges(
        display_name=" Maya C ", bio="Thrift lover", instagram_handle="@maya.c"), IMAGE)
    assert (user.display_name, user.bio, user.instagram_handle) == (
        "Maya C", "Thrift lover", "maya.c")
    assert user.avatar_url is not None and user.avatar_url.startswith("/media/")
    cleared = await world.profiles.update(user, ProfileChanges(bio=""), "")
    assert cleared.bio is None and cleared.avatar_url is None
    assert cleared.display_name == "Maya C"
    with pytest.raises(ValidationError):
        await world.profiles.update(user, ProfileChanges(display_name="x"), None)
    profile = await world.social.profile(maya.id or 0, None)
    assert profile.post_count == 1 and profile.user.display_name == "Maya C"
