"""Demo catalog: varied listings by the demo sellers, with drawn photos and some favorites.

Deterministic (seeded random numbers) and fast at any size: a fixed set of drawn looks
(application/demo/looks.py; cover and close-up each) is stored once through the media store
and dealt to listings so that neighbours never share a photo; titles say the look's colour and
pattern, shoes their US size;
listings go in through the repository's bulk ``add_many`` in batches; their ages spread over
eight weeks, a few have dropped prices or a verified badge, and the demo people watch some
of them so "Most Watched" is real.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal
from functools import partial

from application.demo.looks import KINDS, LOOKS, deal, fits, look
from application.ports import Clock, UnitOfWork
from application.ports.media import GarmentPictures, MediaStore
from domain.analytics import Activity, ActivityKind
from domain.catalog import FEATURED_BRANDS, Category, Condition, Size
from domain.listings import Listing, ListingImage

Progress = Callable[[str, int, int], None]

SELLERS = ("maya", "theo", "priya", "lucas")
WATCHERS = ("sofia", "jamal", "emma", "maya", "theo", "priya", "lucas")
# Listings per transaction. Few, large commits: each commit writes every index page the batch
# touched, and a batch's new listings touch most of the price and brand indexes' pages
# (docs/catalog.md, seeding). Progress is still reported per statement batch.
BATCH = 100_000
AGE_MINUTES = 56 * 24 * 60  # eight weeks
EXTRA_BRANDS = ("Patagonia", "Carhartt", "Everlane", "Madewell", "Reformation", "Converse",
                "Vans", "Coach")
BRANDS = FEATURED_BRANDS + EXTRA_BRANDS


Name = tuple[str, str, str | None]  # brand, model, what the look must be (looks.fits)


@dataclass(frozen=True)
class Garment:
    kind: str  # a GarmentPictures kind (and a kind of looks.py)
    category: Category
    names: tuple[Name, ...]
    prices: tuple[int, int]
    sizes: tuple[Size, ...]  # clothes in letter sizes; shoes and bags are "other"


TOP_SIZES = (Size.XS, Size.S, Size.M, Size.M, Size.L, Size.XL, Size.XXL)
GARMENTS = (
    Garment("tee", Category.TOPS, (
        ("Uniqlo", "Supima cotton crew neck tee", None),
        ("Everlane", "Organic cotton box-cut tee", None), ("Nike", "Sportswear logo tee", None),
        ("Patagonia", "P-6 logo responsibili-tee", None),
        ("H&M", "Relaxed fit striped tee", "striped"), ("Zara", "Boxy fit heavyweight tee", None),
        ("Carhartt", "Pocket tee", None)), (8, 40), TOP_SIZES),
    Garment("blouse", Category.TOPS, (
        ("Everlane", "Clean silk relaxed shirt", None),
        ("Uniqlo", "Oxford long-sleeve shirt", None),
        ("Zara", "Poplin shirt", None), ("Reformation", "Silk button-up blouse", None),
        ("H&M", "Linen-blend shirt", None), ("Madewell", "Oversized button-up shirt", None)),
        (12, 90), TOP_SIZES),
    Garment("hoodie", Category.TOPS, (
        ("Nike", "Club fleece pullover hoodie", None), ("Adidas", "Trefoil hoodie", None),
        ("Carhartt", "Hooded sweatshirt", None), ("Patagonia", "Uprisal hoody", None),
        ("North Face", "Half Dome hoodie", None), ("Uniqlo", "Sweat pullover hoodie", None)),
        (18, 85), TOP_SIZES),
    Garment("jacket", Category.OUTERWEAR, (
        ("Levi's", "Trucker denim jacket", "denim"), ("Carhartt", "Detroit chore jacket", None),
        ("North Face", "1996 Retro Nuptse puffer", "quilted"),
        ("Patagonia", "Waxed cotton field jacket", None), ("Zara", "Wool blend overcoat", None),
        ("Madewell", "Oversized denim jacket", "denim"),
        ("Michael Kors", "Quilted hooded jacket", "quilted"),
        ("Uniqlo", "Ultra light down jacket", "quilted")), (35, 240), TOP_SIZES),
    Garment("dress", Category.DRESSES, (
        ("Reformation", "Linen midi dress", None), ("Zara", "Floral wrap dress", "floral"),
        ("H&M", "Floral smocked sundress", "floral"), ("Madewell", "Slip midi dress", None),
        ("Reformation", "Floral print midi dress", "floral"),
        ("Everlane", "Cotton poplin sundress", None),
        ("Michael Kors", "Sleeveless belted midi dress", None)),
        (20, 180), (Size.XS, Size.S, Size.S, Size.M, Size.L)),
    Garment("skirt", Category.BOTTOMS, (
        ("Zara", "Pleated midi skirt", None), ("Levi's", "Denim mini skirt", "denim"),
        ("Madewell", "Denim midi skirt", "denim"), ("Reformation", "Satin slip skirt", None),
        ("H&M", "A-line corduroy skirt", "ribbed"), ("Madewell", "Corduroy mini skirt", "ribbed"),
        ("Madewell", "Button-front midi skirt", None)), (14, 90),
        (Size.XS, Size.S, Size.M, Size.L)),
    Garment("jeans", Category.BOTTOMS, (
        ("Levi's", "501 original fit jeans", "denim"),
        ("Levi's", "Ribcage straight jeans", "denim"),
        ("Madewell", "Perfect vintage jeans", "denim"),
        ("Everlane", "Way-high wide leg jeans", "denim"), ("Zara", "Straight fit jeans", "denim"),
        ("Carhartt", "Double knee carpenter pants", None), ("Uniqlo", "Slim fit chinos", None),
        ("Everlane", "Relaxed cotton trousers", None)), (22, 120),
        (Size.XS, Size.S, Size.M, Size.L, Size.XL)),
    Garment("sneaker", Category.FOOTWEAR, (
        ("Nike", "Air Force 1 '07 low", None), ("Nike", "Air Max 90", None),
        ("Adidas", "Samba OG", None), ("Adidas", "Gazelle", None),
        ("Converse", "Chuck 70 low top", None), ("Vans", "Old Skool", None),
        ("Vans", "Authentic low", None)), (30, 160), (Size.OTHER,)),
    Garment("bag", Category.ACCESSORIES, (
        ("Coach", "Leather tabby shoulder bag", None),
        ("Michael Kors", "Jet Set travel tote", None),
        ("Madewell", "Transport tote", None), ("Everlane", "Day market tote", None),
        ("Zara", "Top handle city bag", None)), (18, 240), (Size.OTHER,)),
)
GARMENT_OF = {garment.kind: garment for garment in GARMENTS}
# The names that may describe each look, worked out once.
NAMES_FOR = {(kind, index): tuple(name for name in GARMENT_OF[kind].names
                                  if fits(name[2], look(kind, index)))
             for kind in KINDS for index in range(len(LOOKS[kind]))}
SHOE_SIZES = ("6", "6.5", "7", "7.5", "8", "8.5", "9", "9", "9.5", "10", "10.5", "11", "12")
WEAR = {
    Condition.NEW_WITH_TAGS: "Brand new with the tags still on; bought it and never wore it.",
    Condition.LIKE_NEW: "Worn once or twice, no signs of wear at all.",
    Condition.GOOD: "Worn and washed gently; a little softening but no holes or stains.",
    Condition.FAIR: "Well loved: some fading and a small mark (see photos), priced to match.",
}
EXTRAS = (
    "From a smoke-free, pet-free home.", "Ships within two days, carefully folded.",
    "Happy to send measurements; just message me.", "Fits true to size.",
    "Runs slightly large, so great for layering.", "Bundle with my other listings and save.",
    "Selling because I am clearing out my closet for spring.",
)


def _price(rng: random.Random, low: int, high: int) -> Decimal:
    whole = rng.randint(low, high - 1)
    return Decimal(whole) + rng.choice((Decimal("0"), Decimal("0.50"), Decimal("0.99")))


def _description(rng: random.Random, colour: str, condition: Condition, size: str) -> str:
    extras = rng.sample(EXTRAS, 2)
    return (f"{colour.capitalize()} colourway. {size}{WEAR[condition]} "
            f"{' '.join(extras)}")


def _fit(rng: random.Random, garment: Garment) -> tuple[Size, str, str]:
    """The listing's size, what its title adds and what its description says: clothes have a
    letter size, shoes "other" with the US size in the title, bags "other" (one size)."""
    if garment.category is Category.FOOTWEAR:
        us = rng.choice(SHOE_SIZES)
        eu = int(float(us) + 33)
        return Size.OTHER, f", US {us}", f"Size US {us} (EU {eu}). "
    if garment.category is Category.ACCESSORIES:
        return Size.OTHER, "", "One size. "
    return rng.choice(garment.sizes), "", ""


def _report(progress: Progress, done: int, count: int, stored: int) -> None:
    progress("listings", done + stored, count)


@dataclass
class PhotoPool:
    """Stored photos per look, (kind, look index) -> cover and close-up, drawn when a
    listing first needs them (so a small seed draws few)."""

    photos: dict[tuple[str, int], tuple[ListingImage, ListingImage]] = field(
        default_factory=dict)


class CatalogDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock, media: MediaStore,
                 pictures: GarmentPictures) -> None:
        self.uow = uow
        self.clock = clock
        self.media = media
        self.pictures = pictures
        self.pool = PhotoPool()  # filled by seed, for the style posts' outfits

    async def seed(self, listings: int, progress: Progress) -> list[int]:
        if listings <= 0:
            return []
        sellers = await self._user_ids(SELLERS)
        if not sellers:  # the accounts step did not run: nobody to list items
            return []
        ids = await self._seed_listings(listings, sellers, progress)
        await self._seed_favorites(ids, progress)
        async with self.uow:
            await self.uow.listings.refresh_statistics()
            await self.uow.commit()
        return ids

    async def _draw_missing(self, keys: list[tuple[str, int]], planned: int,
                            progress: Progress) -> None:
        """Draw and store the looks in ``keys`` not drawn yet (two at a time, in worker
        threads)."""
        missing = list(dict.fromkeys(k for k in keys if k not in self.pool.photos))
        for start in range(0, len(missing), 2):
            pair = missing[start:start + 2]
            self.pool.photos.update(zip(pair, await asyncio.gather(
                *(self._photos(*key) for key in pair)), strict=True))
            progress("photos", len(self.pool.photos), planned)

    async def _photos(self, kind: str, index: int) -> tuple[ListingImage, ListingImage]:
        drawn = await self.pictures.draw(look(kind, index))
        cover = await self.media.save_listing_image(drawn.cover)
        closeup = await self.media.save_listing_image(drawn.closeup)
        return (ListingImage(cover.url, cover.thumbnail_url),
                ListingImage(closeup.url, closeup.thumbnail_url))

    async def _user_ids(self, names: tuple[str, ...]) -> list[int]:
        async with self.uow:
            found = [await self.uow.users.get_by_login(name) for name in names]
        return [user.id for user in found if user is not None and user.id is not None]

    async def _seed_listings(self, count: int, sellers: list[int],
                             progress: Progress) -> list[int]:
        rng = random.Random(60)
        looks = deal(random.Random(61))
        planned = min(count, sum(len(kind_looks) for kind_looks in LOOKS.values()))
        now = self.clock.now()
        ids: list[int] = []
        for start in range(0, count, BATCH):
            picks = [next(looks) for _ in range(start, min(count, start + BATCH))]
            await self._draw_missing(picks, planned, progress)
            batch = [self._listing(rng, start + n, pick, count, sellers, now)
                     for n, pick in enumerate(picks)]
            async with self.uow:
                ids.extend(await self.uow.listings.add_many(
                    batch, partial(_report, progress, len(ids), count)))
                await self.uow.activity.record_many([
                    Activity(ActivityKind.LISTING_CREATED, item.seller_id, item.created_at)
                    for item in batch])
                await self.uow.commit()
        return ids

    def _listing(self, rng: random.Random, n: int, pick: tuple[str, int], count: int,
                 sellers: list[int], now: datetime) -> Listing:
        garment, chosen = GARMENT_OF[pick[0]], look(*pick)
        brand, name, _ = rng.choice(NAMES_FOR[pick])
        condition = rng.choices(list(Condition), weights=(2, 4, 5, 1))[0]
        cover, closeup = self.pool.photos[pick]
        images = [cover, closeup] if rng.random() < 0.5 else [cover]
        size, title_size, size_note = _fit(rng, garment)
        # Ages spread evenly over eight weeks, oldest first, so ids grow with time as they
        # would in a live shop (and the date index is appended to, not shuffled). The jitter
        # stays inside a listing's own slot, so "newest first" is the dealing order and
        # neighbours in it never share a photo.
        slot = AGE_MINUTES / count
        created = now - timedelta(minutes=slot * (count - n)
                                  + rng.uniform(0, min(30.0, slot * 0.9)))
        seller = sellers[n % len(sellers)]
        streetwear = len(sellers) > 1 and seller == sellers[1]  # theo: "all authentic"
        return Listing(
            seller_id=seller, title=f"{brand} {name}, {chosen.name}{title_size}"[:100],
            description=_description(rng, chosen.name, condition, size_note),
            price=_price(rng, *garment.prices), brand=brand,
            size=size, condition=condition, category=garment.category,
            images=images, created_at=created, updated_at=created,
            price_drop=rng.random() < 0.08,
            verified=rng.random() < (0.3 if streetwear else 0.05),
        )

    async def _seed_favorites(self, listing_ids: list[int], progress: Progress) -> None:
        """Each demo person watches a few listings; a dozen favourites, each in a different
        photo (they fill the home page's Most Watched row), are watched by most."""
        watchers = await self._user_ids(WATCHERS)
        rng = random.Random(7)
        recent = listing_ids[-400:]
        async with self.uow:
            recent_listings = await self.uow.listings.get_many(recent)
        popular: list[int] = []
        covers: set[str] = set()
        for product_id in rng.sample(recent, len(recent)):
            cover = recent_listings[product_id].images[0].url
            if cover not in covers and len(popular) < 12:
                popular.append(product_id)
                covers.add(cover)
        now = self.clock.now()
        pairs: set[tuple[int, int]] = set()
        for user_id in watchers:
            liked = [p for p in popular if rng.random() < 0.6]
            liked += rng.sample(recent, min(len(recent), rng.randint(3, 8)))
            pairs.update((user_id, product_id) for product_id in liked)
        allowed = [(u, p, now - timedelta(hours=rng.randint(1, 24 * 30)))
                   for u, p in sorted(pairs) if recent_listings[p].seller_id != u]
        async with self.uow:
            await self.uow.favorites.add_many(allowed)
            await self.uow.commit()
        progress("favorites", len(allowed), len(allowed))
