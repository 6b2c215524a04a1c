"""In-memory catalog: the search rules written as plain Python over a list.

Used twice: as the fake ``ListingRepository`` / ``FavoriteRepository`` / ``MediaStore`` of
the service unit tests, and as the brute-force oracle the property test compares both SQL
databases with. It knows nothing of SQL, FTS5 or tsvector: only the rules stated in
``application/ports/catalog.py``.
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections import Counter
from collections.abc import Iterable
from datetime import datetime
from types import TracebackType
from typing import Any, Self

from application.ports.catalog import (
    After,
    FacetCount,
    Facets,
    Favorite,
    ListingFilter,
    ListingSort,
    SellerCard,
    sort_value,
)
from application.ports.media import StoredImage, UnreadableImage
from application.ports.social import Follow
from domain.accounts import User
from domain.catalog import ListingStatus
from domain.listings import Listing
from tests.unit.fakes import FakeUnitOfWork

_WORD = re.compile(r"[^\W_]+")


def words_of(listing: Listing) -> list[str]:
    return _WORD.findall(f"{listing.title} {listing.description} {listing.brand}".lower())


def passes(listing: Listing, query: ListingFilter, skip: str | None = None) -> bool:
    """Does ``listing`` pass ``query`` (leaving out the ``skip`` facet's own filter)?"""
    indexed = words_of(listing)
    checks = [
        query.include_unavailable or listing.status is ListingStatus.AVAILABLE,
        query.seller_id is None or listing.seller_id == query.seller_id,
        all(any(w.startswith(q) for w in indexed) for q in query.words),
        skip == "brands" or not query.brands
        or " ".join(listing.brand.split()).lower() in query.brands,
        skip == "categories" or not query.categories or listing.category in query.categories,
        skip == "sizes" or not query.sizes or listing.size in query.sizes,
        skip == "conditions" or not query.conditions or listing.condition in query.conditions,
        query.min_price is None or listing.price >= query.min_price,
        query.max_price is None or listing.price <= query.max_price,
    ]
    return all(checks)


def ordered(listings: Iterable[Listing], sort: ListingSort) -> list[Listing]:
    return sorted(listings, key=lambda item: (sort_value(item, sort), item.id),
                  reverse=sort.descending)


def after_position(listing: Listing, sort: ListingSort, after: After) -> bool:
    key = (sort_value(listing, sort), listing.id)
    position = (after.value, after.id)
    return key < position if sort.descending else key > position  # type: ignore[operator]


def facet_counts(listings: Iterable[Listing], query: ListingFilter, brand_limit: int
                 ) -> Facets:
    items = list(listings)

    def counted(name: str, value_of: Any) -> list[FacetCount]:
        counts = Counter(value_of(i) for i in items if passes(i, query, skip=name))
        return [FacetCount(v, n) for v, n in sorted(counts.items(), key=lambda x: (-x[1], x[0]))]

    brands = Counter(" ".join(i.brand.split()).lower() for i in items
                     if passes(i, query, skip="brands"))
    shown = {}
    for i in items:
        key = " ".join(i.brand.split()).lower()
        shown[key] = min(shown.get(key, i.brand), i.brand)
    return Facets(
        brands=[FacetCount(shown[k], n) for k, n in sorted(
            brands.items(), key=lambda x: (-x[1], x[0]))][:brand_limit],
        categories=counted("categories", lambda i: i.category.value),
        sizes=counted("sizes", lambda i: i.size.value),
        conditions=counted("conditions", lambda i: i.condition.value),
    )


class FakeListings:
    def __init__(self, users: Any) -> None:
        self.rows: dict[int, Listing] = {}
        self.users = users

    async def add(self, listing: Listing) -> Listing:
        listing.id = max(self.rows, default=0) + 1
        self.rows[listing.id] = copy.deepcopy(listing)
        return listing

    async def add_many(self, listings: list[Listing]) -> list[int]:
        return [(await self.add(item)).id for item in listings]  # type: ignore[misc]

    async def refresh_statistics(self) -> None:
        return None

    async def get(self, listing_id: int) -> Listing | None:
        return copy.deepcopy(self.rows.get(listing_id))

    async def get_many(self, listing_ids: list[int]) -> dict[int, Listing]:
        return {i: copy.deepcopy(self.rows[i]) for i in listing_ids if i in self.rows}

    async def save(self, listing: Listing) -> None:
        assert listing.id in self.rows
        watchers = self.rows[listing.id].watch_count
        self.rows[listing.id] = copy.deepcopy(listing)
        self.rows[listing.id].watch_count = watchers

    async def delete(self, listing_id: int) -> None:
        self.rows.pop(listing_id, None)

    async def search(self, query: ListingFilter, sort: ListingSort, limit: int,
                     after: After | None = None, matches: int | None = None
                     ) -> list[Listing]:
        found = [i for i in ordered(self.rows.values(), sort) if passes(i, query)
                 and (after is None or after_position(i, sort, after))]
        return copy.deepcopy(found[:limit])

    async def count(self, query: ListingFilter) -> int:
        return sum(passes(i, query) for i in self.rows.values())

    async def facets(self, query: ListingFilter, brand_limit: int) -> Facets:
        return facet_counts(self.rows.values(), query, brand_limit)

    async def count_by_seller(self, seller_id: int, *, include_unavailable: bool) -> int:
        return sum(i.seller_id == seller_id and (include_unavailable or i.is_searchable)
                   for i in self.rows.values())

    async def sellers(self, user_ids: set[int]) -> dict[int, SellerCard]:
        cards = {}
        for user_id in user_ids:
            user = self.users.rows.get(user_id)
            if user is not None:
                cards[user_id] = SellerCard(user.id, user.username, user.display_name,
                                            user.avatar_url, user.rating, user.rating_count,
                                            user.verified)
        return cards


class FakeFavorites:
    def __init__(self, listings: FakeListings) -> None:
        self.rows: dict[tuple[int, int], Favorite] = {}
        self.listings = listings

    async def add(self, user_id: int, product_id: int, now: datetime) -> tuple[Favorite, bool]:
        if (user_id, product_id) in self.rows:
            return self.rows[(user_id, product_id)], False
        favorite = Favorite(len(self.rows) + 1, user_id, product_id, now)
        self.rows[(user_id, product_id)] = favorite
        self.listings.rows[product_id].watch_count += 1
        return favorite, True

    async def remove(self, user_id: int, product_id: int) -> bool:
        if self.rows.pop((user_id, product_id), None) is None:
            return False
        self.listings.rows[product_id].watch_count -= 1
        return True

    async def get(self, user_id: int, product_id: int) -> Favorite | None:
        return self.rows.get((user_id, product_id))

    async def list_for(self, user_id: int, limit: int) -> list[Favorite]:
        mine = [f for f in self.rows.values() if f.user_id == user_id]
        return sorted(mine, key=lambda f: (f.created_at, f.id), reverse=True)[:limit]

    async def add_many(self, pairs: list[tuple[int, int, datetime]]) -> None:
        for user_id, product_id, at in pairs:
            await self.add(user_id, product_id, at)

    async def watcher_ids(self, product_id: int) -> list[int]:
        return sorted(user for user, product in self.rows if product == product_id)


class FakeFollows:
    def __init__(self, users: Any) -> None:
        self.rows: dict[tuple[int, int], Follow] = {}
        self.users = users

    async def add(self, follower_id: int, following_id: int, now: datetime
                  ) -> tuple[Follow, bool]:
        key = (follower_id, following_id)
        created = key not in self.rows
        self.rows.setdefault(key, Follow(follower_id, following_id, now))
        return self.rows[key], created

    async def remove(self, follower_id: int, following_id: int) -> bool:
        return self.rows.pop((follower_id, following_id), None) is not None

    async def exists(self, follower_id: int, following_id: int) -> bool:
        return (follower_id, following_id) in self.rows

    def _newest(self, pick: Any) -> list[Follow]:
        return sorted((f for f in self.rows.values() if pick(f)),
                      key=lambda f: f.created_at, reverse=True)

    async def followers(self, user_id: int, limit: int) -> list[User]:
        found = self._newest(lambda f: f.following_id == user_id)[:limit]
        return [copy.deepcopy(self.users.rows[f.follower_id]) for f in found]

    async def following(self, user_id: int, limit: int) -> list[User]:
        found = self._newest(lambda f: f.follower_id == user_id)[:limit]
        return [copy.deepcopy(self.users.rows[f.following_id]) for f in found]

    async def count_followers(self, user_id: int) -> int:
        return sum(f.following_id == user_id for f in self.rows.values())

    async def count_following(self, user_id: int) -> int:
        return sum(f.follower_id == user_id for f in self.rows.values())


class CatalogUnitOfWork(FakeUnitOfWork):
    """The accounts fake plus listings, favorites and follows, rolled back the same way."""

    def __init__(self) -> None:
        super().__init__()
        self.listings = FakeListings(self.users)
        self.favorites = FakeFavorites(self.listings)
        self.follows = FakeFollows(self.users)
        self._catalog = self._catalog_snapshot()

    def _catalog_snapshot(self) -> tuple[Any, ...]:
        return copy.deepcopy((self.listings.rows, self.favorites.rows, self.follows.rows))

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await super().__aexit__(exc_type, exc, tb)
        self.listings.rows, self.favorites.rows, self.follows.rows = copy.deepcopy(
            self._catalog)

    async def __aenter__(self) -> Self:
        return self

    async def commit(self) -> None:
        await super().commit()
        self._catalog = self._catalog_snapshot()


class FakeMediaStore:
    """Keeps photos in a dict; refuses bytes that do not start like a PNG/JPEG/GIF/WebP."""

    SIGNATURES = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"RIFF")

    def __init__(self) -> None:
        self.saved: dict[str, bytes] = {}

    async def save_listing_image(self, data: bytes) -> StoredImage:
        if not data.startswith(self.SIGNATURES):
            raise UnreadableImage("not an image")
        digest = hashlib.sha256(data).hexdigest()[:16]
        self.saved[digest] = data
        return StoredImage(f"/media/products/{digest}.webp", f"/media/products/{digest}-t.webp")
