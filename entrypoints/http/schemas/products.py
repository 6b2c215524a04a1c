"""A listing as every area's responses show it (catalog, favorites, offers, orders...)."""

from __future__ import annotations

from datetime import datetime

import msgspec
from litestar.serialization import encode_json

from application.catalog_search import SearchPage
from application.catalog_views import ListingView
from application.ports.catalog import FacetCount, Facets, SellerCard
from domain.catalog import ListingBadge
from domain.listings import Listing
from domain.money import format_amount
from entrypoints.http.schemas import CamelStruct


class SellerOut(CamelStruct):
    id: int
    username: str
    display_name: str
    avatar_url: str | None
    rating: float
    rating_count: int
    verified: bool


class ProductOut(CamelStruct):
    id: int
    title: str
    description: str
    price: str
    brand: str
    size: str
    condition: str
    category: str
    images: list[str]
    thumbnails: list[str]
    status: str
    badge: str | None
    seller_id: int
    created_at: datetime
    updated_at: datetime | None
    watch_count: int
    price_drop: bool
    verified: bool
    seller: SellerOut | None


def product_out(view: ListingView) -> ProductOut:
    item, seller = view.listing, view.seller
    assert item.id is not None
    # (The size, condition, category, status and badge members are their API values, as
    # ``str``: taken as they are, without the enum's slow ``.value`` per field and card.)
    return ProductOut(
        id=item.id, title=item.title, description=item.description,
        price=format_amount(item.price), brand=item.brand, size=item.size,
        condition=item.condition, category=item.category,
        images=[image.url for image in item.images],
        thumbnails=[image.thumbnail_url for image in item.images],
        status=item.status, badge=view.badge,
        seller_id=item.seller_id, created_at=item.created_at, updated_at=item.updated_at,
        watch_count=item.watch_count, price_drop=item.price_drop, verified=item.verified,
        seller=None if seller is None else SellerOut(
            id=seller.id, username=seller.username, display_name=seller.display_name,
            avatar_url=seller.avatar_url, rating=float(seller.rating),
            rating_count=seller.rating_count, verified=seller.verified),
    )


class ProductPageOut(CamelStruct):
    items: list[ProductOut]
    next_cursor: str | None
    total: int
    # True when more than ``total`` listings match (totals are exact up to 10,000).
    total_capped: bool = False
    # Set when the typed words matched nothing and the items are for these corrected words
    # ("Showing results for ..."); ``exact=true`` searches the typed words instead.
    did_you_mean: str | None = None


class SimilarOut(CamelStruct):
    """Up to 12 available listings like one listing, as search cards."""

    items: list[ProductOut]


def product_page_out(page: SearchPage) -> ProductPageOut:
    return ProductPageOut(items=[product_out(view) for view in page.items],
                          next_cursor=page.next_cursor, total=page.total,
                          total_capped=page.total_capped, did_you_mean=page.did_you_mean)


class _EncodedPage(CamelStruct):
    """:class:`ProductPageOut` with its cards already JSON (the same fields, names and
    order, so the same bytes)."""

    items: list[msgspec.Raw]
    next_cursor: str | None
    total: int
    total_capped: bool = False
    did_you_mean: str | None = None


# Cards remembered (``Cards``). Search pages now read their listings afresh by id, so a
# card is reused only when the very same listing object comes back (issue 40 removes this).
CARDS = 4096


class Cards:
    """Search pages' JSON with each card's JSON remembered, with the listing object, the
    seller's card and the badge it was made from. A search page's listings are the ones
    the search index keeps (``listing_index.Kept``): the same objects, never changed, until
    a change forgets them and a new object is read. So a card whose listing is the same
    object, whose seller card is equal (sellers are read afresh for every page) and whose
    badge is the same is the same JSON; anything else is encoded again. Building and
    encoding 24 cards was a sixth of a search."""

    def __init__(self, size: int = CARDS) -> None:
        self.size = size
        self.made: dict[int, tuple[Listing, SellerCard | None, ListingBadge | None,
                                   msgspec.Raw]] = {}

    def card(self, view: ListingView) -> msgspec.Raw:
        listing = view.listing
        assert listing.id is not None
        found = self.made.get(listing.id)
        if found is not None and found[0] is listing and found[2] is view.badge:  # (kept)
            if found[1] is view.seller:
                return found[3]
            if found[1] == view.seller:
                # An equal card, another object: remembered instead, so the next page's
                # check is by identity. A page whose listings were read (not kept) brings
                # its sellers' cards read with them, new objects, and the kept cards come
                # back on every later page: comparing every field of those was ~0.5 us a
                # card, 87% of the cards of the bench's searches, 5 us a search.
                self.made[listing.id] = (listing, view.seller, view.badge, found[3])
                return found[3]
        made = msgspec.Raw(encode_json(product_out(view)))
        if found is None and len(self.made) >= self.size:
            del self.made[next(iter(self.made))]  # the oldest made
        self.made[listing.id] = (listing, view.seller, view.badge, made)
        return made

    def page(self, page: SearchPage) -> bytes:
        """The bytes of ``encode_json(product_page_out(page))``."""
        return encode_json(_EncodedPage(
            items=[self.card(view) for view in page.items], next_cursor=page.next_cursor,
            total=page.total, total_capped=page.total_capped, did_you_mean=page.did_you_mean))


class FacetOut(CamelStruct):
    value: str
    count: int


class FacetsOut(CamelStruct):
    brands: list[FacetOut]
    categories: list[FacetOut]
    sizes: list[FacetOut]
    conditions: list[FacetOut]
    # The corrected words counted when the typed ones matched nothing (as in ProductPageOut).
    did_you_mean: str | None = None


def facets_out(facets: Facets) -> FacetsOut:
    def out(counts: list[FacetCount]) -> list[FacetOut]:
        return [FacetOut(value=c.value, count=c.count) for c in counts]

    return FacetsOut(brands=out(facets.brands), categories=out(facets.categories),
                     sizes=out(facets.sizes), conditions=out(facets.conditions),
                     did_you_mean=facets.did_you_mean)
