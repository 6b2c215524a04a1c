"""Style post repositories against real databases: keyset pages, filters, trending, and
likes/saves that stay one per (post, user) under concurrent requests."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from application.ports.posts import PostFilter
from application.shared.paging import After
from domain.posts import Comment, ProductTag, StylePost
from entrypoints.container import Container
from tests.support import NOW, add_users, ids_of

pytestmark = pytest.mark.adapters


def post(user_id: int, minutes: int, *tags: str) -> StylePost:
    return StylePost(user_id, "/media/a.webp", "/media/a-t.webp", "look",
                     NOW + timedelta(minutes=minutes), hashtags=tags)


async def test_pages_filters_and_counts(container: Container) -> None:
    maya, theo, sofia = ids_of(await add_users(container.uow(), "maya", "theo", "sofia"))
    async with container.uow() as uow:
        # Two posts share a timestamp, so the id breaks the tie.
        ids = await uow.posts.add_many([post(maya, 0, "red"), post(theo, 1, "red", "blue"),
                                        post(maya, 1), post(theo, 2)])
        await uow.follows.add(sofia, maya, NOW)
        await uow.likes.add(ids[0], theo, NOW)
        await uow.saves.add(ids[1], sofia, NOW)
        await uow.comments.add(Comment(ids[0], sofia, "nice", NOW))
        await uow.commit()
    async with container.uow() as uow:
        everything = [p.id for p in await uow.posts.list(PostFilter(), None, 10)]
        assert everything == [ids[3], ids[2], ids[1], ids[0]]
        second = await uow.posts.list(PostFilter(), None, 2)
        last = second[-1]
        rest = await uow.posts.list(PostFilter(), After(last.created_at, last.id or 0), 10)
        assert [p.id for p in rest] == [ids[1], ids[0]]
        assert [p.id for p in await uow.posts.list(PostFilter(followed_by=sofia), None, 10)
                ] == [ids[2], ids[0]]
        red = await uow.posts.list(PostFilter(hashtag="red"), None, 10)
        assert [p.id for p in red] == [ids[1], ids[0]] and red[0].hashtags == ("red", "blue")
        assert [p.id for p in await uow.posts.list(PostFilter(saved_by=sofia), None, 10)
                ] == [ids[1]]
        counts = await uow.posts.counts(ids)
        assert (counts[ids[0]].likes, counts[ids[0]].comments, counts[ids[1]].saves) == (1, 1, 1)
        assert await uow.posts.count_by_author(maya) == 2
        trending = await uow.posts.trending(NOW - timedelta(days=1), 2)
        assert [p.id for p in trending] == [ids[0], ids[3]]
        await uow.posts.delete(ids[0])
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.posts.get(ids[0]) is None
        assert await uow.comments.list(ids[0], None, 10) == []


async def test_concurrent_likes_and_saves_never_drift(container: Container) -> None:
    names = [f"user{i}" for i in range(6)]
    author, *fans = ids_of(await add_users(container.uow(), "author", *names))
    async with container.uow() as uow:
        post_id = (await uow.posts.add(post(author, 0))).id
        await uow.commit()
    assert post_id is not None

    async def react(kind: str, user_id: int, on: bool) -> bool:
        async with container.uow() as uow:
            table = uow.likes if kind == "likes" else uow.saves
            changed = (await table.add(post_id, user_id, NOW) if on
                       else await table.remove(post_id, user_id))
            await uow.commit()
        return changed

    # Every fan double-clicks like (and save) at once: one row each.
    made = await asyncio.gather(*(react(kind, fan, True) for fan in fans for _ in range(3)
                                  for kind in ("likes", "saves")))
    assert made.count(True) == 2 * len(fans)
    async with container.uow() as uow:
        counts = (await uow.posts.counts([post_id]))[post_id]
        assert (counts.likes, counts.saves) == (len(fans), len(fans))
        assert await uow.likes.of_user(fans[0], [post_id]) == {post_id}
    removed = await asyncio.gather(*(react("likes", fans[0], False) for _ in range(4)))
    assert removed.count(True) == 1
    async with container.uow() as uow:
        assert (await uow.posts.counts([post_id]))[post_id].likes == len(fans) - 1


async def test_tags_keep_order_and_hotspots(container: Container) -> None:
    (maya,) = ids_of(await add_users(container.uow(), "maya"))
    from domain.listings import Listing, ListingDetails, ListingImage
    details = ListingDetails("Wool coat", "Warm and barely worn.", "80", "Zara", "m", "good",
                             "outerwear")
    async with container.uow() as uow:
        listings = [await uow.listings.add(Listing.create(
            maya, details, [ListingImage("/media/x.webp", "/media/x-t.webp")], NOW))
            for _ in range(2)]
        first, second = (item.id for item in listings)
        assert first is not None and second is not None
        made = await uow.posts.add(StylePost(
            maya, "/a", "/b", "", NOW, tags=(ProductTag(second, 0.2, 0.8), ProductTag(first))))
        await uow.commit()
    async with container.uow() as uow:
        found = await uow.posts.get(made.id or 0)
        assert found is not None
        assert found.tags == (ProductTag(second, 0.2, 0.8), ProductTag(first))
        tagged = await uow.posts.list(PostFilter(product_id=first), None, 5)
        assert [p.id for p in tagged] == [made.id]
