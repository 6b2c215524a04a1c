"""Ports of the catalog area: listings (search, facets, bulk insert) and favorites.

Search semantics every implementation honours (the SQL adapters and the in-memory fake
used as the oracle of the property test):

- ``words``: every word must be a prefix of some word of the title, description or brand
  (words are runs of letters and digits, compared in lower case).
- ``brands`` match case-insensitively and exactly; ``categories``, ``sizes``,
  ``conditions`` are any-of; prices are inclusive bounds; only available listings unless
  ``include_unavailable``.
- Order by the sort key, then id, both in the sort's direction; ``after`` continues
  strictly after a (key, id) position (keyset pagination).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Protocol

from application.paging import After, KeyValue
from domain.catalog import Category, Condition, Size
from domain.listings import Listing


class ListingSort(StrEnum):
    MOST_RECENT = "most_recent"
    PRICE_LOW_HIGH = "price_low_high"
    PRICE_HIGH_LOW = "price_high_low"
    MOST_POPULAR = "most_popular"

    @property
    def descending(self) -> bool:
        return self is not ListingSort.PRICE_LOW_HIGH

    @property
    def key_type(self) -> type:
        """The type of :func:`sort_value` under this sort (what a cursor's key must be)."""
        if self is ListingSort.MOST_RECENT:
            return datetime
        return int if self is ListingSort.MOST_POPULAR else Decimal


SortValue = KeyValue


def sort_value(listing: Listing, sort: ListingSort) -> SortValue:
    """The value a listing is ordered by under ``sort`` (ties broken by id)."""
    if sort is ListingSort.MOST_RECENT:
        return listing.created_at
    if sort is ListingSort.MOST_POPULAR:
        return listing.watch_count
    return listing.price


@dataclass(frozen=True)
class ListingFilter:
    words: tuple[str, ...] = ()
    brands: frozenset[str] = frozenset()  # lower case
    categories: frozenset[Category] = frozenset()
    sizes: frozenset[Size] = frozenset()
    conditions: frozenset[Condition] = frozenset()
    min_price: Decimal | None = None
    max_price: Decimal | None = None
    seller_id: int | None = None
    include_unavailable: bool = False


@dataclass(frozen=True)
class FacetCount:
    value: str
    count: int


@dataclass(frozen=True)
class Facets:
    brands: list[FacetCount] = field(default_factory=list)
    categories: list[FacetCount] = field(default_factory=list)
    sizes: list[FacetCount] = field(default_factory=list)
    conditions: list[FacetCount] = field(default_factory=list)


@dataclass(frozen=True)
class SellerCard:
    """The seller as a product card shows them (never the email)."""

    id: int
    username: str
    display_name: str
    avatar_url: str | None
    rating: Decimal
    rating_count: int
    verified: bool


class ListingRepository(Protocol):
    async def add(self, listing: Listing) -> Listing: ...
    async def add_many(self, listings: list[Listing]) -> list[int]:
        """Bulk insert (with images) for demo data at scale; returns the new ids in order."""
    async def refresh_statistics(self) -> None:
        """After a bulk load: let the database's query planner see the new data."""
    async def get(self, listing_id: int) -> Listing | None: ...
    async def get_many(self, listing_ids: list[int]) -> dict[int, Listing]: ...
    async def save(self, listing: Listing) -> None:
        """Store fields, status and images (not ``watch_count``, which favorites keep)."""
    async def delete(self, listing_id: int) -> None: ...
    async def search(self, query: ListingFilter, sort: ListingSort, limit: int,
                     after: After | None = None, matches: int | None = None
                     ) -> list[Listing]:
        """Up to ``limit`` listings in order; ``matches`` (how many match in all, when
        known) only helps the storage choose how to look."""
    async def count(self, query: ListingFilter) -> int: ...
    async def facets(self, query: ListingFilter, brand_limit: int) -> Facets:
        """Counts per value; each facet ignores its own filter (so choices stay visible)."""
    async def count_by_seller(self, seller_id: int, *, include_unavailable: bool) -> int: ...
    async def sellers(self, user_ids: set[int]) -> dict[int, SellerCard]: ...


@dataclass(frozen=True)
class Favorite:
    id: int
    user_id: int
    product_id: int
    created_at: datetime


class FavoriteRepository(Protocol):
    async def add(self, user_id: int, product_id: int, now: datetime) -> tuple[Favorite, bool]:
        """The favorite and whether it is new; adds 1 to the listing's watch count when new.

        Safe under concurrent calls: a second insert of the same pair finds the first.
        """
    async def remove(self, user_id: int, product_id: int) -> bool:
        """True when a favorite was removed (and the watch count lowered by 1)."""
    async def get(self, user_id: int, product_id: int) -> Favorite | None: ...
    async def list_for(self, user_id: int, limit: int) -> list[Favorite]:
        """Newest first."""
    async def add_many(self, pairs: list[tuple[int, int, datetime]]) -> None:
        """Bulk (user_id, product_id, created_at) for demo data; watch counts follow."""
    async def watcher_ids(self, product_id: int) -> list[int]:
        """Ids of the users watching the listing (for price-drop and sold notices)."""
