"""Demo style posts: outfits drawn from demo listings, with hashtags, tags, likes, comments,
saves and follows, so the feed, a post and a profile look lived in.

Deterministic (seeded random numbers). Each post is a flat-lay of two to four listed pieces
(a top or dress, bottoms, shoes, a bag), drawn in those listings' own colours; each tagged
listing's hotspot sits on its piece. Ages spread from today to about two months back.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from datetime import datetime, timedelta

from application.demo_catalog import PhotoPool
from application.ports import Clock, UnitOfWork
from application.ports.media import GarmentPictures, MediaStore
from domain.listings import Listing
from domain.posts import Comment, ProductTag, StylePost

Progress = Callable[[str, int, int], None]

POSTERS = ("maya", "sofia", "theo", "emma", "priya", "jamal", "lucas")
POSTS = 12
TOPS, BOTTOMS, SHOES, BAGS = ("tee", "hoodie", "jacket"), ("jeans", "skirt"), ("sneaker",), ("bag",)
# Age of each post in days: today, yesterday, this week, weeks and months ago.
AGES = (0, 0, 1, 2, 4, 6, 9, 13, 18, 24, 40, 65)
CAPTIONS = (
    ("Sunday market layers", ("ootd", "thrifted")),
    ("Denim on denim, no regrets", ("denim", "vintage")),
    ("Office to dinner in one look", ("workwear", "minimal")),
    ("First warm day of the year", ("springstyle", "ootd")),
    ("Everything here is secondhand", ("secondhand", "slowfashion")),
    ("Gallery date fit", ("streetstyle", "thrifted")),
    ("Cosy but make it sharp", ("layering", "autumn")),
    ("Weekend errands uniform", ("casual", "ootd")),
    ("Colour clash on purpose", ("colorful", "vintage")),
    ("Packing light for the city", ("travel", "minimal")),
    ("Rewearing my favourites", ("rewear", "slowfashion")),
    ("Thrift haul, styled", ("thrifthaul", "secondhand")),
)
COMMENTS = (
    "Obsessed with this combo!", "Where did you find the shoes?", "The colours work so well.",
    "Saving this for my next trip.", "This is giving effortless.", "Need that jacket in my life.",
    "So good. Is the top still available?", "Love how you styled the bag.",
    "Perfect weekend look.", "Adding to my inspo board!",
)


def _piece_kinds(rng: random.Random) -> list[tuple[str, ...]]:
    """Which kinds of garment an outfit has, in the outfit photo's slot order."""
    if rng.random() < 0.3:
        kinds: list[tuple[str, ...]] = [("dress",), SHOES]
    else:
        kinds = [TOPS, BOTTOMS, SHOES]
    if rng.random() < 0.5:
        kinds.append(BAGS)
    return kinds


class PostsDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock, media: MediaStore,
                 pictures: GarmentPictures) -> None:
        self.uow = uow
        self.clock = clock
        self.media = media
        self.pictures = pictures

    async def seed(self, listing_ids: list[int], pool: PhotoPool | None,
                   progress: Progress) -> list[int]:
        people = await self._people()
        if pool is None or len(people) < 2 or not listing_ids:
            return []
        by_kind = await self._listings_by_kind(listing_ids[:400], pool)
        rng = random.Random(1010)
        now = self.clock.now()
        plans = [self._plan(n, rng, by_kind, people, now) for n in range(POSTS)]
        posts: list[StylePost] = []
        for start in range(0, len(plans), 2):
            pair = plans[start:start + 2]
            posts.extend(await asyncio.gather(*(self._draw(*plan) for plan in pair)))
            progress("style posts", len(posts), len(plans))
        async with self.uow:
            ids = await self.uow.posts.add_many([p for p in posts if p.tags])
            await self._reactions(ids, posts, people, rng, now)
            await self.uow.commit()
        return ids

    async def _people(self) -> dict[str, int]:
        async with self.uow:
            found = {name: await self.uow.users.get_by_login(name) for name in POSTERS}
        return {name: user.id for name, user in found.items() if user and user.id is not None}

    async def _listings_by_kind(self, ids: list[int], pool: PhotoPool
                                ) -> dict[str, list[tuple[int, int]]]:
        """(listing id, variant) of available listings per garment kind, from their covers."""
        covers = {image.url: (kind, variant) for kind, images in pool.covers.items()
                  for variant, image in enumerate(images)}
        async with self.uow:
            listings: dict[int, Listing] = await self.uow.listings.get_many(ids)
        by_kind: dict[str, list[tuple[int, int]]] = {}
        for listing_id in ids:
            listing = listings.get(listing_id)
            if listing is None or not listing.images or not listing.status.is_purchasable:
                continue
            kind, variant = covers.get(listing.images[0].url, ("", 0))
            if kind:
                by_kind.setdefault(kind, []).append((listing_id, variant))
        return by_kind

    def _plan(self, n: int, rng: random.Random, by_kind: dict[str, list[tuple[int, int]]],
              people: dict[str, int], now: datetime
              ) -> tuple[int, list[tuple[str, int, int]], int, datetime, int]:
        pieces: list[tuple[str, int, int]] = []
        for kinds in _piece_kinds(rng):
            choices = [(kind, item) for kind in kinds for item in by_kind.get(kind, [])]
            if choices:
                kind, (listing_id, variant) = rng.choice(choices)
                pieces.append((kind, variant, listing_id))
        names = list(people)
        author = people[names[n % len(names)]]
        at = now - timedelta(days=AGES[n % len(AGES)], hours=rng.randint(0, 10),
                             minutes=rng.randint(0, 59))
        return n, pieces, author, at, n % len(CAPTIONS)

    async def _draw(self, n: int, pieces: list[tuple[str, int, int]], author: int,
                    at: datetime, caption: int) -> StylePost:
        photo = await self.pictures.draw_outfit([(k, v) for k, v, _ in pieces], n)
        stored = await self.media.save_listing_image(photo.png)
        text, tags = CAPTIONS[caption]
        content = f"{text} #{tags[0]}"
        hashtags = tuple(dict.fromkeys([*tags, "rethread"]))
        product_tags = tuple(ProductTag(listing_id, x, y) for (_, _, listing_id), (x, y)
                             in zip(pieces, photo.spots, strict=False))
        return StylePost(author, stored.url, stored.thumbnail_url, content, at,
                         hashtags=hashtags, tags=product_tags)

    async def _reactions(self, ids: list[int], posts: list[StylePost], people: dict[str, int],
                         rng: random.Random, now: datetime) -> None:
        users = list(people.values())
        likes, saves, comments = [], [], []
        for post_id, post in zip(ids, [p for p in posts if p.tags], strict=True):
            others = [u for u in users if u != post.user_id]
            fresh = now - post.created_at < timedelta(days=28)
            for user in rng.sample(others, rng.randint(1 if fresh else 0, len(others))):
                likes.append((post_id, user, post.created_at + timedelta(hours=1)))
            for user in rng.sample(others, rng.randint(0, 2)):
                saves.append((post_id, user, post.created_at + timedelta(hours=2)))
            for index, user in enumerate(rng.sample(others, rng.randint(0, 3))):
                comments.append(Comment(post_id, user, rng.choice(COMMENTS),
                                        post.created_at + timedelta(hours=3 + index)))
        await self.uow.likes.add_many(likes)
        await self.uow.saves.add_many(saves)
        await self.uow.comments.add_many(comments)
        for follower in users:
            for followed in rng.sample(users, 3):
                if follower != followed:
                    await self.uow.follows.add(follower, followed, now - timedelta(days=30))
