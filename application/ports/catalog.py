"""Ports of the catalog area: listings (by-id reads, writes, bulk insert) and the search
vocabulary they share with the search port (``application/ports/search.py``).

Search semantics the search engine honours (``adapters/search/engine.py``; the in-memory
fake in ``tests/fakes/catalog.py`` is the brute-force oracle of the property test):

- ``words``: every query word must match a stored term of the listing (``domain/search.py``:
  folded words and their stems of the title, brand, description, category and condition;
  a word matches when it or its stem is the prefix of a term).
- ``brands`` match case-insensitively and exactly; ``categories``, ``sizes``,
  ``conditions`` are any-of; prices are inclusive bounds; only available listings unless
  ``include_unavailable``.
- Order by the sort key, then id, both in the sort's direction; ``after`` continues
  strictly after a (key, id) position (keyset pagination). ``exclude_sellers`` drops those
  sellers' listings. ``relevance`` orders by
  :func:`domain.search.rank` of the words (title and brand matches first), then newest
  first; its positions carry the rank (``After.rank``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from enum import StrEnum
from typing import Protocol

from application.shared.paging import After, KeyValue
from domain.catalog import Category, Condition, ListingStatus, Size
from domain.listings import Listing
from domain.search import SearchText, rank, search_text
from domain.vacation import Vacation


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
    exclude_sellers: frozenset[int] = frozenset()  # trust and safety: blocked sellers
    # With ``include_unavailable``: moderator-hidden listings too (only their seller's own
    # shop shows them); without it only available listings match anyway.
    include_hidden: bool = False


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
    # The seller's vacation row, read with the card (whether it is on is judged at the
    # time of the answer: ``catalog_views.views_of``).
    vacation: Vacation | None = None


@dataclass(frozen=True)
class Suggestion:
    """One suggestion for a search box: a brand or a word of the catalog, with how many
    listings have it."""

    value: str
    count: int


class ListingRepository(Protocol):
    async def add(self, listing: Listing) -> Listing: ...
    async def add_many(self, listings: list[Listing],
                       stored: Callable[[int], None] | None = None) -> list[int]:
        """Bulk insert (with images) for demo data at scale; returns the new ids in order.
        ``stored`` hears how many are in so far, after each of the statements' batches."""
    async def refresh_statistics(self) -> None:
        """After a bulk load: let the database's query planner see the new data."""
    async def get(self, listing_id: int) -> Listing | None: ...
    async def get_many(self, listing_ids: list[int]) -> dict[int, Listing]: ...
    async def save(self, listing: Listing) -> None:
        """Store fields, status and images (not ``watch_count``, which favorites keep)."""
    async def delete(self, listing_id: int) -> None: ...
    async def claim_status(self, listing_id: int, expected: ListingStatus,
                           status: ListingStatus, now: datetime) -> bool:
        """Set the status only if it is still ``expected`` (one conditional UPDATE); says
        whether it did. Orders reserve a listing with it, so one buyer wins a race."""
    async def newest_by_seller(self, seller_id: int, limit: int,
                               category: Category | None = None) -> list[Listing]:
        """The seller's available listings (of ``category``), newest first: read from the
        database, so a seller sees their own change at once."""
    async def count_by_seller(self, seller_id: int, *, include_unavailable: bool) -> int: ...
    async def sellers(self, user_ids: set[int]) -> dict[int, SellerCard]: ...


class ListingReads(Protocol):
    """Read-only: listings by id with their sellers' cards, in one read of its own outside
    any unit of work (what a product page and a page of search results show). A deleted
    listing is missing; so is the card of a seller who no longer exists."""

    async def with_sellers(self, listing_ids: list[int]
                           ) -> tuple[dict[int, Listing], dict[int, SellerCard]]: ...
