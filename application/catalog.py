"""Catalog use cases: create, edit and delete listings; read one; search with facets.

Search (DESIGN §3) runs on the server: full-text words, filters, four sorts and keyset
pages behind an opaque cursor. The cursor carries the sort, the last (key, id) position,
and the total counted on the first page together with a fingerprint of the filter, so
scrolling further does not count a million rows again (a changed filter counts afresh).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from application.analytics import ActivityBatch
from application.media import PhotoInput, PhotoIntake
from application.notifications import notify_watchers, publish_notifications
from application.offers import decline_open_offers, publish_declined
from application.paging import After, page_of, page_request
from application.ports import Clock, UnitOfWork
from application.ports.catalog import (
    Facets,
    ListingFilter,
    ListingSort,
    SellerCard,
    sort_value,
)
from application.ports.media import MediaStore
from application.ports.realtime import RealtimePublisher
from domain.accounts import User
from domain.analytics import ActivityKind
from domain.catalog import Category, Condition, ListingBadge, ListingStatus, Size
from domain.errors import NotFound, ValidationError, require_valid
from domain.listings import Listing, ListingDetails
from domain.money import AmountProblem, format_usd, problem_message, read_amount
from domain.offers import DeclineReason
from domain.validation import validate_listing

MAX_SEARCH_WORDS = 8
FACET_BRANDS = 50
PRODUCT_NOT_FOUND = "Product not found"
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class ListingView:
    """A listing as the API shows it: with its seller card and the badge as of now."""

    listing: Listing
    seller: SellerCard | None
    badge: ListingBadge | None


@dataclass(frozen=True)
class SearchPage:
    items: list[ListingView]
    next_cursor: str | None
    total: int


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


@dataclass(frozen=True)
class ListingChanges:
    """A partial edit: ``None`` keeps a field; ``images`` lists kept URLs and new photos."""

    title: str | None = None
    description: str | None = None
    price: str | None = None
    brand: str | None = None
    size: str | None = None
    condition: str | None = None
    category: str | None = None
    images: list[PhotoInput] | None = None


async def listing_views(uow: UnitOfWork, clock: Clock, listings: list[Listing]
                        ) -> list[ListingView]:
    """Attach sellers (one query) and badges; call inside an open unit of work."""
    sellers = await uow.listings.sellers({item.seller_id for item in listings})
    now = clock.now()
    return [ListingView(item, sellers.get(item.seller_id), item.badge(now)) for item in listings]


def search_words(q: str | None) -> tuple[str, ...]:
    """Lower-case runs of letters and digits, as both databases index them."""
    return tuple(_WORD.findall((q or "").lower()))[:MAX_SEARCH_WORDS]


class CatalogService:
    def __init__(self, uow: UnitOfWork, clock: Clock, media: MediaStore,
                 realtime: RealtimePublisher | None = None,
                 activity: ActivityBatch | None = None) -> None:
        self.uow = uow
        self.clock = clock
        self.activity = activity or ActivityBatch(uow)
        self.photos = PhotoIntake(media)
        self.realtime = realtime

    # -- reading -----------------------------------------------------------------------

    async def get(self, listing_id: int) -> ListingView:
        async with self.uow:
            listing = await self._existing(listing_id)
            return (await self.views([listing]))[0]

    async def search(self, request: SearchRequest) -> SearchPage:
        query = parse_filter(request)
        sort, query_print = parse_sort(request.sort), fingerprint(query)
        page = page_request(request.limit, request.cursor, sort.key_type, s=sort.value)
        remembered = page.cursor.extra if page.cursor is not None else {}
        async with self.uow:
            total = remembered.get("t") if remembered.get("f") == query_print else None
            if not isinstance(total, int):
                total = await self.uow.listings.count(query)
            found = await self.uow.listings.search(query, sort, page.fetch, page.after,
                                                   matches=total)
            shown = page_of(found, page, lambda item: _position(item, sort),
                            s=sort.value, t=total, f=query_print)
            items = await self.views(shown.items)
        if query.words and request.cursor is None:  # a new query, not the next page
            self.activity.add(ActivityKind.SEARCH, request.searcher_id, self.clock.now())
        return SearchPage(items, shown.next_cursor, total)

    async def facets(self, request: SearchRequest) -> Facets:
        query = parse_filter(request)
        async with self.uow:
            return await self.uow.listings.facets(query, FACET_BRANDS)

    async def views(self, listings: list[Listing]) -> list[ListingView]:
        return await listing_views(self.uow, self.clock, listings)

    # -- writing -----------------------------------------------------------------------

    async def create(self, seller: User, details: ListingDetails,
                     photos: list[PhotoInput]) -> ListingView:
        """A new listing; the photos are stored first, outside the transaction."""
        assert seller.id is not None
        require_valid(_listing_errors(details, len(photos)))
        images = await self.photos.store(self.photos.prepare(photos))
        listing = Listing.create(seller.id, details, images, self.clock.now())
        async with self.uow:
            await self.uow.listings.add(listing)
            await self._make_seller(seller.id)
            await self.uow.activity.record(ActivityKind.LISTING_CREATED, seller.id,
                                           listing.created_at)
            await self.uow.commit()
            return (await self.views([listing]))[0]

    async def update(self, editor: User, listing_id: int, changes: ListingChanges
                     ) -> ListingView:
        async with self.uow:
            current = await self._existing(listing_id)
        current.ensure_editable_by(editor.id)
        details = current.details_with(**_given(changes))
        photos: list[PhotoInput] = (
            changes.images if changes.images is not None
            else [image.url for image in current.images])
        require_valid(_listing_errors(details, len(photos)))
        images = await self.photos.store(self.photos.prepare(photos, current.images))
        async with self.uow:
            listing = await self._existing(listing_id)
            old_price = listing.price
            listing.edit(editor.id, details, images, self.clock.now())
            await self.uow.listings.save(listing)
            told = await self._tell_watchers_of_drop(listing, old_price)
            await self.uow.commit()
            view = (await self.views([listing]))[0]
        if self.realtime is not None:
            await publish_notifications(self.realtime, told, "price_drop")
        return view

    async def _tell_watchers_of_drop(self, listing: Listing, old_price: Decimal) -> list[int]:
        """Watchers of an available listing whose price went down hear about it."""
        if listing.price >= old_price or listing.status is not ListingStatus.AVAILABLE:
            return []
        assert listing.id is not None
        return await notify_watchers(
            self.uow, product_id=listing.id, kind="price_drop",
            title=f"Price drop: {listing.title}",
            body=f"Now {format_usd(listing.price)} (was {format_usd(old_price)})",
            link=f"/product/{listing.id}", now=self.clock.now(),
            except_user_ids=[listing.seller_id])

    async def delete(self, actor: User, listing_id: int) -> None:
        async with self.uow:
            listing = await self._existing(listing_id)
            listing.ensure_deletable_by(actor.id, is_admin=actor.is_admin)
            declined = await decline_open_offers(
                self.uow, product_id=listing_id, now=self.clock.now(),
                reason=DeclineReason.LISTING_DELETED)
            await self.uow.listings.delete(listing_id)
            await self.uow.commit()
        if self.realtime is not None:
            await publish_declined(self.realtime, declined)

    async def _make_seller(self, user_id: int) -> None:
        """Listing an item makes a plain user a seller (domain.accounts.User.become_seller)."""
        user = await self.uow.users.get(user_id)
        if user is None:
            return
        before = user.role
        user.become_seller()
        if user.role is not before:
            await self.uow.users.save(user)

    async def _existing(self, listing_id: int) -> Listing:
        listing = await self.uow.listings.get(listing_id)
        if listing is None:
            raise NotFound(PRODUCT_NOT_FOUND)
        return listing


def _given(changes: ListingChanges) -> dict[str, str]:
    names = ("title", "description", "price", "brand", "size", "condition", "category")
    return {name: value for name in names if (value := getattr(changes, name)) is not None}


def _listing_errors(details: ListingDetails, image_count: int) -> dict[str, str]:
    return validate_listing(details.title, details.description, details.price, details.brand,
                            details.size, details.condition, details.category, image_count)


# -- parsing search parameters ---------------------------------------------------------


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
        brands=frozenset(b for b in (" ".join(v.split()).lower() for v in request.brands) if b),
        categories=_choices(request.categories, Category, "category", errors),
        sizes=_choices(request.sizes, Size, "size", errors),
        conditions=_choices(request.conditions, Condition, "condition", errors),
        min_price=low, max_price=high, seller_id=request.seller_id,
        include_unavailable=request.include_sold and request.seller_id is not None,
    )
    require_valid(errors)
    return query


def parse_sort(sort: str | None) -> ListingSort:
    if not sort:
        return ListingSort.MOST_RECENT
    try:
        return ListingSort(sort.strip().lower())
    except ValueError:
        choices = ", ".join(s.value for s in ListingSort)
        raise ValidationError({"sort": f"Unknown sort '{sort}'. Use one of: {choices}"}
                              ) from None


def fingerprint(query: ListingFilter) -> str:
    """A short digest of a filter, so a cursor's remembered total is reused only for it."""
    return hashlib.sha256(repr(query).encode()).hexdigest()[:12]


def _position(listing: Listing, sort: ListingSort) -> After:
    assert listing.id is not None
    return After(sort_value(listing, sort), listing.id)
