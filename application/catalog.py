"""Catalog use cases: create, edit and delete listings; read one; search with facets.

Search (DESIGN §3) runs on the search engine behind :class:`ListingSearch`
(``application/ports/search.py``; docs/search.md): words, filters, four sorts and keyset
pages behind an opaque cursor (``application/shared/paging.py``). The engine names the ids; the
listings themselves are read from the database by id, so a page shows current rows (a
listing sold since the index last looked is left out). The cursor carries the sort, the
last (key, id) position, and the total counted on the first page together with a
fingerprint of the filter, so scrolling further does not count again (a changed filter
counts afresh). Reading the request: ``catalog_search.py``; showing a listing:
``catalog_views.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal
from functools import partial

from application.account_closure import account_closed
from application.analytics import ActivityBatch
from application.blocks import blocked_by, hidden_people
from application.catalog_search import (
    SearchPage,
    SearchPurpose,
    SearchRequest,
    fingerprint,
    for_searcher,
    parse_filter,
    parse_sort,
    search_words,
)
from application.catalog_views import (
    PRODUCT_NOT_FOUND,
    ListingView,
    UnitOfWorkReads,
    existing_listing,
    listing_views,
    views_of,
    with_rights,
)
from application.media import PhotoInput, PhotoIntake
from application.notifications import notify_watchers
from application.offers import decline_open_offers
from application.ports import Clock, RateLimiter, UnitOfWork
from application.ports.catalog import (
    Facets,
    ListingFilter,
    ListingReads,
    Suggestion,
    position,
)
from application.ports.media import MediaStore
from application.ports.search import ListingSearch
from application.shared.paging import page_of, page_request
from application.shared.throttle import Throttle
from domain.accounts import User
from domain.analytics import ActivityKind
from domain.catalog import Category, ListingStatus
from domain.errors import NotFound, require_valid
from domain.listings import Listing, ListingDetails
from domain.moderation import HiddenKind
from domain.money import format_usd
from domain.offers import DeclineReason
from domain.rate_limits import DEFAULT_LIMITS, Limits
from domain.search import allowed_edits, correct_word, matching_categories, patterns

FACET_BRANDS = 50
# Totals are exact up to this many matches; past it the page says "10,000+" (total_capped),
# so a first page never counts a million rows.
TOTAL_CAP = 10_000
SUGGESTIONS = 5
SIMILAR = 12


@dataclass(frozen=True)
class SearchSuggestions:
    brands: list[Suggestion]
    categories: list[Category]
    words: list[str]


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


TOO_MANY_LISTINGS = "You have listed many items in the last hour. Please wait and try again."


class CatalogService:
    def __init__(self, uow: UnitOfWork, clock: Clock, media: MediaStore,
                 search: ListingSearch,
                 activity: ActivityBatch | None = None, limiter: RateLimiter | None = None,
                 limits: Limits = DEFAULT_LIMITS, reads: ListingReads | None = None) -> None:
        """``reads``: the read-only path of product pages and search pages
        (``docs/decisions/read-path.md``); by default the unit of work's repositories."""
        self.uow = uow
        self.reads = reads or UnitOfWorkReads(uow)
        self.engine = search
        self.clock = clock
        self.throttle = Throttle(limiter, clock) if limiter is not None else None
        self.listing_rule = limits.listing_account
        self.activity = activity or ActivityBatch(uow)
        self.photos = PhotoIntake(media)

    # -- reading -----------------------------------------------------------------------

    async def get(self, listing_id: int, viewer: User | None = None) -> ListingView:
        """A listing by id; a hidden one only for its seller and administrators (issue 37),
        and then with the moderator's reason (``hidden_reason``); for a signed-in reader
        other than its seller, whether they blocked the seller (``blocked_by_you``); for its
        seller, what they may do with it (``rights``). A read of its own, outside a unit of
        work (``reads``); the rest is one unit of work more, never opened for a visitor."""
        listed, sellers = await self.reads.with_sellers([listing_id])
        reader = viewer.id if viewer else None
        listing = listed.get(listing_id)
        if listing is None or not listing.visible_to(reader,
                                                     viewer is not None and viewer.is_admin):
            raise NotFound(PRODUCT_NOT_FOUND)
        view = views_of([listing], sellers, self.clock)[0]
        owner = listing.is_owned_by(reader)
        if reader is None and listing.status is not ListingStatus.HIDDEN:
            return view
        async with self.uow:
            if owner:
                view = await with_rights(self.uow, view)
            elif reader is not None:
                view = view._replace(
                    blocked_by_you=await blocked_by(self.uow, reader, listing.seller_id))
            return await self._with_reason(view)

    async def _with_reason(self, view: ListingView) -> ListingView:
        """A hidden listing's view with why it is hidden, the moderator's reason and the
        cause, and whether its seller has closed their account (inside an open unit of
        work): for the answers its seller and administrators alone get (its page, the
        seller's edit)."""
        if view.listing.status is not ListingStatus.HIDDEN or view.listing.id is None:
            return view
        hiding = await self.uow.hidden.hiding(HiddenKind.LISTING, view.listing.id)
        closed = await account_closed(self.uow, view.listing.seller_id)
        if hiding is None:
            return view._replace(seller_closed=closed)
        return view._replace(hidden_reason=hiding.reason, hidden_cause=hiding.cause,
                             seller_closed=closed)

    async def similar(self, listing_id: int, viewer: User | None = None
                      ) -> list[ListingView]:
        """Up to :data:`SIMILAR` available listings like this one (the engine's
        more-like-this on title, brand, category and size), never the listing itself, nor
        one of a member the viewer blocked or was blocked by (issue 37)."""
        ids = await self.engine.similar(listing_id, SIMILAR)
        # The listing itself comes in the same read: it must exist (404 otherwise).
        listed, sellers = await self.reads.with_sellers([listing_id, *ids])
        if listing_id not in listed:
            raise NotFound(PRODUCT_NOT_FOUND)
        blocked: frozenset[int] = frozenset()
        if viewer is not None:
            async with self.uow:
                blocked = await hidden_people(self.uow, viewer)
        found = [listed[i] for i in ids if i in listed and i != listing_id
                 and listed[i].status is ListingStatus.AVAILABLE
                 and listed[i].seller_id not in blocked]
        return views_of(found, sellers, self.clock)

    async def search(self, request: SearchRequest) -> SearchPage:
        """One page of results. On a first page whose words match nothing (and unless
        ``exact``), misspelt words are corrected against the catalog's vocabulary
        (:meth:`_corrected`); the corrected words come back as ``did_you_mean`` and travel
        in the cursor (``d``), so the following pages continue the corrected search."""
        query = await for_searcher(self.uow, parse_filter(request), request.searcher_id)
        sort = parse_sort(request.sort, bool(query.words))
        page = page_request(request.limit, request.cursor, sort.key_type, s=sort.value)
        remembered = page.cursor.extra if page.cursor is not None else {}
        corrected = remembered.get("d")
        did_you_mean = corrected if isinstance(corrected, str) and not request.exact else None
        if did_you_mean is not None:
            query = replace(query, words=search_words(did_you_mean))
        query_print = fingerprint(query)
        total = remembered.get("t") if remembered.get("f") == query_print else None
        capped = remembered.get("c") is True
        if not isinstance(total, int):
            total, capped = await self._total(query)
        if total == 0 and page.cursor is None and not request.exact:
            fixed = await self._understood(query)
            if fixed is not None:
                query, total, capped = fixed
                query_print, did_you_mean = fingerprint(query), " ".join(query.words)
        ids = [] if total == 0 else await self.engine.ids(query, sort, page.fetch, page.after)
        extra: dict[str, str | int | bool] = {"s": sort.value, "t": total, "f": query_print}
        if capped:
            extra["c"] = True
        if did_you_mean is not None:
            extra["d"] = did_you_mean
        # The page's listings by id, their current rows, with their sellers: one read.
        listed, sellers = await self.reads.with_sellers(ids) if ids else ({}, {})
        found = [listed[i] for i in ids if i in listed]
        shown = page_of(found, page, lambda item: position(item, sort, query.words), **extra)
        # The rows as they are now: one sold or hidden since the index last looked leaves
        # the page (the engine excluded it already when the index knew).
        views = views_of([item for item in shown.items if _still_shown(item, query)],
                         sellers, self.clock)
        self.count_search(request)
        return SearchPage(views, shown.next_cursor, total, capped, did_you_mean)

    def count_search(self, request: SearchRequest) -> None:
        """Count a shopper's new query in analytics: words, a first page, from the shop
        (not the post editor's tag box). :meth:`search` counts the searches it answers; the
        HTTP layer counts those its response cache answers for it."""
        if request.cursor is None and request.purpose is SearchPurpose.SHOP and \
                search_words(request.q):
            self.activity.add(ActivityKind.SEARCH, request.searcher_id, self.clock.now())

    async def _total(self, query: ListingFilter) -> tuple[int, bool]:
        counted = await self.engine.count(query, up_to=TOTAL_CAP + 1)
        return min(counted, TOTAL_CAP), counted > TOTAL_CAP

    async def _understood(self, query: ListingFilter
                          ) -> tuple[ListingFilter, int, bool] | None:
        """For a query that matches nothing: the query with its misspelt words corrected
        (:meth:`_corrected`) and its total, when the corrected words match something; None
        otherwise. The one rule behind ``didYouMean``, for results and facets alike."""
        fixed = await self._corrected(query.words) if query.words else None
        if fixed is None:
            return None
        fixed_query = replace(query, words=fixed)
        total, capped = await self._total(fixed_query)
        return (fixed_query, total, capped) if total else None

    async def _corrected(self, words: tuple[str, ...]) -> tuple[str, ...] | None:
        """The words with each one that starts no vocabulary word replaced by its closest
        vocabulary word (``domain.search.correct_word``); None when nothing changed. Each
        word's answer is remembered until the next listing write (a typo is typed again
        and again, and comparing it with every candidate costs more than the search)."""
        fixed: list[str] = []
        for word in words:
            better = await self.engine.remembered(
                ("correction", word), partial(self._correction, word))
            fixed.append(better or word)
        return tuple(fixed) if tuple(fixed) != words else None

    async def _correction(self, word: str) -> str:
        """The word's correction, or "" when it needs none or none is close enough."""
        if await self.engine.knows_prefix(patterns(word)):
            return ""
        candidates = await self.engine.terms_near(word, allowed_edits(word))
        return correct_word(word, candidates) or ""

    async def suggest(self, q: str) -> SearchSuggestions:
        """What a search box offers while typing: brands, categories and catalog words
        that start with the last typed word (the words before it are kept in front). When
        no word or brand starts with it, the word a search would correct it to ("jaket":
        "jacket"), as the search page's "Showing results for" would."""
        typed = search_words(q)
        if not typed:
            return SearchSuggestions([], [], [])
        last, before = typed[-1], " ".join(typed[:-1])
        brands = await self.engine.suggest_brands(" ".join(typed), SUGGESTIONS)
        found = [s.value for s in await self.engine.suggest_words(last, SUGGESTIONS + 1)]
        if not found and not brands:
            found = list(await self._corrected((last,)) or ())
        words = [f"{before} {value}".strip() for value in found if value != last or before]
        return SearchSuggestions(brands=brands[:SUGGESTIONS],
                                 categories=matching_categories(" ".join(typed)),
                                 words=[w for w in words if w != " ".join(typed)][:SUGGESTIONS])

    async def facets(self, request: SearchRequest) -> Facets:
        """Counts per brand, category, size and condition, each facet ignoring its own ticks.
        Words that match nothing are corrected as :meth:`search` corrects them (unless
        ``exact``), and ``did_you_mean`` says so.

        No category counted means that nothing matches even without the category ticks, so
        the search's own total is 0 too: the correction's trigger, found without a second
        count. (A query with counts cannot be corrected: every word it matched is a word of
        the vocabulary.)"""
        query = await for_searcher(self.uow, parse_filter(request), request.searcher_id)
        facets = await self.engine.facets(query, FACET_BRANDS)
        if facets.categories or request.exact:
            return facets
        fixed = await self._understood(query)
        if fixed is None:
            return facets
        corrected = await self.engine.facets(fixed[0], FACET_BRANDS)
        return replace(corrected, did_you_mean=" ".join(fixed[0].words))

    async def views(self, listings: list[Listing]) -> list[ListingView]:
        return await listing_views(self.uow, self.clock, listings)

    # -- writing -----------------------------------------------------------------------

    async def create(self, seller: User, details: ListingDetails,
                     photos: list[PhotoInput]) -> ListingView:
        """A new listing; the photos are stored first, outside the transaction. A seller
        lists a limited number per hour (``Limits.listing_account``)."""
        assert seller.id is not None
        require_valid(details.errors(len(photos)))
        if self.throttle is not None:
            await self.throttle.take(self.listing_rule, f"listing:{seller.id}",
                                     TOO_MANY_LISTINGS)
        images = await self.photos.store(self.photos.prepare(photos))
        listing = Listing.create(seller.id, details, images, self.clock.now())
        async with self.uow:
            await self.uow.listings.add(listing)
            await self._make_seller(seller.id)
            await self.uow.activity.record(ActivityKind.LISTING_CREATED, seller.id,
                                           listing.created_at)
            await self.uow.commit()
            return await with_rights(self.uow, (await self.views([listing]))[0])

    async def update(self, editor: User, listing_id: int, changes: ListingChanges
                     ) -> ListingView:
        async with self.uow:
            current = await self._existing(listing_id)
        current.ensure_editable_by(editor.id)
        details = current.details_with(
            title=changes.title, description=changes.description, price=changes.price,
            brand=changes.brand, size=changes.size, condition=changes.condition,
            category=changes.category)
        photos: list[PhotoInput] = (
            changes.images if changes.images is not None
            else [image.url for image in current.images])
        require_valid(details.errors(len(photos)))
        images = await self.photos.store(self.photos.prepare(photos, current.images))
        async with self.uow:
            # The listing's row locked, then read (the lock offers take): an order that
            # reserved it since the first read is seen by ``edit``, and none can until the
            # edit commits, so a reserved listing keeps what its buyer ordered.
            await self.uow.offers.lock_listing(listing_id)
            listing = await self._existing(listing_id)
            old_price = listing.price
            listing.edit(editor.id, details, images, self.clock.now())
            await self.uow.listings.save(listing)
            await self._tell_watchers_of_drop(listing, old_price)
            await self.uow.commit()
            view = await self._with_reason((await self.views([listing]))[0])
            return await with_rights(self.uow, view)

    async def _tell_watchers_of_drop(self, listing: Listing, old_price: Decimal) -> None:
        """Watchers of an available listing whose price went down hear about it."""
        if listing.price >= old_price or listing.status is not ListingStatus.AVAILABLE:
            return
        assert listing.id is not None
        await notify_watchers(
            self.uow, product_id=listing.id, kind="price_drop",
            title=f"Price drop: {listing.title}",
            body=f"Now {format_usd(listing.price)} (was {format_usd(old_price)})",
            link=f"/product/{listing.id}", now=self.clock.now(),
            except_user_ids=[listing.seller_id])

    async def delete(self, actor: User, listing_id: int) -> None:
        async with self.uow:
            listing = await self._existing(listing_id)
            listing.ensure_deletable_by(actor.id, is_admin=actor.is_admin,
                                        ordered=await self.uow.orders.names_product(listing_id))
            await decline_open_offers(
                self.uow, product_id=listing_id, now=self.clock.now(),
                reason=DeclineReason.LISTING_DELETED)
            await self.uow.listings.delete(listing_id)
            await self.uow.commit()

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
        return await existing_listing(self.uow, listing_id)


def _still_shown(listing: Listing, query: ListingFilter) -> bool:
    """Does the listing's current row still belong on the page the engine chose it for?"""
    if listing.status is ListingStatus.AVAILABLE:
        return True
    if listing.status is ListingStatus.HIDDEN:
        return query.include_unavailable and query.include_hidden
    return query.include_unavailable

