"""Share previews (one lookup each) and the sitemap's lists, on the fakes."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from application.sharing import SharingService, post_title, summary
from domain.blog import BlogPost
from domain.catalog import Category, Condition, ListingStatus, Size
from domain.listings import Listing, ListingImage
from domain.posts import StylePost
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock, add_user

pytestmark = pytest.mark.unit


async def _listing(uow: FakeUnitOfWork, clock: FixedClock, seller: int, title: str,
                   status: ListingStatus = ListingStatus.AVAILABLE) -> int:
    async with uow:
        listing = await uow.listings.add(Listing(
            seller_id=seller, title=title, description="Soft lambskin, barely worn.",
            price=Decimal("48"), brand="Zara", size=Size.M, condition=Condition.GOOD,
            category=Category.OUTERWEAR, created_at=clock.now(), status=status,
            images=[ListingImage("/media/a.webp", "/media/a-t.webp")]))
        await uow.commit()
    assert listing.id is not None
    return listing.id


def test_summary_cuts_at_a_word_and_post_titles_use_it() -> None:
    assert summary("one two three four", 12) == "one two…"
    assert summary(" a\n b ") == "a b"
    assert post_title(4, "") == "Style #4"
    assert post_title(4, "Autumn layers") == "Style #4: Autumn layers"


async def test_previews_name_the_product_person_post_and_article(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    sharing: SharingService = container.sharing()
    maya = await add_user(uow, "maya", clock=clock)
    assert maya.id is not None
    jacket = await _listing(uow, clock, maya.id, "Black leather jacket")
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
    maya = await add_user(uow, "maya", clock=clock)
    assert maya.id is not None
    shown = await _listing(uow, clock, maya.id, "Shown")
    sold = await _listing(uow, clock, maya.id, "Sold", ListingStatus.SOLD)
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
