"""In-memory catalog: the search rules written as plain Python over a list.

Used twice: as the fake ``ListingRepository`` of the service unit tests, and as the
brute-force oracle the property test compares both SQL databases with. It knows nothing
of SQL, FTS5 or tsvector: only the rules stated in
``application/ports/catalog.py``.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from application.paging import After, is_after
from application.ports.catalog import (
    FacetCount,
    Facets,
    ListingFilter,
    ListingSort,
    SellerCard,
    sort_value,
)
from domain.catalog import ListingStatus
from domain.listings import Listing

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
                 and is_after(sort_value(i, sort), i.id or 0, after, descending=sort.descending)]
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
