"""Demo catalog: drawn garment photos, and seeding listings and favorites on each database."""

from __future__ import annotations

import io
import re
from collections import Counter
from datetime import timedelta

import pytest
from dependency_injector import providers
from PIL import Image

from adapters.demo.images import COLOURS, PATTERNS, SHAPES, draw_garment, draw_outfit
from application.demo.blog import PUBLISHED
from application.demo.looks import LOOKS, look
from application.ports.catalog import ListingFilter, ListingSort
from application.ports.media import GarmentLook, GarmentPhotos, OutfitPhoto
from application.ports.posts import PostFilter
from domain.catalog import Category, ListingStatus, Size
from entrypoints.container import Container
from tests.support.offers import held_by_offers

pytestmark = pytest.mark.adapters


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_garments_are_drawn_shaded_on_a_surface(kind: str) -> None:
    shown = look(kind, 3)
    photos = draw_garment(shown)
    assert draw_garment(shown) == photos  # deterministic
    for data in (photos.cover, photos.closeup):
        with Image.open(io.BytesIO(data)) as picture:
            assert picture.format == "JPEG" and picture.size == (640, 800)
            colours = picture.convert("RGB").getcolors(maxcolors=1 << 20)
            assert colours is not None and len(colours) > 500  # shading, texture, grain
    with Image.open(io.BytesIO(photos.cover)) as picture:
        # the garment covers part of the frame, the surface shows around it
        corner = picture.convert("RGB").crop((0, 0, 40, 40)).resize((1, 1)).getpixel((0, 0))
        middle = picture.convert("RGB").crop((300, 460, 340, 500)).resize((1, 1))
        assert max(abs(a - b) for a, b in zip(corner, middle.getpixel((0, 0)),
                                              strict=True)) > 12
    assert photos.cover != photos.closeup
    assert draw_garment(look(kind, 4)).cover != photos.cover


def test_every_demo_look_can_be_drawn() -> None:
    """The looks the catalog and the blog ask for use colours and patterns the pictures know."""
    wanted = [look(kind, index) for kind in LOOKS for index in range(len(LOOKS[kind]))]
    wanted += [shown for post in PUBLISHED for shown in post.photo]
    assert {shown.kind for shown in wanted} <= set(SHAPES)
    assert {c for shown in wanted for c in (shown.colour, shown.accent)} <= set(COLOURS)
    assert {shown.pattern for shown in wanted} <= set(PATTERNS)


def test_a_garment_is_drawn_in_its_colour() -> None:
    """The middle of a solid garment's photo is near its named colour (lit and shaded)."""
    for colour in ("navy", "rust", "cream", "sage"):
        photos = draw_garment(GarmentLook("hoodie", colour, surface=2))
        with Image.open(io.BytesIO(photos.cover)) as picture:
            middle = picture.convert("RGB").crop((280, 520, 360, 600)).resize((1, 1))
            r, g, b = middle.getpixel((0, 0))
        want = COLOURS[colour]
        assert sum(abs(a - w) for a, w in zip((r, g, b), want, strict=True)) < 90, colour


def test_an_outfit_lays_each_piece_apart() -> None:
    photo = draw_outfit([look("tee", 1), look("jeans", 0), look("sneaker", 0),
                         look("bag", 2)], 3)
    assert len(photo.spots) == 4 and len(set(photo.spots)) == 4
    with Image.open(io.BytesIO(photo.photo)) as picture:
        assert picture.size == (640, 800)


class QuickPictures:
    """Small real PNGs, one colour per look, so seeding tests stay fast."""

    kinds = tuple(SHAPES)
    colours = tuple(COLOURS)
    patterns = PATTERNS

    async def draw(self, shown: GarmentLook) -> GarmentPhotos:
        def png(shade: int) -> bytes:
            out = io.BytesIO()
            Image.new("RGB", (32, 40), (shade, 20 * shown.pose % 255,
                                        20 * self.kinds.index(shown.kind))).save(
                out, format="PNG")
            return out.getvalue()
        return GarmentPhotos(png(10), png(200))

    async def draw_outfit(self, looks: list[GarmentLook], variant: int) -> OutfitPhoto:
        out = io.BytesIO()
        Image.new("RGB", (32, 40), (variant * 20 % 255, len(looks) * 40, 90)).save(
            out, format="PNG")
        return OutfitPhoto(out.getvalue(), tuple((0.2 + i * 0.2, 0.5) for i in range(
            len(looks))))


@pytest.fixture
def quick(container: Container) -> Container:
    container.garment_pictures.override(providers.Object(QuickPictures()))
    return container


async def test_demo_seed_makes_varied_watched_listings(quick: Container) -> None:
    assert await quick.demo_seeder().seed(listings=60)
    engine = quick.search()  # the seed reached the search engine through its outbox
    ids = await engine.ids(ListingFilter(), ListingSort.MOST_RECENT, 100)
    facets = await engine.facets(ListingFilter(), 50)
    async with quick.uow() as uow:
        found = await uow.listings.get_many(ids)
        page = [found[i] for i in ids]
        favorites = {}
        for name in ("sofia", "jamal", "emma", "maya", "theo", "priya", "lucas"):
            user = await uow.users.get_by_login(name)
            favorites[user.id] = await uow.favorites.list_for(user.id, 100)
        sellers = {(await uow.users.get(item.seller_id)).username for item in page}
        held = await held_by_offers(uow)
    assert held == 3  # the demo's three live accepted offers
    assert len(page) == 60 - held
    assert sellers == {"maya", "theo", "priya", "lucas"}
    assert len(facets.brands) >= 10 and len(facets.categories) >= 6
    prices = [item.price for item in page]
    assert min(prices) >= 8 and max(prices) <= 240
    ages = [page[0].created_at - item.created_at for item in page]
    assert max(ages) > timedelta(weeks=6)
    assert any(item.price_drop for item in page) and any(item.verified for item in page)
    assert all(1 <= len(item.images) <= 2 for item in page)
    # Newest first, no two listings within a dozen of each other share a photo.
    covers = [item.images[0].url for item in page]
    assert all(len(set(covers[i:i + 12])) == len(covers[i:i + 12]) for i in range(len(page)))
    # Clothes have letter sizes; shoes "other" with their US size in the title; bags one size.
    for item in page:
        if item.category is Category.FOOTWEAR:
            assert item.size is Size.OTHER and re.search(r", US \d+(\.5)?$", item.title)
        elif item.category is Category.ACCESSORIES:
            assert item.size is Size.OTHER and "One size." in item.description
        else:
            assert item.size is not Size.OTHER
    assert all(image.url.startswith("/media/products/") for item in page for image in item.images)
    shown = {item.id for item in page}  # favorites of listings an offer holds are not shown
    watched = Counter(f.product_id for favs in favorites.values() for f in favs
                      if f.product_id in shown)
    assert {item.id: item.watch_count for item in page if item.watch_count} == dict(watched)
    assert max(watched.values()) >= 3  # Most Watched has a clear top
    by_id = {item.id: item for item in page}
    top = [by_id[product_id] for product_id, _ in watched.most_common(8)]
    assert len({item.images[0].url for item in top}) == len(top)  # the row's photos differ
    seller_of = {item.id: item.seller_id for item in page}
    assert all(seller_of[f.product_id] != user_id
               for user_id, favs in favorites.items() for f in favs
               if f.product_id in shown)  # never one's own
    assert not await quick.demo_seeder().seed(listings=60)  # only once


async def test_demo_seed_in_bulk_crosses_batches(quick: Container) -> None:
    assert await quick.demo_seeder().seed(listings=12_345)
    engine = quick.search()
    async with quick.uow() as uow:
        held = await held_by_offers(uow)
    assert await engine.count(ListingFilter()) == 12_345 - held
    nike = await engine.count(ListingFilter(words=("nike",)))
    brand = await engine.count(ListingFilter(brands=frozenset({"nike"})))
    assert nike >= brand > 0
    [last] = await engine.ids(ListingFilter(), ListingSort.PRICE_HIGH_LOW, 1)
    async with quick.uow() as uow:
        assert (await uow.listings.get(last)).images


async def test_demo_seed_makes_lived_in_style_posts(quick: Container) -> None:
    """Posts by several people, each tagging available demo listings with hotspots, and
    likes, comments, saves and follows; the same seed gives the same posts."""
    assert await quick.demo_seeder().seed(listings=60)
    async with quick.uow() as uow:
        posts = await uow.posts.list(PostFilter(), None, 50)
        counts = await uow.posts.counts([p.id for p in posts])
        listings = await uow.listings.get_many([t.product_id for p in posts for t in p.tags])
    assert len(posts) >= 10
    assert len({p.user_id for p in posts}) >= 4
    assert all(p.tags and all(t.has_hotspot for t in p.tags) for p in posts)
    assert all(p.hashtags for p in posts)
    # tagged while available; an accepted demo offer may hold one for its buyer since
    assert all(item.status is not ListingStatus.SOLD for item in listings.values())
    assert sum(c.likes for c in counts.values()) > len(posts)
    assert sum(c.comments for c in counts.values()) > 0
    ages = {(posts[0].created_at - p.created_at).days for p in posts}
    assert max(ages) >= 30 and 0 in ages
    # A caption says what the photo shows: denim on denim tags a denim jacket and denim jeans.
    denim = next(p for p in posts if p.content.startswith("Denim on denim"))
    titles = [listings[t.product_id].title for t in denim.tags]
    assert sum("denim" in title.lower() and "jacket" in title.lower() for title in titles) == 1
    assert any("jeans" in title.lower() for title in titles)
