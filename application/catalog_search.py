"""Catalog search requests: what a client may ask for, read into a :class:`ListingFilter`.

Every parameter is checked at once, so one 400 names every bad field: unknown categories,
sizes or conditions, prices that are not amounts, a minimum above the maximum, an unknown
sort. Brands match by :func:`domain.catalog.brand_key`; words by the rules of
``domain/search.py`` (folded, brand punctuation dropped, matched with their stems). With
words the default order is relevance, without them most recent.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum
from functools import lru_cache
from typing import Any

from application.catalog_views import ListingView
from application.ports import UnitOfWork
from application.ports.catalog import ListingFilter, ListingSort
from domain.catalog import Category, Condition, Size, brand_key
from domain.errors import ValidationError, require_valid
from domain.money import AmountProblem, problem_message, read_amount
from domain.search import query_words

MAX_SEARCH_WORDS = 8
# Filters whose digest is remembered (a few hundred bytes each).
FINGERPRINTS = 4096


class SearchPurpose(StrEnum):
    """Why a client searches: ``shop`` (a shopper looking for something to buy, counted in
    analytics as a search) or ``tagging`` (a member picking listings to tag in a post)."""

    SHOP = "shop"
    TAGGING = "tagging"


@dataclass(frozen=True)
class SearchRequest:
    """Search parameters as the client sent them (validated by the service)."""

    q: str | None = None
    brands: list[str] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    sizes: list[str] = field(default_factory=list)
    conditions: list[str] = field(default_factory=list)
    min_price: str | None = None
    max_price: str | None = None
    seller_id: int | None = None
    include_sold: bool = False
    sort: str | None = None
    limit: int | None = None
    cursor: str | None = None
    searcher_id: int | None = None  # who searched, for analytics (None: a visitor)
    # A shopper's search (the shop, the header) is counted in analytics; a search made to
    # pick something else, such as the post editor's "Tag items" box, is not.
    purpose: SearchPurpose = SearchPurpose.SHOP
    exact: bool = False  # search the words as typed: no typo correction


@dataclass(frozen=True)
class SearchPage:
    items: list[ListingView]
    next_cursor: str | None
    total: int
    # True when more than ``total`` (the cap, ``TOTAL_CAP``) match: shown as "10,000+".
    total_capped: bool = False
    # The corrected words the items were found for, when the typed words matched nothing.
    did_you_mean: str | None = None


def search_words(q: str | None) -> tuple[str, ...]:
    """The query's folded words (``domain.search.query_words``), at most eight."""
    return tuple(query_words(q or ""))[:MAX_SEARCH_WORDS]


def _choices(values: list[str], enum: Any, name: str, errors: dict[str, str]) -> frozenset[Any]:
    parsed = set()
    for value in values:
        member = enum.parse(value)
        if member is None:
            errors.setdefault(name, f"Unknown {name} '{value}'. "
                                    f"Use one of: {', '.join(m.value for m in enum)}")
        else:
            parsed.add(member)
    return frozenset(parsed)


def _bound(text: str | None, name: str, label: str, errors: dict[str, str]) -> Decimal | None:
    if text is None or not text.strip():
        return None
    amount = read_amount(text)
    if isinstance(amount, AmountProblem):
        errors[name] = problem_message(amount, label)
        return None
    return amount


def parse_filter(request: SearchRequest) -> ListingFilter:
    """The filter named by ``request``, or :class:`ValidationError` naming every bad one."""
    errors: dict[str, str] = {}
    low = _bound(request.min_price, "minPrice", "Minimum price", errors)
    high = _bound(request.max_price, "maxPrice", "Maximum price", errors)
    if low is not None and high is not None and low > high:
        errors["maxPrice"] = "Maximum price must be at least the minimum price"
    query = ListingFilter(
        words=search_words(request.q),
        brands=frozenset(key for key in map(brand_key, request.brands) if key),
        categories=_choices(request.categories, Category, "category", errors),
        sizes=_choices(request.sizes, Size, "size", errors),
        conditions=_choices(request.conditions, Condition, "condition", errors),
        min_price=low, max_price=high, seller_id=request.seller_id,
        include_unavailable=request.include_sold and request.seller_id is not None,
    )
    require_valid(errors)
    return query


async def for_searcher(uow: UnitOfWork, query: ListingFilter, searcher_id: int | None, *,
                       own_listings: bool = True) -> ListingFilter:
    """The filter as ``searcher_id`` may see it (issue 37), inside the engine's query so
    totals, pages, facets and saved searches agree: listings of members blocked either way
    are left out, and moderator-hidden listings show only in their seller's own shop. The
    one home of that rule, for the shop (``CatalogService``) and saved searches alike;
    ``own_listings=False`` leaves the searcher's own listings out too (a saved search
    alerts to other members' listings). Opens ``uow`` itself."""
    if searcher_id is None:
        return query
    async with uow:
        blocked = await uow.blocks.hidden_from(searcher_id)
    own = frozenset() if own_listings else frozenset({searcher_id})
    return replace(query, exclude_sellers=query.exclude_sellers | blocked | own,
                   include_hidden=query.seller_id == searcher_id)


def parse_sort(sort: str | None, has_words: bool = False) -> ListingSort:
    """The named sort; by default relevance when there are search words, else most recent."""
    if not sort:
        return ListingSort.RELEVANCE if has_words else ListingSort.MOST_RECENT
    try:
        return ListingSort(sort.strip().lower())
    except ValueError:
        choices = ", ".join(s.value for s in ListingSort)
        raise ValidationError({"sort": f"Unknown sort '{sort}'. Use one of: {choices}"}
                              ) from None


@lru_cache(maxsize=FINGERPRINTS)
def fingerprint(query: ListingFilter) -> str:
    """A short digest of a filter, so a cursor's remembered total is reused only for it.
    The same in every process (a later page may reach another worker): sets sorted, not
    in their iteration order (strings' hashes differ per process), amounts normalised.
    Remembered: the digest cost 8 us of a search, most of it in the dataclass's repr."""
    def amount(value: Decimal | None) -> str | None:
        return None if value is None else str(value.normalize())

    return hashlib.sha256(repr((
        query.words, sorted(query.brands), sorted(map(str, query.categories)),
        sorted(map(str, query.sizes)), sorted(map(str, query.conditions)),
        amount(query.min_price), amount(query.max_price), query.seller_id,
        query.include_unavailable, sorted(query.exclude_sellers), query.include_hidden
    )).encode()).hexdigest()[:12]
