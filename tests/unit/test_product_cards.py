"""Search pages' JSON with each card's JSON remembered (entrypoints/http/schemas/products.py,
``Cards``): always the bytes the controller's ``product_page_out`` encodes, and a card made
again whenever its listing object, its seller's card or its badge is not the same."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from litestar.serialization import encode_json

from application.catalog_search import SearchPage
from application.catalog_views import ListingView
from application.ports.catalog import SellerCard
from domain.catalog import Category, Condition, Size
from domain.listings import Listing, ListingImage
from entrypoints.http.schemas.products import Cards, product_page_out

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
MAYA = SellerCard(7, "maya", "Maya Chen", None, Decimal("4.50"), 2, False)


def listing(n: int, title: str = "Linen shirt") -> Listing:
    return Listing(
        id=n, seller_id=MAYA.id, title=f"{title} {n}", description="Worn twice, no marks.",
        price=Decimal("12.50") + n, brand="Zara", size=Size.M, condition=Condition.GOOD,
        category=Category.TOPS, images=[ListingImage(f"/media/{n}.webp", f"/media/{n}t.webp")],
        created_at=NOW - timedelta(days=n), updated_at=NOW)


def page(listings: list[Listing], now: datetime = NOW, seller: SellerCard = MAYA
         ) -> SearchPage:
    views = [ListingView(item, seller, item.badge(now)) for item in listings]
    return SearchPage(views, "next", 12_000, total_capped=True, did_you_mean="linen")


def test_a_page_is_the_controllers_bytes_and_a_card_is_made_once() -> None:
    cards, listings = Cards(), [listing(n) for n in range(1, 4)]
    first = page(listings)
    assert cards.page(first) == encode_json(product_page_out(first))
    made = cards.card(first.items[0])
    assert cards.card(ListingView(listings[0], replace(MAYA), listings[0].badge(NOW))) is made
    empty = SearchPage([], None, 0)
    assert cards.page(empty) == encode_json(product_page_out(empty))


def test_a_card_is_made_again_when_its_listing_seller_or_badge_changed() -> None:
    cards, listings = Cards(), [listing(n) for n in range(1, 4)]
    cards.page(page(listings))
    renamed = replace(MAYA, display_name="Maya R.")
    for changed in (page([listing(1, "Wool coat"), *listings[1:]]),  # read again, edited
                    page(listings, seller=renamed),
                    page(listings, now=NOW + timedelta(days=30))):  # no longer just listed
        assert cards.page(changed) == encode_json(product_page_out(changed))
    assert b"Wool coat 1" in cards.page(page([listing(1, "Wool coat")]))


def test_it_remembers_at_most_its_size() -> None:
    cards = Cards(size=2)
    for n in range(1, 6):
        shown = page([listing(n)])
        assert cards.page(shown) == encode_json(product_page_out(shown))
    assert sorted(cards.made) == [4, 5]


def test_an_equal_seller_card_is_remembered_so_the_next_check_is_by_identity() -> None:
    cards, listings = Cards(size=2), [listing(1), listing(2)]
    made = cards.card(ListingView(listings[0], MAYA, listings[0].badge(NOW)))
    equal = replace(MAYA)
    assert cards.card(ListingView(listings[0], equal, listings[0].badge(NOW))) is made
    assert cards.made[1][1] is equal
    cards.card(ListingView(listings[1], MAYA, listings[1].badge(NOW)))
    assert list(cards.made) == [1, 2]  # still the oldest made: the first to go
    cards.card(ListingView(listing(3), MAYA, listing(3).badge(NOW)))
    assert sorted(cards.made) == [2, 3]
