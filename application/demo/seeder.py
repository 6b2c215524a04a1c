"""Demo data: deterministic accounts (and, as areas grow, listings, posts...) for a lived-in app.

Every area adds its own seeding step; ``DemoSeeder.seed`` runs them in order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from application.demo.analytics import AnalyticsDemo
from application.demo.blog import BlogDemo
from application.demo.catalog import CatalogDemo
from application.demo.messaging import MessagingDemo
from application.demo.offers import OffersDemo
from application.demo.orders import OrdersDemo
from application.demo.posts import PostsDemo
from application.demo.trust import TrustDemo
from application.ports import Clock, PasswordHasher, UnitOfWork
from application.ports.media import GarmentPictures, MediaStore
from domain.accounts import Role, User
from domain.bundles import validate_tiers
from domain.saved_searches import SavedQuery, new_saved_search
from domain.seller_stats import STATS_DAYS, stats_day
from domain.vacation import start as start_vacation

DEMO_PASSWORD = "rethread-demo"
ADMIN_PASSWORD = "rethread-admin"

# (username, display name, role, bio, height, instagram)
DEMO_PEOPLE: list[tuple[str, str, Role, str | None, str | None, str | None]] = [
    ("admin", "Rethread Admin", Role.ADMIN, "Keeping Rethread tidy and trusted.", None, None),
    ("maya", "Maya Chen", Role.SELLER, "Vintage denim hunter. Ships within 24h.", "5'6\"",
     "maya.thrifts"),
    ("theo", "Theo Brooks", Role.SELLER, "Streetwear and sneakers, all authentic.", "6'0\"",
     "theo.kicks"),
    ("priya", "Priya Patel", Role.SELLER, "Minimalist wardrobe, gently worn.", "5'4\"", None),
    ("lucas", "Lucas Moreau", Role.SELLER, "Outdoor gear and workwear.", "5'11\"", None),
    ("sofia", "Sofia Rossi", Role.USER, "Collecting dresses for every season.", "5'5\"",
     "sofia.style"),
    ("jamal", "Jamal Carter", Role.USER, None, "6'2\"", None),
    ("emma", "Emma Larsen", Role.USER, "Thrift first, always.", None, "emma.rewears"),
]

FIRST = ["Ava", "Noah", "Mia", "Liam", "Zoe", "Ethan", "Ivy", "Leo", "Nina", "Owen", "Ruby",
         "Sam", "Tara", "Umar", "Vera", "Wes", "Yara", "Zane", "Iris", "Kai"]
LAST = ["Kim", "Lopez", "Nguyen", "Smith", "Garcia", "Khan", "Silva", "Novak", "Okafor",
        "Reyes", "Walsh", "Young", "Adams", "Baker", "Diaz", "Evans", "Fox", "Gray"]


@dataclass(frozen=True)
class DemoLogin:
    username: str
    password: str
    role: Role


DEMO_LOGINS = [
    DemoLogin(name, ADMIN_PASSWORD if role is Role.ADMIN else DEMO_PASSWORD, role)
    for name, _, role, *_ in DEMO_PEOPLE
]

Progress = Callable[[str, int, int], None]


# Sellers with bundle discounts: (min items, percent) tiers.
BUNDLE_DISCOUNTS = {"lucas": [(2, 10), (3, 15)], "priya": [(2, 5), (4, 20)]}
# A seller on vacation (docs/selling.md, "Vacation mode").
AWAY_SELLER = "theo"
# Seller stats' history: daily views for this many of the demo listings (docs/seller-stats.md).
VIEWED_LISTINGS = 240
# Saved searches with new matches (docs/selling.md, "Saved searches"): opened 3 weeks ago.
SAVED_SEARCHES = {
    "maya": [("Levi's", SavedQuery(brands=("Levi's",))), ("Jackets", SavedQuery(q="jacket"))],
    "sofia": [("Outerwear under $80", SavedQuery(categories=("outerwear",), max_price="80"))],
}


def _quiet(_: str, __: int, ___: int) -> None:
    return None


class DemoSeeder:
    def __init__(self, uow: UnitOfWork, hasher: PasswordHasher, clock: Clock,
                 media: MediaStore, pictures: GarmentPictures) -> None:
        self.uow = uow
        self.hasher = hasher
        self.clock = clock
        self.catalog = CatalogDemo(uow, clock, media, pictures)
        self.analytics = AnalyticsDemo(uow, clock)

    async def is_seeded(self) -> bool:
        async with self.uow:
            return await self.uow.users.username_taken("admin")

    async def seed(self, users: int = 0, listings: int = 60, progress: Progress = _quiet) -> bool:
        """Seed once; returns False (and changes nothing) when demo data is already there."""
        if await self.is_seeded():
            return False
        await self._seed_people(progress)
        await self._seed_generated_users(users, progress)
        await BlogDemo(self.uow, self.clock, self.catalog.media,
                       self.catalog.pictures).seed(progress)
        listing_ids = await self.catalog.seed(listings, progress)
        await PostsDemo(self.uow, self.clock, self.catalog.media, self.catalog.pictures).seed(
            listing_ids, self.catalog.pool, progress)
        # Offers first: their thread messages start out read, the conversations' unread
        # messages (and the notices of both) are what the inboxes show as new.
        made = await OffersDemo(self.uow, self.clock).seed()
        progress("offers", made, made)
        progress("conversations", 0, 1)
        await MessagingDemo(self.uow, self.clock).seed()
        progress("conversations", 1, 1)
        await OrdersDemo(self.uow, self.clock).seed(listing_ids, progress)
        trust = TrustDemo(self.uow, self.clock, self.catalog.media)
        await trust.seed()
        await trust.seed_dispute()
        await self.analytics.seed(progress)
        await self._seed_bundle_discounts()
        await self._seed_vacation()
        await self._seed_listing_views(listing_ids)
        await self._seed_saved_searches()
        return True

    async def _seed_saved_searches(self) -> None:
        """A few saved searches last opened 3 weeks ago, so they show new matches; marked
        notified now, so the demo does not start with a burst of notices."""
        now = self.clock.now()
        async with self.uow:
            for username, searches in SAVED_SEARCHES.items():
                member = await self.uow.users.get_by_login(username)
                if member is None or member.id is None:
                    continue
                for name, query in searches:
                    search = new_saved_search(member.id, name, query, now - timedelta(days=21))
                    search.notified_at = now
                    await self.uow.saved_searches.add(search)
            await self.uow.commit()

    async def _seed_listing_views(self, listing_ids: list[int]) -> None:
        """Seller stats with 30 days of history: a few views a day for the first listings,
        from the day each was listed (a fixed seed, so every demo is the same)."""
        rng = random.Random(38)
        today = stats_day(self.clock.now())
        async with self.uow:
            listed = await self.uow.listings.get_many(listing_ids[:VIEWED_LISTINGS])
            rows: list[tuple[int, date, int]] = []
            for listing_id, listing in sorted(listed.items()):
                first = max(stats_day(listing.created_at), today - timedelta(days=STATS_DAYS - 1))
                popularity = rng.uniform(0.5, 6.0)
                day = first
                while day <= today:
                    views = int(rng.expovariate(1 / popularity))
                    if views:
                        rows.append((listing_id, day, views))
                    day += timedelta(days=1)
            await self.uow.seller_stats.add_view_days(rows)
            await self.uow.commit()

    async def _seed_vacation(self) -> None:
        """One seller is on vacation (their listings show "Seller away until ...")."""
        now = self.clock.now()
        async with self.uow:
            seller = await self.uow.users.get_by_login(AWAY_SELLER)
            if seller is not None and seller.id is not None:
                await self.uow.vacations.put(start_vacation(
                    seller.id, now + timedelta(days=10),
                    "Travelling until then; orders ship the day I'm back.", now))
            await self.uow.commit()

    async def _seed_bundle_discounts(self) -> None:
        """Two sellers offer bundle discounts (docs/selling.md, "Bundles")."""
        async with self.uow:
            for username, tiers in BUNDLE_DISCOUNTS.items():
                seller = await self.uow.users.get_by_login(username)
                if seller is not None and seller.id is not None:
                    await self.uow.bundle_tiers.replace(seller.id, validate_tiers(tiers))
            await self.uow.commit()

    async def _seed_people(self, progress: Progress) -> None:
        now = self.clock.now()
        demo_hash = await self.hasher.hash(DEMO_PASSWORD)
        admin_hash = await self.hasher.hash(ADMIN_PASSWORD)
        async with self.uow:
            for index, (name, display, role, bio, height, insta) in enumerate(DEMO_PEOPLE):
                await self.uow.users.add(User(
                    username=name, display_name=display, email=f"{name}@rethread.test",
                    password_hash=admin_hash if role is Role.ADMIN else demo_hash,
                    created_at=now - timedelta(days=120 - index * 9), role=role, bio=bio,
                    height=height, instagram_handle=insta, verified=role is Role.SELLER,
                    # (their @rethread.test addresses cannot receive the confirmation link)
                    email_verified=True,
                ))
                progress("accounts", index + 1, len(DEMO_PEOPLE))
            await self.uow.commit()

    async def _seed_generated_users(
            self, count: int, progress: Progress, batch: int = 5000) -> None:
        """Extra shoppers for load tests; one shared password hash keeps this fast."""
        rng = random.Random(2026)
        shared_hash = await self.hasher.hash(DEMO_PASSWORD)
        now = self.clock.now()
        for start in range(0, count, batch):
            people = []
            for n in range(start, min(count, start + batch)):
                first, last = rng.choice(FIRST), rng.choice(LAST)
                people.append(User(
                    username=f"shopper{n + 1}", display_name=f"{first} {last}",
                    email=f"shopper{n + 1}@rethread.test", password_hash=shared_hash,
                    created_at=now - timedelta(minutes=rng.randint(0, 60 * 24 * 60)),
                ))
            async with self.uow:
                await self.uow.users.add_many(people)
                await self.uow.commit()
            progress("shoppers", min(count, start + batch), count)
