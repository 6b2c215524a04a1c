"""Demo catalog: drawn garment photos, and a bulk seed of listings on each database (what the
seeded demo holds: ``test_adapters_demo_world.py``)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from adapters.demo.images import COLOURS, PATTERNS, SHAPES, draw_garment, draw_outfit
from application.demo.blog import PUBLISHED
from application.demo.looks import LOOKS, look
from application.ports.catalog import ListingFilter, ListingSort
from application.ports.media import GarmentLook
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


async def test_demo_seed_in_bulk_crosses_batches(quick: Container,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The repository's bulk insert in statement batches of 500 (``BATCH``, 5,000 in use):
    1,234 listings take three, the last one short."""
    monkeypatch.setattr("adapters.sqlalchemy.catalog.BATCH", 500)
    assert await quick.demo_seeder().seed(listings=1_234)
    engine = quick.search()
    async with quick.uow() as uow:
        held = await held_by_offers(uow)
    assert await engine.count(ListingFilter()) == 1_234 - held
    nike = await engine.count(ListingFilter(words=("nike",)))
    brand = await engine.count(ListingFilter(brands=frozenset({"nike"})))
    assert nike >= brand > 0
    [last] = await engine.ids(ListingFilter(), ListingSort.PRICE_HIGH_LOW, 1)
    async with quick.uow() as uow:
        assert (await uow.listings.get(last)).images
