"""The server decides the checkout price (DESIGN §3)."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.checkout import checkout_price, checkout_quote
from domain.errors import Conflict, Forbidden
from domain.offers import Offer, minimum_offer
from tests.support import NOW

pytestmark = pytest.mark.unit

BUYER, SELLER = 1, 2
LISTING = Decimal("100.00")


def offer(**changes) -> Offer:
    fields = {
        "product_id": 10,
        "buyer_id": BUYER,
        "seller_id": SELLER,
        "listing_price": LISTING,
        "offer_price": Decimal("80"),
        "created_at": NOW - timedelta(days=1),
    }
    return Offer.make(**{**fields, **changes})


def price(**changes) -> Decimal:
    fields = {
        "product_id": 10,
        "listing_price": LISTING,
        "listing_status": "available",
        "seller_id": SELLER,
        "buyer_id": BUYER,
    }
    return checkout_price(**{**fields, **changes})


def test_without_an_offer_the_listing_price_is_charged():
    assert price() == LISTING


def test_an_accepted_offer_sets_the_price():
    accepted = offer()
    accepted.accept(SELLER, NOW)
    assert price(offer=accepted) == Decimal("80.00")


def test_an_accepted_counter_sets_the_price():
    countered = offer()
    countered.counter(SELLER, "95")
    countered.accept_counter(BUYER, NOW)
    assert price(offer=countered) == Decimal("95.00")


def test_a_pending_offer_does_not_change_the_price():
    with pytest.raises(Conflict, match="not been accepted"):
        price(offer=offer())


@pytest.mark.parametrize("changes", [{"product_id": 11}, {"buyer_id": 3}])
def test_someone_elses_offer_cannot_be_used(changes):
    accepted = offer()
    accepted.accept(SELLER, NOW)
    with pytest.raises(Forbidden, match="not yours"):
        price(offer=accepted, **changes)


def test_sellers_cannot_buy_their_own_listing():
    with pytest.raises(Forbidden, match="own listing"):
        price(buyer_id=SELLER)


@pytest.mark.parametrize(("status", "words"), [("reserved", "reserved for another buyer"),
                                               ("sold", "no longer available")])
def test_unavailable_listings_cannot_be_bought(status, words):
    with pytest.raises(Conflict, match=words):
        price(listing_status=status)


@given(st.integers(min_value=0, max_value=48 * 60))
def test_a_reserved_listing_is_sold_only_to_its_buyer_within_the_window(minutes):
    accepted = offer()
    accepted.accept(SELLER, NOW)
    at = NOW + timedelta(minutes=minutes)
    if minutes < 24 * 60:
        assert price(listing_status="reserved", offer=accepted, now=at) == Decimal("80.00")
    else:
        with pytest.raises(Conflict, match="reserved for another buyer"):
            price(listing_status="reserved", offer=accepted, now=at)
    other = offer(buyer_id=3)
    with pytest.raises(Conflict, match="reserved for another buyer"):
        price(listing_status="reserved", buyer_id=3, now=at)
    with pytest.raises(Forbidden, match="not yours"):
        price(listing_status="available", buyer_id=3, offer=accepted, now=at)
    assert other.holds_item_for(3, 10, at) is False


def test_quote_adds_service_fee_and_shipping():
    quote = checkout_quote(
        product_id=10,
        listing_price=LISTING,
        listing_status="available",
        seller_id=SELLER,
        buyer_id=BUYER,
    )
    assert quote.total == Decimal("110.00")


@given(
    st.decimals(min_value=Decimal("0.02"), max_value=10_000, places=2),
    st.data(),
)
def test_the_charged_price_never_exceeds_the_listing_price(listing, data):
    offered = data.draw(st.decimals(min_value=minimum_offer(listing), max_value=listing,
                                    places=2))
    accepted = offer(listing_price=listing, offer_price=offered)
    accepted.accept(SELLER, NOW)
    charged = price(listing_price=listing, offer=accepted)
    assert charged == offered <= listing


CENTS = st.decimals(min_value=Decimal("0.02"), max_value=10_000, places=2)


@given(CENTS, st.data())
def test_the_buyer_never_pays_more_than_the_listing_price_now(listing, data):
    """An offer accepted (or a counter taken) at the listing's price then, and the price
    changed after: checkout charges the lower of the agreed price and the price now."""
    offered = data.draw(st.decimals(min_value=minimum_offer(listing), max_value=listing,
                                    places=2))
    accepted = offer(listing_price=listing, offer_price=offered)
    if data.draw(st.booleans()) and offered < listing:
        accepted.counter(SELLER, listing)
        accepted.accept_counter(BUYER, NOW)
    else:
        accepted.accept(SELLER, NOW)
    agreed = accepted.agreed_price
    assert agreed is not None
    now_price = data.draw(CENTS)
    charged = price(listing_price=now_price, offer=accepted, listing_status="reserved",
                    now=NOW)
    assert charged == min(agreed, now_price)
    assert charged <= now_price


@given(CENTS, st.data())
def test_an_offer_is_accepted_only_at_or_under_the_price_now(listing, data):
    """The seller lowered the price after the offer: accepting an offer, or the buyer taking
    a counter, above the price now is refused and changes nothing; at or under it, the offer
    is accepted at its own price."""
    offered = data.draw(st.decimals(min_value=minimum_offer(listing), max_value=listing,
                                    places=2))
    now_price = data.draw(CENTS)
    made = offer(listing_price=listing, offer_price=offered)
    if offered > now_price:
        with pytest.raises(Conflict, match="less than this offer"):
            made.accept(SELLER, NOW, now_price)
        assert made.status == "pending" and made.reserved_until is None
    else:
        made.accept(SELLER, NOW, now_price)
        assert made.agreed_price == offered
    if offered < listing:
        countered = offer(listing_price=listing, offer_price=offered)
        countered.counter(SELLER, listing)
        if listing > now_price:
            with pytest.raises(Conflict, match="less than this counter-offer"):
                countered.accept_counter(BUYER, NOW, now_price)
            assert countered.status == "countered"
        else:
            countered.accept_counter(BUYER, NOW, now_price)
            assert countered.agreed_price == listing
