"""Demo style posts: outfits drawn from demo listings, with hashtags, tags, likes, comments,
saves and follows, so the feed, a post and a profile look lived in.

Deterministic (seeded random numbers). Each post is a flat-lay of two to four listed pieces
(a top or dress, bottoms, shoes, a bag), drawn in those listings' own looks, and its caption
says what the photo shows (denim on denim is a denim jacket with jeans, a warm day a light
dress); each tagged listing's hotspot sits on its piece. Ages spread from today to about two
months back.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from application.demo.catalog import PhotoPool
from application.demo.looks import DENIMS, look
from application.ports import Clock, UnitOfWork
from application.ports.media import GarmentLook, GarmentPictures, MediaStore
from domain.listings import Listing
from domain.posts import Comment, ProductTag, StylePost

Progress = Callable[[str, int, int], None]

POSTERS = ("maya", "sofia", "theo", "emma", "priya", "jamal", "lucas")
POSTS = 12
# Age of each post in days: today, yesterday, this week, weeks and months ago.
AGES = (0, 0, 1, 2, 4, 6, 9, 13, 18, 24, 40, 65)
TOPS, BOTTOMS = ("tee", "blouse", "hoodie", "jacket"), ("jeans", "skirt")
DENIM = frozenset(DENIMS)
BRIGHT = frozenset({"red", "cobalt", "mustard", "coral", "lilac", "teal", "rust", "blush"})
LIGHT = frozenset({"white", "cream", "ecru", "sage", "sky blue", "blush", "lilac", "mustard"})


@dataclass(frozen=True)
class Slot:
    """One piece of an outfit: which kinds may fill it and, if it matters, which colours."""

    kinds: tuple[str, ...]
    colours: frozenset[str] | None = None


SHOES, BAG = Slot(("sneaker",)), Slot(("bag",))
# Each caption with the outfit its photo must show (in the flat-lay's slot order).
CAPTIONS: tuple[tuple[str, tuple[str, str], tuple[Slot, ...]], ...] = (
    ("Sunday market layers", ("ootd", "thrifted"),
     (Slot(("jacket", "hoodie")), Slot(BOTTOMS), SHOES, BAG)),
    ("Denim on denim, no regrets", ("denim", "vintage"),
     (Slot(("jacket",), DENIM), Slot(("jeans",), DENIM), SHOES)),
    ("Office to dinner in one look", ("workwear", "minimal"),
     (Slot(("blouse",)), Slot(("skirt", "jeans")), SHOES, BAG)),
    ("First warm day of the year", ("springstyle", "ootd"),
     (Slot(("dress",), LIGHT | BRIGHT), SHOES)),
    ("Everything here is secondhand", ("secondhand", "slowfashion"),
     (Slot(TOPS), Slot(BOTTOMS), SHOES, BAG)),
    ("Gallery date fit", ("streetstyle", "thrifted"),
     (Slot(("tee", "blouse")), Slot(("jeans",)), SHOES)),
    ("Cosy but make it sharp", ("layering", "autumn"),
     (Slot(("hoodie",)), Slot(BOTTOMS), SHOES, BAG)),
    ("Weekend errands uniform", ("casual", "ootd"),
     (Slot(("tee", "hoodie")), Slot(("jeans",)), SHOES, BAG)),
    ("Colour clash on purpose", ("colorful", "vintage"),
     (Slot(TOPS, BRIGHT), Slot(BOTTOMS), SHOES)),
    ("Packing light for the city", ("travel", "minimal"),
     (Slot(("tee",)), Slot(("jeans",)), SHOES, BAG)),
    ("Rewearing my favourites", ("rewear", "slowfashion"),
     (Slot(("dress",)), SHOES, BAG)),
    ("Thrift haul, styled", ("thrifthaul", "secondhand"),
     (Slot(TOPS), Slot(("skirt",)), SHOES, BAG)),
)
COMMENTS = (
    "Obsessed with this combo!", "Where did you find the shoes?", "The colours work so well.",
    "Saving this for my next trip.", "This is giving effortless.", "Need that jacket in my life.",
    "So good. Is the top still available?", "Love how you styled the bag.",
    "Perfect weekend look.", "Adding to my inspo board!",
)


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
        plans = [plan for n in range(POSTS)
                 if (plan := self._plan(n, rng, by_kind, people, now))[1]]
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
                                ) -> dict[str, list[tuple[int, GarmentLook]]]:
        """(listing id, look) of available listings per garment kind, from their covers."""
        covers = {cover.url: key for key, (cover, _) in pool.photos.items()}
        async with self.uow:
            listings: dict[int, Listing] = await self.uow.listings.get_many(ids)
        by_kind: dict[str, list[tuple[int, GarmentLook]]] = {}
        for listing_id in ids:
            listing = listings.get(listing_id)
            if listing is None or not listing.images or not listing.status.is_purchasable:
                continue
            key = covers.get(listing.images[0].url)
            if key is not None:
                by_kind.setdefault(key[0], []).append((listing_id, look(*key)))
        return by_kind

    def _plan(self, n: int, rng: random.Random,
              by_kind: dict[str, list[tuple[int, GarmentLook]]], people: dict[str, int],
              now: datetime) -> tuple[int, list[tuple[GarmentLook, int]], int, datetime, int]:
        """Post ``n``: its caption, and for each of the caption's slots a listed piece that
        fits it (a slot nothing fits is left out, never filled with the wrong thing; without the
        piece the caption is about, the post is left out)."""
        caption = n % len(CAPTIONS)
        pieces: list[tuple[GarmentLook, int]] = []
        for slot in CAPTIONS[caption][2]:
            choices = [(chosen, item) for kind in slot.kinds
                       for item, chosen in by_kind.get(kind, [])
                       if slot.colours is None or chosen.colour in slot.colours]
            if choices:
                pieces.append(rng.choice(choices))
            elif slot.colours is not None:  # the caption's point is missing: no post
                pieces = []
                break
        names = list(people)
        author = people[names[n % len(names)]]
        at = now - timedelta(days=AGES[n % len(AGES)], hours=rng.randint(0, 10),
                             minutes=rng.randint(0, 59))
        return n, pieces, author, at, caption

    async def _draw(self, n: int, pieces: list[tuple[GarmentLook, int]], author: int,
                    at: datetime, caption: int) -> StylePost:
        photo = await self.pictures.draw_outfit([chosen for chosen, _ in pieces], n)
        stored = await self.media.save_listing_image(photo.photo)
        text, tags, _ = CAPTIONS[caption]
        content = f"{text} #{tags[0]}"
        hashtags = tuple(dict.fromkeys([*tags, "rethread"]))
        product_tags = tuple(ProductTag(listing_id, x, y) for (_, listing_id), (x, y)
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
