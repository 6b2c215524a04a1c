"""Demo catalog: varied listings by the demo sellers, with drawn photos and some favorites.

Deterministic (seeded random numbers) and fast at any size: a small pool of generated photos
(cover and close-up per garment variant) is stored once through the media store and shared;
listings go in through the repository's bulk ``add_many`` in batches; their ages spread over
eight weeks, a few have dropped prices or a verified badge, and the demo people watch some
of them so "Most Watched" is real.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from application.ports import Clock, UnitOfWork
from application.ports.media import GarmentPictures, MediaStore
from domain.analytics import Activity, ActivityKind
from domain.catalog import FEATURED_BRANDS, Category, Condition, Size
from domain.listings import Listing, ListingImage

Progress = Callable[[str, int, int], None]

SELLERS = ("maya", "theo", "priya", "lucas")
WATCHERS = ("sofia", "jamal", "emma", "maya", "theo", "priya", "lucas")
VARIANTS_PER_KIND = 4
BATCH = 5000
AGE_MINUTES = 56 * 24 * 60  # eight weeks
EXTRA_BRANDS = ("Patagonia", "Carhartt", "Everlane", "Madewell", "Reformation", "Converse",
                "Vans", "Coach")
BRANDS = FEATURED_BRANDS + EXTRA_BRANDS


@dataclass(frozen=True)
class Garment:
    kind: str  # a GarmentPictures kind
    category: Category
    names: tuple[tuple[str, str], ...]  # (brand, model name)
    prices: tuple[int, int]
    sizes: tuple[Size, ...]


TOP_SIZES = (Size.XS, Size.S, Size.M, Size.M, Size.L, Size.XL, Size.XXL)
GARMENTS = (
    Garment("tee", Category.TOPS, (
        ("Uniqlo", "Supima cotton crew neck tee"), ("Everlane", "Organic cotton box-cut tee"),
        ("Nike", "Sportswear logo tee"), ("Patagonia", "P-6 logo responsibili-tee"),
        ("H&M", "Relaxed fit striped tee"), ("Zara", "Boxy fit heavyweight tee"),
        ("Carhartt", "Pocket tee")), (8, 40), TOP_SIZES),
    Garment("hoodie", Category.TOPS, (
        ("Nike", "Club fleece pullover hoodie"), ("Adidas", "Trefoil hoodie"),
        ("Carhartt", "Hooded sweatshirt"), ("Patagonia", "Uprisal hoody"),
        ("North Face", "Half Dome hoodie"), ("Uniqlo", "Sweat full-zip hoodie")),
        (18, 85), TOP_SIZES),
    Garment("jacket", Category.OUTERWEAR, (
        ("Levi's", "Trucker denim jacket"), ("Carhartt", "Detroit chore jacket"),
        ("North Face", "1996 Retro Nuptse puffer"), ("Patagonia", "Better Sweater fleece"),
        ("Zara", "Wool blend overcoat"), ("Madewell", "Oversized denim jacket"),
        ("Michael Kors", "Quilted hooded jacket"), ("Uniqlo", "Ultra light down jacket")),
        (35, 240), TOP_SIZES),
    Garment("dress", Category.DRESSES, (
        ("Reformation", "Linen midi dress"), ("Zara", "Floral wrap dress"),
        ("H&M", "Smocked sundress"), ("Madewell", "Slip midi dress"),
        ("Everlane", "Knit sweater dress"), ("Michael Kors", "Belted shirt dress")),
        (20, 180), (Size.XS, Size.S, Size.S, Size.M, Size.L)),
    Garment("skirt", Category.BOTTOMS, (
        ("Zara", "Pleated midi skirt"), ("Levi's", "Denim mini skirt"),
        ("Reformation", "Satin slip skirt"), ("H&M", "A-line corduroy skirt"),
        ("Madewell", "Button-front midi skirt")), (14, 90), (Size.XS, Size.S, Size.M, Size.L)),
    Garment("jeans", Category.BOTTOMS, (
        ("Levi's", "501 original fit jeans"), ("Levi's", "Ribcage straight jeans"),
        ("Madewell", "Perfect vintage jeans"), ("Carhartt", "Double knee carpenter pants"),
        ("Everlane", "Way-high wide leg jeans"), ("Zara", "Straight fit jeans")),
        (22, 120), (Size.XS, Size.S, Size.M, Size.L, Size.XL)),
    Garment("sneaker", Category.FOOTWEAR, (
        ("Nike", "Air Force 1 '07 low"), ("Nike", "Air Max 90"), ("Adidas", "Samba OG"),
        ("Adidas", "Gazelle"), ("Converse", "Chuck 70 high top"), ("Vans", "Old Skool"),
        ("Vans", "Classic slip-on")), (30, 160), (Size.OTHER,)),
    Garment("bag", Category.ACCESSORIES, (
        ("Coach", "Leather tabby shoulder bag"), ("Michael Kors", "Jet Set travel tote"),
        ("Patagonia", "Ultralight black hole mini hip pack"), ("Madewell", "Transport tote"),
        ("Everlane", "Canvas day tote"), ("Zara", "Mini crossbody bag")),
        (18, 240), (Size.OTHER,)),
)
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


def _description(rng: random.Random, colour: str, condition: Condition) -> str:
    extras = rng.sample(EXTRAS, 2)
    return f"{colour.capitalize()} colourway. {WEAR[condition]} {' '.join(extras)}"


@dataclass
class PhotoPool:
    """Stored photos per garment kind: ``covers[kind][variant]``, matching close-ups, and the
    colour each variant is drawn in (so a title never says olive under a burgundy photo)."""

    covers: dict[str, list[ListingImage]]
    closeups: dict[str, list[ListingImage]]
    colours: dict[str, list[str]]


class CatalogDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock, media: MediaStore,
                 pictures: GarmentPictures) -> None:
        self.uow = uow
        self.clock = clock
        self.media = media
        self.pictures = pictures

    async def seed(self, listings: int, progress: Progress) -> list[int]:
        if listings <= 0:
            return []
        sellers = await self._user_ids(SELLERS)
        if not sellers:  # the accounts step did not run: nobody to list items
            return []
        pool = await self.photo_pool(progress)
        ids = await self._seed_listings(listings, sellers, pool, progress)
        await self._seed_favorites(ids, progress)
        async with self.uow:
            await self.uow.listings.refresh_statistics()
            await self.uow.commit()
        return ids

    async def photo_pool(self, progress: Progress) -> PhotoPool:
        """Draw and store a cover and a close-up of each garment variant (two at a time,
        in worker threads)."""
        jobs = [(kind, variant) for kind in self.pictures.kinds
                for variant in range(VARIANTS_PER_KIND)]
        stored: dict[tuple[str, int], tuple[ListingImage, ListingImage, str]] = {}
        for start in range(0, len(jobs), 2):
            pair = jobs[start:start + 2]
            stored.update(zip(pair, await asyncio.gather(*(self._photos(*j) for j in pair)),
                              strict=True))
            progress("photos", len(stored), len(jobs))
        return PhotoPool(
            covers={k: [stored[(k, v)][0] for v in range(VARIANTS_PER_KIND)]
                    for k in self.pictures.kinds},
            closeups={k: [stored[(k, v)][1] for v in range(VARIANTS_PER_KIND)]
                      for k in self.pictures.kinds},
            colours={k: [stored[(k, v)][2] for v in range(VARIANTS_PER_KIND)]
                     for k in self.pictures.kinds})

    async def _photos(self, kind: str, variant: int
                      ) -> tuple[ListingImage, ListingImage, str]:
        drawn = await self.pictures.draw(kind, variant)
        cover = await self.media.save_listing_image(drawn.cover)
        closeup = await self.media.save_listing_image(drawn.closeup)
        return (ListingImage(cover.url, cover.thumbnail_url),
                ListingImage(closeup.url, closeup.thumbnail_url), drawn.colour)

    async def _user_ids(self, names: tuple[str, ...]) -> list[int]:
        async with self.uow:
            found = [await self.uow.users.get_by_login(name) for name in names]
        return [user.id for user in found if user is not None and user.id is not None]

    async def _seed_listings(self, count: int, sellers: list[int], pool: PhotoPool,
                             progress: Progress) -> list[int]:
        rng = random.Random(60)
        now = self.clock.now()
        ids: list[int] = []
        for start in range(0, count, BATCH):
            batch = [self._listing(rng, n, count, sellers, pool, now)
                     for n in range(start, min(count, start + BATCH))]
            async with self.uow:
                ids.extend(await self.uow.listings.add_many(batch))
                await self.uow.activity.record_many([
                    Activity(ActivityKind.LISTING_CREATED, item.seller_id, item.created_at)
                    for item in batch])
                await self.uow.commit()
            progress("listings", len(ids), count)
        return ids

    def _listing(self, rng: random.Random, n: int, count: int, sellers: list[int],
                 pool: PhotoPool, now: datetime) -> Listing:
        garment = rng.choice(GARMENTS)
        brand, name = rng.choice(garment.names)
        condition = rng.choices(list(Condition), weights=(2, 4, 5, 1))[0]
        variant = rng.randrange(VARIANTS_PER_KIND)
        colour = pool.colours[garment.kind][variant]
        images = [pool.covers[garment.kind][variant]]
        if rng.random() < 0.5:
            images.append(pool.closeups[garment.kind][variant])
        # Ages spread evenly over eight weeks, oldest first, so ids grow with time as they
        # would in a live shop (and the date index is appended to, not shuffled).
        created = now - timedelta(minutes=AGE_MINUTES * (count - n) / count
                                  + rng.uniform(1, 30))
        seller = sellers[n % len(sellers)]
        streetwear = len(sellers) > 1 and seller == sellers[1]  # theo: "all authentic"
        return Listing(
            seller_id=seller, title=f"{brand} {name}, {colour}"[:100],
            description=_description(rng, colour, condition),
            price=_price(rng, *garment.prices), brand=brand,
            size=rng.choice(garment.sizes), condition=condition, category=garment.category,
            images=images, created_at=created, updated_at=created,
            price_drop=rng.random() < 0.08,
            verified=rng.random() < (0.3 if streetwear else 0.05),
        )

    async def _seed_favorites(self, listing_ids: list[int], progress: Progress) -> None:
        """Each demo person watches a few listings; a dozen favourites are watched by most."""
        watchers = await self._user_ids(WATCHERS)
        rng = random.Random(7)
        recent = listing_ids[-400:]
        popular = rng.sample(recent, min(12, len(recent)))
        now = self.clock.now()
        pairs: set[tuple[int, int]] = set()
        for user_id in watchers:
            liked = [p for p in popular if rng.random() < 0.6]
            liked += rng.sample(recent, min(len(recent), rng.randint(3, 8)))
            pairs.update((user_id, product_id) for product_id in liked)
        async with self.uow:
            own = await self.uow.listings.get_many(sorted({p for _, p in pairs}))
            allowed = [(u, p, now - timedelta(hours=rng.randint(1, 24 * 30)))
                       for u, p in sorted(pairs) if own[p].seller_id != u]
            await self.uow.favorites.add_many(allowed)
            await self.uow.commit()
        progress("favorites", len(allowed), len(allowed))
