"""A listing as every area's responses show it (catalog, favorites, offers, orders...)."""

from __future__ import annotations

from datetime import datetime
from typing import TypeVar

from msgspec import UNSET, UnsetType

from application.catalog_search import SearchPage
from application.catalog_views import ListingView
from application.ports.catalog import FacetCount, Facets, SellerCard
from domain.moderation import HideCause
from domain.money import format_amount
from domain.vacation import Vacation
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct


class SellerOut(CamelStruct):
    id: int
    username: str
    display_name: str
    avatar_url: str | None
    rating: float
    rating_count: int
    verified: bool
    # On vacation now (``domain.vacation``; read with the card, not from the search index):
    # the card's bag button is disabled, with the product page's notice ("Seller away until
    # Dec 5, 2026"; null when not away).
    away: bool
    away_notice: str | None


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


class OwnerActionsOut(CamelStruct):
    """What a listing's seller may do with it now: the same rule as the edit's and the
    delete's 409 (``domain.listings.Listing.rights``), so the page offers only what works."""

    can_edit: bool
    can_delete: bool
    # Why not (the 409's own sentence: "This item has sold, so it can no longer be edited
    # or deleted: ..."); null when both are allowed.
    reason: str | None


@describe(fields={"hiddenCause": {"enum": [cause.value for cause in HideCause]}})
class ProductDetailOut(ProductOut, kw_only=True):
    """A product page's answer: a card's fields and, for a hidden listing, why."""

    # Why a moderator hid it: only a hidden listing's seller and administrators are
    # answered one (everyone else gets 404), and theirs are signed-in answers, never kept in
    # the visitors' response cache. Null otherwise (and for a listing hidden by a
    # suspension, or before reasons were kept).
    hidden_reason: str | None = None
    # Who hid it, for the same two and by the same rule: ``moderator`` (an administrator
    # may restore it) or ``suspension`` (its seller is suspended: it comes back when the
    # suspension is lifted or ends). Null otherwise.
    hidden_cause: str | None = None
    # For the same two: its seller has closed their account, which took it down for good
    # (a restore answers 409). False otherwise.
    seller_closed: bool = False
    # Signed-in readers only (absent from a visitor's public, cacheable answer): the reader
    # blocked its seller, so its page says so instead of offering Buy, Offer, Bag, Message
    # and Follow (the server refuses them all: docs/trust.md). Never says that the seller
    # blocked the reader.
    blocked_by_you: bool | UnsetType = UNSET
    # Its seller only (their product page, and the answers to their create and edit): what
    # they may do with it now. Null for everyone else.
    owner_actions: OwnerActionsOut | None = None


Shape = TypeVar("Shape", bound=ProductOut)


def seller_out(card: SellerCard, away: Vacation | None) -> SellerOut:
    """A seller card; ``away``: their vacation if it is on now (``ListingView.away``)."""
    return SellerOut(id=card.id, username=card.username, display_name=card.display_name,
                     avatar_url=card.avatar_url, rating=float(card.rating),
                     rating_count=card.rating_count, verified=card.verified,
                     away=away is not None, away_notice=None if away is None else away.notice)


def product_out(view: ListingView) -> ProductOut:
    return _product(ProductOut, view)


def product_detail_out(view: ListingView, *, signed_in: bool) -> ProductDetailOut:
    """A product page's answer; ``blockedByYou`` only when the reader is ``signed_in``."""
    cause, rights = view.hidden_cause, view.rights
    return _product(ProductDetailOut, view, hidden_reason=view.hidden_reason,
                    hidden_cause=None if cause is None else cause.value,
                    seller_closed=view.seller_closed,
                    blocked_by_you=view.blocked_by_you if signed_in else UNSET,
                    owner_actions=None if rights is None else OwnerActionsOut(
                        can_edit=rights.can_edit, can_delete=rights.can_delete,
                        reason=rights.reason))


def _product(shape: type[Shape], view: ListingView,
             **extra: str | bool | OwnerActionsOut | UnsetType | None) -> Shape:
    item, seller = view.listing, view.seller
    assert item.id is not None
    # (The size, condition, category, status and badge members are their API values, as
    # ``str``: taken as they are, without the enum's slow ``.value`` per field and card.)
    return shape(
        id=item.id, title=item.title, description=item.description,
        price=format_amount(item.price), brand=item.brand, size=item.size,
        condition=item.condition, category=item.category,
        images=[image.url for image in item.images],
        thumbnails=[image.thumbnail_url for image in item.images],
        status=item.status, badge=view.badge,
        seller_id=item.seller_id, created_at=item.created_at, updated_at=item.updated_at,
        watch_count=item.watch_count, price_drop=item.price_drop, verified=item.verified,
        seller=None if seller is None else seller_out(seller, view.away), **extra,
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
