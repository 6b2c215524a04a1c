"""In-memory catalog: the search rules written as plain Python over a list.

Used twice: :class:`FakeListings` (the fake ``ListingRepository``) and :class:`FakeSearch`
(the fake search port over those rows) serve the service unit tests, and :class:`FakeSearch`
is the brute-force oracle the property test compares the real engine with, on both
databases. It knows nothing of Tantivy: only the rules stated in
``application/ports/catalog.py`` and ``application/ports/search.py``.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable
from datetime import datetime
from typing import Any

from application.ports.catalog import (
    FacetCount,
    Facets,
    ListingFilter,
    ListingSort,
    SellerCard,
    Suggestion,
    listing_search_text,
    sort_value,
)
from application.shared.paging import After, is_after
from domain.catalog import ListingStatus, brand_key
from domain.listings import Listing
from domain.search import (
    count_vocabulary,
    distance,
    matches,
    rank,
    vocabulary_fields,
    words,
)


def vocabulary_of(listing: Listing) -> tuple[str, ...]:
    return vocabulary_fields(listing.title, listing.description, listing.brand,
                             listing.category, listing.condition)


def passes(listing: Listing, query: ListingFilter, skip: str | None = None) -> bool:
    """Does ``listing`` pass ``query`` (leaving out the ``skip`` facet's own filter)?"""
    checks = [
        query.include_unavailable or listing.status is ListingStatus.AVAILABLE,
        query.seller_id is None or listing.seller_id == query.seller_id,
        listing.seller_id not in query.exclude_sellers,
        query.include_hidden or listing.status is not ListingStatus.HIDDEN,
        not query.words or matches(query.words, listing_search_text(listing)),
        skip == "brands" or not query.brands
        or brand_key(listing.brand) in query.brands,
        skip == "categories" or not query.categories or listing.category in query.categories,
        skip == "sizes" or not query.sizes or listing.size in query.sizes,
        skip == "conditions" or not query.conditions or listing.condition in query.conditions,
        query.min_price is None or listing.price >= query.min_price,
        query.max_price is None or listing.price <= query.max_price,
    ]
    return all(checks)


def relevance(listing: Listing, words: tuple[str, ...]) -> int:
    return rank(words, listing_search_text(listing))


def ordered(listings: Iterable[Listing], sort: ListingSort, words: tuple[str, ...] = ()
            ) -> list[Listing]:
    if sort is ListingSort.RELEVANCE:
        return sorted(listings, key=lambda item: (relevance(item, words), item.created_at,
                                                  item.id), reverse=True)
    return sorted(listings, key=lambda item: (sort_value(item, sort), item.id),
                  reverse=sort.descending)


def facet_counts(listings: Iterable[Listing], query: ListingFilter, brand_limit: int
                 ) -> Facets:
    items = list(listings)

    def counted(name: str, value_of: Any) -> list[FacetCount]:
        counts = Counter(value_of(i) for i in items if passes(i, query, skip=name))
        return [FacetCount(v, n) for v, n in sorted(counts.items(), key=lambda x: (-x[1], x[0]))]

    brands = Counter(brand_key(i.brand) for i in items
                     if passes(i, query, skip="brands"))
    shown = {}
    for i in items:
        key = brand_key(i.brand)
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

    async def add_many(self, listings: list[Listing],
                       stored: Callable[[int], None] | None = None) -> list[int]:
        ids = [(await self.add(item)).id for item in listings]
        if stored is not None:
            stored(len(ids))
        return ids  # type: ignore[return-value]

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

    async def claim_status(self, listing_id: int, expected: ListingStatus,
                           status: ListingStatus, now: datetime) -> bool:
        row = self.rows.get(listing_id)
        if row is None or row.status is not expected:
            return False
        row.status, row.updated_at = status, now
        return True

    async def newest_by_seller(self, seller_id: int, limit: int,
                               category: Any = None) -> list[Listing]:
        found = [i for i in ordered(self.rows.values(), ListingSort.MOST_RECENT)
                 if i.seller_id == seller_id and i.status is ListingStatus.AVAILABLE
                 and (category is None or i.category is category)]
        return copy.deepcopy(found[:limit])

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


def _similar_words(listing: Listing) -> set[str]:
    return set(words(" ".join((listing.title, listing.brand, listing.category.label,
                                listing.size.value))))


class FakeSearch:
    """The search port answered by brute force over :class:`FakeListings`' rows."""

    def __init__(self, listings: FakeListings) -> None:
        self.listings = listings

    @property
    def rows(self) -> dict[int, Listing]:
        return self.listings.rows

    async def ids(self, query: ListingFilter, sort: ListingSort, limit: int,
                  after: After | None = None) -> list[int]:
        found = [i for i in ordered(self.rows.values(), sort, query.words) if passes(i, query)
                 and is_after(sort_value(i, sort), i.id or 0, after, descending=sort.descending,
                              rank=relevance(i, query.words))]
        return [i.id for i in found[:limit] if i.id is not None]

    async def count(self, query: ListingFilter, up_to: int | None = None) -> int:
        found = sum(passes(i, query) for i in self.rows.values())
        return found if up_to is None else min(found, up_to)

    async def facets(self, query: ListingFilter, brand_limit: int) -> Facets:
        return facet_counts(self.rows.values(), query, brand_limit)

    def _vocabulary(self) -> Counter[str]:
        return count_vocabulary(f for item in self.rows.values() for f in vocabulary_of(item))

    async def knows_prefix(self, prefixes: tuple[str, ...]) -> bool:
        return any(term.startswith(prefixes) for term in self._vocabulary())

    def version(self) -> str:
        # (the rows themselves: any change to them is a new version)
        return str(hash(tuple(sorted((i, repr(row)) for i, row in self.rows.items()))))

    async def remembered(self, key: tuple[str, ...], compute: Callable[[], Awaitable[str]]
                         ) -> str:
        return await compute()  # nothing kept: every answer is computed from the rows

    async def terms_near(self, word: str, spread: int) -> dict[str, int]:
        return {t: n for t, n in self._vocabulary().items()
                if distance(word, t, spread) <= spread}

    async def suggest_words(self, prefix: str, limit: int) -> list[Suggestion]:
        found = sorted(((t, n) for t, n in self._vocabulary().items() if t.startswith(prefix)),
                       key=lambda x: (-x[1], x[0]))
        return [Suggestion(t, n) for t, n in found[:limit]]

    async def suggest_brands(self, prefix: str, limit: int) -> list[Suggestion]:
        counts: Counter[str] = Counter()
        shown: dict[str, str] = {}
        for item in self.rows.values():
            key = brand_key(item.brand)
            if item.is_searchable and key and (key.startswith(prefix) or key.replace(
                    " ", "").startswith(prefix.replace(" ", ""))):
                counts[key] += 1
                shown[key] = min(shown.get(key, item.brand), item.brand)
        ranked = sorted(counts.items(), key=lambda x: (-x[1], x[0]))[:limit]
        return [Suggestion(shown[k], n) for k, n in ranked]

    async def similar(self, listing_id: int, limit: int) -> list[int]:
        like = self.rows.get(listing_id)
        if like is None:
            return []
        wanted = _similar_words(like)
        scored = [(len(wanted & _similar_words(i)), i.id) for i in self.rows.values()
                  if i.id != listing_id and i.status is ListingStatus.AVAILABLE]
        scored = [pair for pair in scored if pair[0] > 0]
        scored.sort(key=lambda pair: (-pair[0], -(pair[1] or 0)))
        return [i for _, i in scored[:limit] if i is not None]
