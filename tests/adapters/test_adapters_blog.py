"""Blog repositories against real databases: keyset pages with ties, slugs, authors."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from application.ports.blog import BlogQuery
from application.shared.paging import After
from domain.blog import BlogPost
from domain.errors import Conflict
from entrypoints.container import Container
from tests.support import NOW, add_user

pytestmark = pytest.mark.adapters

async def author(container: Container, name: str) -> int:
    """A member with an avatar (the list's cards show it)."""
    return (await add_user(container.uow(), name, avatar_url=f"/media/{name}.png")).id


def post(user_id: int, slug: str, at: datetime, *, published: bool = True) -> BlogPost:
    return BlogPost(user_id=user_id, title=slug.title(), slug=slug, content="Ten characters+",
                    created_at=at, updated_at=at, published=published)


async def test_pages_break_ties_on_the_same_second_by_id(container: Container) -> None:
    maya = await author(container, "maya")
    async with container.uow() as uow:
        for number in range(5):
            await uow.blogs.add(post(maya, f"tie-{number}", NOW))
        await uow.blogs.add(post(maya, "older", NOW - timedelta(days=1)))
        await uow.commit()
    seen: list[str] = []
    after = None
    while True:
        async with container.uow() as uow:
            page = await uow.blogs.page(BlogQuery(), 2, after)
        if not page:
            break
        seen += [item.post.slug for item in page]
        last = page[-1].post
        assert last.id is not None
        after = After(last.created_at, last.id)
    assert seen == ["tie-4", "tie-3", "tie-2", "tie-1", "tie-0", "older"]


async def test_posts_come_back_with_their_author_and_utc_times(container: Container) -> None:
    maya = await author(container, "maya")
    async with container.uow() as uow:
        added = await uow.blogs.add(post(maya, "denim-care", NOW))
        await uow.commit()
    async with container.uow() as uow:
        found = await uow.blogs.get_by_slug("denim-care")
        assert found is not None
        assert found.post.id == added.id
        assert found.post.created_at == NOW
        assert found.author.username == "maya"
        assert found.author.avatar_url == "/media/maya.png"
        assert await uow.blogs.slug_taken("denim-care")
        assert not await uow.blogs.slug_taken("denim-care", except_id=added.id)
        assert await uow.blogs.get(9999) is None


async def test_drafts_of_one_author_only(container: Container) -> None:
    maya, theo = await author(container, "maya"), await author(container, "theo")
    async with container.uow() as uow:
        await uow.blogs.add(post(maya, "maya-draft", NOW, published=False))
        await uow.blogs.add(post(theo, "theo-draft", NOW, published=False))
        await uow.blogs.add(post(theo, "theo-live", NOW - timedelta(hours=1)))
        await uow.commit()
    async with container.uow() as uow:
        everyone = await uow.blogs.page(BlogQuery(), 10)
        with_maya = await uow.blogs.page(BlogQuery(drafts_of=maya), 10)
        theo_only = await uow.blogs.page(BlogQuery(author_id=theo, drafts_of=maya), 10)
    assert [p.post.slug for p in everyone] == ["theo-live"]
    assert [p.post.slug for p in with_maya] == ["maya-draft", "theo-live"]
    assert [p.post.slug for p in theo_only] == ["theo-live"]


async def test_a_racing_duplicate_slug_is_a_conflict_not_a_crash(container: Container) -> None:
    """Two writers both saw the slug free; the unique index refuses the second."""
    maya = await author(container, "maya")
    async with container.uow() as uow:
        await uow.blogs.add(post(maya, "same", NOW))
        await uow.commit()
    with pytest.raises(Conflict, match="That slug is already in use"):
        async with container.uow() as uow:
            await uow.blogs.add(post(maya, "same", NOW))
    async with container.uow() as uow:
        assert len(await uow.blogs.page(BlogQuery(), 10)) == 1
