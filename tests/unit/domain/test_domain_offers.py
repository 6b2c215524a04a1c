"""Offer rules by example (spec §4; DESIGN §3)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from domain.errors import Conflict, Forbidden, IllegalTransition, ValidationError
from domain.events import (
    CounterAccepted,
    CounterDeclined,
    OfferAccepted,
    OfferCountered,
    OfferMade,
    OfferRejected,
)
from domain.offers import Offer, OfferAction, OfferStatus
from tests.support import NOW

pytestmark = pytest.mark.unit

BUYER, SELLER, STRANGER = 1, 2, 3


def make(**changes) -> Offer:
    fields = {
        "product_id": 10,
        "buyer_id": BUYER,
        "seller_id": SELLER,
        "listing_price": Decimal("100"),
        "offer_price": Decimal("80"),
        "created_at": NOW,
    }
    return Offer.make(**{**fields, **changes})


def test_a_new_offer_is_pending_and_open():
    offer = make(offer_price="80.5", message="  Would you take this?  ", id=7)
    assert offer.status is OfferStatus.PENDING
    assert offer.is_open
    assert offer.offer_price == Decimal("80.50")
    assert offer.listing_price == Decimal("100.00")
    assert offer.message == "Would you take this?"
    assert offer.agreed_price is None
    assert offer.pull_events() == [OfferMade(7, 10, BUYER, SELLER, Decimal("80.50"))]
    assert offer.pull_events() == []


def test_blank_message_is_none():
    assert make(message="   ").message is None


def test_seller_never_offers_on_their_own_listing():
    with pytest.raises(Forbidden, match="your own listing"):
        make(buyer_id=SELLER)


def test_one_open_offer_per_buyer_and_listing():
    with pytest.raises(Conflict, match="already have an open offer"):
        make(has_open_offer=True)


def test_no_offers_on_unavailable_listings():
    with pytest.raises(Conflict, match="no longer available"):
        make(listing_available=False)


@pytest.mark.parametrize(
    ("price", "message"),
    [
        (Decimal("0"), "Offers must be at least $50.00"),
        (Decimal("100.01"), "Offer cannot be more than the listing price"),
        (Decimal("50.001"), "Offer amount can have at most 2 decimal places"),
    ],
)
def test_offer_price_bounds(price, message):
    with pytest.raises(ValidationError) as caught:
        make(offer_price=price)
    assert caught.value.errors == {"offerPrice": message}


def test_message_length_is_bounded():
    with pytest.raises(ValidationError) as caught:
        make(message="x" * 501)
    assert caught.value.errors == {"message": "Message must be at most 500 characters"}


def test_seller_accepts_at_the_offer_price():
    offer = make(id=7)
    assert offer.available_actions(SELLER) == {"accept", "reject", "counter"}
    assert offer.available_actions(BUYER) == {"withdraw"}
    offer.accept(SELLER, NOW)
    assert offer.status is OfferStatus.ACCEPTED
    assert not offer.is_open
    assert offer.agreed_price == Decimal("80.00")
    assert offer.pull_events()[-1] == OfferAccepted(7, BUYER, SELLER, Decimal("80.00"))


def test_seller_rejects():
    offer = make()
    offer.reject(SELLER)
    assert offer.status is OfferStatus.REJECTED
    assert offer.agreed_price is None
    assert isinstance(offer.events[-1], OfferRejected)


def test_counter_then_buyer_accepts_in_one_step():
    offer = make()
    offer.counter(SELLER, "90")
    assert offer.status is OfferStatus.COUNTERED
    assert offer.is_open
    assert offer.counter_price == Decimal("90.00")
    assert offer.available_actions(BUYER) == {
        OfferAction.ACCEPT_COUNTER,
        OfferAction.DECLINE_COUNTER,
    }
    assert offer.available_actions(SELLER) == frozenset()
    assert isinstance(offer.events[-1], OfferCountered)
    offer.accept_counter(BUYER, NOW)
    assert offer.status is OfferStatus.ACCEPTED
    assert offer.agreed_price == Decimal("90.00")
    assert offer.events[-1] == CounterAccepted(None, BUYER, SELLER, Decimal("90.00"))


def test_buyer_declines_a_counter():
    offer = make()
    offer.counter(SELLER, Decimal("95"))
    offer.decline_counter(BUYER)
    assert offer.status is OfferStatus.REJECTED
    assert isinstance(offer.events[-1], CounterDeclined)


@pytest.mark.parametrize("price", ["80", "100.01", "0", "85.555"])
def test_bad_counter_prices_change_nothing(price):
    offer = make()
    with pytest.raises(ValidationError):
        offer.counter(SELLER, price)
    assert offer.status is OfferStatus.PENDING
    assert offer.counter_price is None


@pytest.mark.parametrize("actor", [BUYER, STRANGER])
@pytest.mark.parametrize("move", ["accept", "reject"])
def test_only_the_seller_responds(actor, move):
    offer = make()
    with pytest.raises(Forbidden, match="Only the seller"):
        getattr(offer, move)(actor, *([NOW] if move == "accept" else []))
    with pytest.raises(Forbidden):
        offer.counter(actor, "90")
    assert offer.status is OfferStatus.PENDING


@pytest.mark.parametrize("actor", [SELLER, STRANGER])
def test_only_the_buyer_answers_a_counter(actor):
    offer = make()
    offer.counter(SELLER, "90")
    with pytest.raises(Forbidden, match="Only the buyer"):
        offer.accept_counter(actor, NOW)
    with pytest.raises(Forbidden):
        offer.decline_counter(actor)


def test_no_counter_to_accept_while_pending():
    with pytest.raises(IllegalTransition, match="no counter-offer"):
        make().accept_counter(BUYER, NOW)


@pytest.mark.parametrize("settle", ["accept", "reject"])
def test_settled_offers_offer_no_actions(settle):
    offer = make()
    getattr(offer, settle)(SELLER, *([NOW] if settle == "accept" else []))
    for actor in (BUYER, SELLER, STRANGER):
        assert offer.available_actions(actor) == frozenset()
    with pytest.raises(IllegalTransition, match="already"):
        offer.accept(SELLER, NOW)
    with pytest.raises(IllegalTransition):
        offer.counter(SELLER, "90")
    with pytest.raises(IllegalTransition):
        offer.accept_counter(BUYER, NOW)


def test_a_stored_offer_can_be_rebuilt_from_plain_values():
    offer = Offer(
        id=3,
        product_id=10,
        buyer_id=BUYER,
        seller_id=SELLER,
        listing_price=Decimal("100.00"),
        offer_price=Decimal("80.00"),
        counter_price=Decimal("90.00"),
        status="countered",
        created_at=NOW,
    )
    assert offer.status is OfferStatus.COUNTERED
    offer.accept_counter(BUYER, NOW)
    assert offer.agreed_price == Decimal("90.00")


@pytest.mark.parametrize(
    ("status", "expected"),
    [("accepted", "accepted"), ("rejected", "rejected"), (" Countered ", "countered")],
)
def test_respond_takes_the_api_status(status, expected):
    offer = make()
    offer.respond(SELLER, status, "90", now=NOW)
    assert offer.status == expected


def test_respond_refuses_unknown_statuses_and_missing_counter_prices():
    offer = make()
    with pytest.raises(ValidationError) as caught:
        offer.respond(SELLER, "pending", now=NOW)
    assert caught.value.errors == {"status": "Please choose accepted, rejected or countered"}
    with pytest.raises(ValidationError) as caught:
        offer.respond(SELLER, "countered", now=NOW)
    assert caught.value.errors == {"counterPrice": "Counter price is required"}
    with pytest.raises(Forbidden):
        offer.respond(BUYER, "accepted", now=NOW)
    assert offer.status is OfferStatus.PENDING


def test_buyer_withdraws_a_pending_offer_only():
    offer = make(id=7)
    with pytest.raises(Forbidden):
        offer.withdraw(SELLER)
    offer.withdraw(BUYER)
    assert offer.status is OfferStatus.WITHDRAWN
    assert not offer.is_open
    assert offer.available_actions(SELLER) == frozenset()
    with pytest.raises(IllegalTransition, match="withdrawn this offer"):
        offer.accept(SELLER, NOW)
    countered = make()
    countered.counter(SELLER, "90")
    with pytest.raises(IllegalTransition):
        countered.withdraw(BUYER)


@pytest.mark.parametrize("start", ["pending", "countered"])
def test_the_marketplace_declines_open_offers_with_a_reason(start):
    offer = make(id=7)
    if start == "countered":
        offer.counter(SELLER, "90")
    offer.seen_by(BUYER)
    offer.decline("other_offer_accepted")
    assert offer.status is OfferStatus.REJECTED
    assert not offer.buyer_seen
    with pytest.raises(IllegalTransition, match="accepted another offer"):
        offer.accept_counter(BUYER, NOW)
    with pytest.raises(IllegalTransition):
        offer.decline("listing_sold")


def test_a_closed_account_ends_an_unused_reservation_only():
    """An accepted offer still holding the item is declined as ``account_closed`` and
    holds it no more; once an order used the reservation, or for a settled offer, it is
    refused (the order is the closure's business, not the offer's)."""
    offer = make(id=7)
    offer.accept(SELLER, NOW)
    offer.pull_events()
    offer.end_reservation("account_closed", NOW)
    assert offer.status is OfferStatus.REJECTED and offer.decline_reason == "account_closed"
    assert not offer.is_reserving and not offer.holds_item_for(BUYER, 10, NOW)
    assert offer.agreed_price is None
    assert [type(e).__name__ for e in offer.pull_events()] == ["OfferDeclined"]
    with pytest.raises(IllegalTransition):
        offer.end_reservation("account_closed", NOW)
    used = make(id=8)
    used.accept(SELLER, NOW)
    used.use_reservation(NOW)
    with pytest.raises(IllegalTransition):
        used.end_reservation("account_closed", NOW)
    assert used.status is OfferStatus.ACCEPTED
    with pytest.raises(IllegalTransition):
        make(id=9).end_reservation("account_closed", NOW)


def test_seen_flags_follow_who_has_news():
    offer = make()
    assert (offer.seller_seen, offer.buyer_seen) == (False, True)
    offer.seen_by(SELLER)
    offer.counter(SELLER, "95")
    assert (offer.seller_seen, offer.buyer_seen) == (True, False)
    offer.seen_by(BUYER)
    assert offer.buyer_seen
