"""Demo catalog: drawn garment photos, and seeding listings and favorites on each database."""

from __future__ import annotations

import io
from collections import Counter
from datetime import timedelta

import pytest
from dependency_injector import providers
from PIL import Image

from adapters.demo_images import SHAPES, draw_garment
from application.ports.catalog import ListingFilter, ListingSort
from application.ports.media import GarmentPhotos, OutfitPhoto
from application.ports.posts import PostFilter
from entrypoints.container import Container

pytestmark = pytest.mark.adapters


@pytest.mark.parametrize("kind", sorted(SHAPES))
def test_garments_are_drawn_shapes_not_flat_rectangles(kind: str) -> None:
    photos = draw_garment(kind, 3)
    assert draw_garment(kind, 3) == photos  # deterministic
    for data in (photos.cover, photos.closeup):
        with Image.open(io.BytesIO(data)) as picture:
            assert picture.format == "PNG" and picture.size == (640, 800)
            colours = picture.convert("RGB").getcolors(maxcolors=1 << 20)
            assert colours is not None and len(colours) > 100  # gradients, shading, pattern
            # the garment covers part of the frame, the backdrop shows around it
            corner = picture.getpixel((5, 5))
            centre = picture.getpixel((320, 400))
            assert corner != centre
    assert photos.cover != photos.closeup
    assert draw_garment(kind, 4).cover != photos.cover
    assert photos.colour and photos.colour == draw_garment(kind, 3).colour


class QuickPictures:
    """Small real PNGs, one colour per variant, so seeding tests stay fast."""

    kinds = tuple(SHAPES)

    async def draw(self, kind: str, variant: int) -> GarmentPhotos:
        def png(shade: int) -> bytes:
            out = io.BytesIO()
            Image.new("RGB", (32, 40), (shade, 40 * variant % 255, len(kind) * 20)).save(
                out, format="PNG")
            return out.getvalue()
        return GarmentPhotos(png(10), png(200), f"{kind}-shade-{variant}")

    async def draw_outfit(self, pieces: list[tuple[str, int]], variant: int) -> OutfitPhoto:
        out = io.BytesIO()
        Image.new("RGB", (32, 40), (variant * 20 % 255, len(pieces) * 40, 90)).save(
            out, format="PNG")
        return OutfitPhoto(out.getvalue(), tuple((0.2 + i * 0.2, 0.5) for i in range(
            len(pieces))))


@pytest.fixture
def quick(container: Container) -> Container:
    container.garment_pictures.override(providers.Object(QuickPictures()))
    return container


async def test_demo_seed_makes_varied_watched_listings(quick: Container) -> None:
    assert await quick.demo_seeder().seed(listings=60)
    async with quick.uow() as uow:
        page = await uow.listings.search(ListingFilter(), ListingSort.MOST_RECENT, 100)
        facets = await uow.listings.facets(ListingFilter(), 50)
        favorites = {}
        for name in ("sofia", "jamal", "emma", "maya", "theo", "priya", "lucas"):
            user = await uow.users.get_by_login(name)
            favorites[user.id] = await uow.favorites.list_for(user.id, 100)
        sellers = {(await uow.users.get(item.seller_id)).username for item in page}
    assert len(page) == 60
    assert sellers == {"maya", "theo", "priya", "lucas"}
    assert len(facets.brands) >= 10 and len(facets.categories) >= 6
    prices = [item.price for item in page]
    assert min(prices) >= 8 and max(prices) <= 240
    ages = [page[0].created_at - item.created_at for item in page]
    assert max(ages) > timedelta(weeks=6)
    assert any(item.price_drop for item in page) and any(item.verified for item in page)
    assert all(1 <= len(item.images) <= 2 for item in page)
    # The title names the colour the cover photo is drawn in.
    assert all("-shade-" in item.title for item in page)
    covers = {item.images[0].url: item.title.rsplit(", ", 1)[-1] for item in page}
    assert len(set(covers.values())) == len(covers)  # one colour name per photo
    assert all(image.url.startswith("/media/products/") for item in page for image in item.images)
    watched = Counter(f.product_id for favs in favorites.values() for f in favs)
    assert {item.id: item.watch_count for item in page if item.watch_count} == dict(watched)
    assert max(watched.values()) >= 3  # Most Watched has a clear top
    seller_of = {item.id: item.seller_id for item in page}
    assert all(seller_of[f.product_id] != user_id
               for user_id, favs in favorites.items() for f in favs)  # never one's own
    assert not await quick.demo_seeder().seed(listings=60)  # only once


async def test_demo_seed_in_bulk_crosses_batches(quick: Container) -> None:
    assert await quick.demo_seeder().seed(listings=12_345)
    async with quick.uow() as uow:
        assert await uow.listings.count(ListingFilter()) == 12_345
        nike = await uow.listings.count(ListingFilter(words=("nike",)))
        brand = await uow.listings.count(ListingFilter(brands=frozenset({"nike"})))
        assert nike >= brand > 0
        last = await uow.listings.search(ListingFilter(), ListingSort.PRICE_HIGH_LOW, 1)
        assert last[0].images


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
    assert all(item.status.is_purchasable for item in listings.values())
    assert sum(c.likes for c in counts.values()) > len(posts)
    assert sum(c.comments for c in counts.values()) > 0
    ages = {(posts[0].created_at - p.created_at).days for p in posts}
    assert max(ages) >= 30 and 0 in ages
