"""Ports of the catalog area: listings (search, facets, bulk insert).

Search semantics every implementation honours (the SQL adapters and the in-memory fake
used as the oracle of the property test):

- ``words``: every query word must match a stored term of the listing (``domain/search.py``:
  folded words and their stems of the title, brand, description, category and condition;
  a word matches when it or its stem is the prefix of a term).
- ``brands`` match case-insensitively and exactly; ``categories``, ``sizes``,
  ``conditions`` are any-of; prices are inclusive bounds; only available listings unless
  ``include_unavailable``.
- Order by the sort key, then id, both in the sort's direction; ``after`` continues
  strictly after a (key, id) position (keyset pagination). ``relevance`` orders by
  :func:`domain.search.rank` of the words (title and brand matches first), then newest
  first; its positions carry the rank (``After.rank``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Protocol

from application.paging import After, KeyValue
from domain.catalog import Category, Condition, ListingStatus, Size
from domain.listings import Listing
from domain.search import SearchText, rank, search_text


class ListingSort(StrEnum):
    MOST_RECENT = "most_recent"
    PRICE_LOW_HIGH = "price_low_high"
    PRICE_HIGH_LOW = "price_high_low"
    MOST_POPULAR = "most_popular"
    RELEVANCE = "relevance"

    @property
    def descending(self) -> bool:
        return self is not ListingSort.PRICE_LOW_HIGH

    @property
    def key_type(self) -> type:
        """The type of :func:`sort_value` under this sort (what a cursor's key must be)."""
        if self in (ListingSort.MOST_RECENT, ListingSort.RELEVANCE):
            return datetime
        return int if self is ListingSort.MOST_POPULAR else Decimal


SortValue = KeyValue


def sort_value(listing: Listing, sort: ListingSort) -> SortValue:
    """The value a listing is ordered by under ``sort`` (ties broken by id; under relevance
    the rank comes first, :func:`position`)."""
    if sort in (ListingSort.MOST_RECENT, ListingSort.RELEVANCE):
        return listing.created_at
    if sort is ListingSort.MOST_POPULAR:
        return listing.watch_count
    return listing.price


def listing_search_text(listing: Listing) -> SearchText:
    return search_text(listing.title, listing.description, listing.brand, listing.category,
                       listing.condition)


def position(listing: Listing, sort: ListingSort, words: tuple[str, ...] = ()) -> After:
    """Where ``listing`` stands in the order of ``sort`` (for a cursor after it)."""
    assert listing.id is not None
    if sort is ListingSort.RELEVANCE:
        return After(listing.created_at, listing.id,
                     rank(words, listing_search_text(listing)))
    return After(sort_value(listing, sort), listing.id)


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
    # The corrected words the counts are for (set by the catalog service, never by a store).
    did_you_mean: str | None = None


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


@dataclass(frozen=True)
class Suggestion:
    """One suggestion for a search box: a brand or a word of the catalog, with how many
    listings have it."""

    value: str
    count: int


class ListingReads(Protocol):
    """The by-id reads a product card needs; the lean read path offers just these."""

    async def get(self, listing_id: int) -> Listing | None: ...
    async def get_many(self, listing_ids: list[int], *, indexed: bool = False
                       ) -> dict[int, Listing]:
        """``indexed``: the ids were just named by a search (its index synced for this
        request), so listings kept in memory as fresh as that index may answer; the
        listings returned are then shared between requests and must not be changed."""
    async def sellers(self, user_ids: set[int]) -> dict[int, SellerCard]: ...


class ListingRepository(Protocol):
    async def add(self, listing: Listing) -> Listing: ...
    async def add_many(self, listings: list[Listing],
                       stored: Callable[[int], None] | None = None) -> list[int]:
        """Bulk insert (with images) for demo data at scale; returns the new ids in order.
        ``stored`` hears how many are in so far, after each of the statements' batches."""
    async def refresh_statistics(self) -> None:
        """After a bulk load: let the database's query planner see the new data."""
    async def get(self, listing_id: int) -> Listing | None: ...
    async def get_many(self, listing_ids: list[int], *, indexed: bool = False
                       ) -> dict[int, Listing]:
        """As :meth:`ListingReads.get_many` (a unit of work reads every listing afresh)."""
    async def save(self, listing: Listing) -> None:
        """Store fields, status and images (not ``watch_count``, which favorites keep)."""
    async def delete(self, listing_id: int) -> None: ...
    async def claim_status(self, listing_id: int, expected: ListingStatus,
                           status: ListingStatus, now: datetime) -> bool:
        """Set the status only if it is still ``expected`` (one conditional UPDATE); says
        whether it did. Orders reserve a listing with it, so one buyer wins a race."""
    async def search(self, query: ListingFilter, sort: ListingSort, limit: int,
                     after: After | None = None, matches: int | None = None
                     ) -> list[Listing]:
        """Up to ``limit`` listings in order; ``matches`` (how many match in all, when
        known) only helps the storage choose how to look."""
    async def search_ids(self, query: ListingFilter, sort: ListingSort, limit: int,
                         after: After | None = None) -> list[int] | None:
        """The ids :meth:`search` would return, when an index in memory can tell them
        without reading rows; None when it cannot (then call :meth:`search`)."""
    async def count(self, query: ListingFilter, up_to: int | None = None) -> int:
        """How many match; with ``up_to``, counting stops there (at most ``up_to``)."""
        ...
    async def facets(self, query: ListingFilter, brand_limit: int) -> Facets:
        """Counts per value; each facet ignores its own filter (so choices stay visible)."""
    async def count_by_seller(self, seller_id: int, *, include_unavailable: bool) -> int: ...
    async def knows_prefix(self, prefixes: tuple[str, ...]) -> bool:
        """Does a vocabulary word (``domain.search.vocabulary_words`` of any listing) start
        with one of ``prefixes``?"""
    async def remembered(self, key: tuple[str, ...], compute: Callable[[], Awaitable[str]]
                         ) -> str:
        """``compute()``'s answer, which depends on the listings only: kept (under ``key``)
        until the next listing write, as the store keeps its own cached counts."""
    async def terms_near(self, word: str, spread: int) -> dict[str, int]:
        """Vocabulary words whose length is within ``spread`` of the word's, with how many
        listings use each (the candidates of a typo correction)."""
    async def suggest_words(self, prefix: str, limit: int) -> list[Suggestion]:
        """Vocabulary words starting with ``prefix``, most used first."""
    async def suggest_brands(self, prefix: str, limit: int) -> list[Suggestion]:
        """Brands of available listings whose key starts with ``prefix``, most listed first."""
    async def sellers(self, user_ids: set[int]) -> dict[int, SellerCard]: ...
