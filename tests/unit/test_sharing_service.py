"""Share previews (one lookup each) and the sitemap's lists, on the fakes."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from application.sharing import SharingService, post_title, summary
from domain.blog import BlogPost
from domain.catalog import ListingStatus
from domain.posts import StylePost
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock
from tests.support import add_listing, add_user

pytestmark = pytest.mark.unit


def test_summary_cuts_at_a_word_and_post_titles_use_it() -> None:
    assert summary("one two three four", 12) == "one two…"
    assert summary(" a\n b ") == "a b"
    assert post_title(4, "") == "Style #4"
    assert post_title(4, "Autumn layers") == "Style #4: Autumn layers"


async def test_previews_name_the_product_person_post_and_article(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    sharing: SharingService = container.sharing()
    maya = await add_user(uow)
    assert maya.id is not None
    jacket = (await add_listing(uow, maya.id, title="Black leather jacket", price="48")).id
    product = await sharing.product(jacket)
    assert product is not None
    assert (product.title, product.price, product.image) == (
        "Black leather jacket — $48.00", Decimal("48"), "/media/a.webp")
    person = await sharing.profile(maya.id)
    assert person is not None and person.title.endswith("(@maya)")
    assert await sharing.product(999) is None and await sharing.profile(999) is None
    assert await sharing.post(999) is None and await sharing.blog("nope") is None


async def test_the_sitemap_lists_what_anyone_may_see(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    sharing: SharingService = container.sharing()
    maya = await add_user(uow)
    assert maya.id is not None
    shown = (await add_listing(uow, maya.id, title="Shown")).id
    sold = (await add_listing(uow, maya.id, title="Sold", status=ListingStatus.SOLD)).id
    now = clock.now()
    async with uow:
        post = await uow.posts.add(StylePost(maya.id, "/media/p.webp", "/media/p-t.webp",
                                             "Autumn layers", now))
        for slug, published in (("guide", True), ("draft", False)):
            await uow.blogs.add(BlogPost(maya.id, slug.title(), slug, "Body text here.",
                                         now, now + timedelta(days=1), published=published))
        await uow.commit()
    paths = [entry.path for entry in await sharing.sitemap()]
    assert paths == [f"/product/{shown}", f"/post/{post.id}", "/blog/guide"]
    assert f"/product/{sold}" not in paths
    preview = await sharing.blog("guide")
    assert preview is not None and preview.title == "Guide"
    assert await sharing.blog("draft") is None
    styled = await sharing.post(post.id or 0)
    assert styled is not None and styled.title == f"Style #{post.id}: Autumn layers"
