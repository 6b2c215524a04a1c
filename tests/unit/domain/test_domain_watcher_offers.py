"""Offers to watchers' rules (issue 38 item 2): the price bounds, once per 24 hours, and the
offer's life: accepted (reserved) within 24 hours, otherwise ended."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict, Forbidden, IllegalTransition, ValidationError
from domain.money import round_money
from domain.offers import (
    RESERVATION,
    WATCHER_OFFER_EVERY,
    WATCHER_OFFER_LIFETIME,
    Offer,
    OfferStatus,
    WatcherOfferEnd,
    ensure_watcher_offer_due,
    minimum_offer,
    watcher_offer_price,
)
from tests.support import NOW

pytestmark = pytest.mark.unit

cents = st.integers(min_value=100, max_value=1_000_000)


@given(cents, cents)
def test_the_price_is_between_the_minimum_and_ninety_percent(listing: int, price: int) -> None:
    listing_price, amount = Decimal(listing) / 100, Decimal(price) / 100
    highest = round_money(listing_price * Decimal("0.90"))
    if minimum_offer(listing_price) <= amount <= highest:
        assert watcher_offer_price(str(amount), listing_price) == amount
    else:
        with pytest.raises(Conflict):
            watcher_offer_price(str(amount), listing_price)


@pytest.mark.parametrize("price", [None, "", "abc", "-5", "60.001", "NaN"])
def test_a_malformed_price_is_bad_input_not_a_conflict(price: str | None) -> None:
    with pytest.raises(ValidationError):
        watcher_offer_price(price, Decimal("80.00"))


@given(st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=3)))
def test_one_offer_per_listing_per_24_hours(since: timedelta) -> None:
    ensure_watcher_offer_due(None, NOW)
    if since < WATCHER_OFFER_EVERY:
        with pytest.raises(Conflict):
            ensure_watcher_offer_due(NOW - since, NOW)
    else:
        ensure_watcher_offer_due(NOW - since, NOW)


def _offer(now: datetime = NOW) -> Offer:
    offer = Offer.to_watcher(product_id=1, seller_id=2, watcher_id=3,
                             listing_price=Decimal("80.00"), price=Decimal("60.00"), now=now)
    offer.id = 9
    return offer


@given(st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=2)))
def test_a_watcher_accepts_within_24_hours_and_gets_it_reserved(later: timedelta) -> None:
    offer = _offer()
    assert offer.status is OfferStatus.COUNTERED and offer.from_seller
    assert offer.watcher_offer_lapsed(NOW + later) == (later >= WATCHER_OFFER_LIFETIME)
    if later < WATCHER_OFFER_LIFETIME:
        offer.accept_counter(3, NOW + later)
        assert offer.status is OfferStatus.ACCEPTED and offer.agreed_price == Decimal("60.00")
        assert offer.reserved_until == NOW + later + RESERVATION
    else:
        with pytest.raises(IllegalTransition):
            offer.accept_counter(3, NOW + later)


@given(st.sampled_from(list(WatcherOfferEnd)))
def test_an_ended_offer_is_expired_and_settled(reason: WatcherOfferEnd) -> None:
    offer = _offer()
    offer.end_watcher_offer(reason)
    assert offer.status is OfferStatus.EXPIRED and not offer.is_open
    with pytest.raises(IllegalTransition):
        offer.end_watcher_offer(reason)
    with pytest.raises(IllegalTransition):
        offer.accept_counter(3, NOW)


def test_only_the_watcher_answers_and_never_the_seller_to_themselves() -> None:
    with pytest.raises(Forbidden):
        _offer().accept_counter(2, NOW)
    with pytest.raises(Forbidden):
        Offer.to_watcher(product_id=1, seller_id=2, watcher_id=2,
                         listing_price=Decimal("80.00"), price=Decimal("60.00"), now=NOW)
