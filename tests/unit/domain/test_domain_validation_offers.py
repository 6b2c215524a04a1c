"""Offer and counter-offer amounts (spec §4, §5, §9)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.offers import (
    counter_price_error,
    minimum_offer,
    offer_price_error,
    parse_counter_price,
    parse_offer_amount,
    validate_counter_price,
    validate_offer_amount,
)

pytestmark = pytest.mark.unit

LISTING = Decimal("100.00")
cents = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("10000"), places=2)


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("", "Offer amount is required"),
        (None, "Offer amount is required"),
        ("0", "Offers must be at least $50.00"),
        ("0.00", "Offers must be at least $50.00"),
        ("-5", "Offers must be at least $50.00"),
        ("100.01", "Offer cannot be more than the listing price"),
        ("5000000", "Offer cannot be more than the listing price"),
        ("9.999", "Offer amount can have at most 2 decimal places"),
        (Decimal("9.999"), "Offer amount can have at most 2 decimal places"),
        ("ten", "Offer amount must be a number, like 12.50"),
        ("1.50", "Offers must be at least $50.00"),
        ("49.99", "Offers must be at least $50.00"),
    ],
)
def test_offer_amount_messages(amount, message):
    assert validate_offer_amount(amount, LISTING) == {"offerPrice": message}
    with pytest.raises(ValidationError) as caught:
        parse_offer_amount(amount, LISTING)
    assert caught.value.errors == {"offerPrice": message}


def test_offer_amounts_from_half_to_the_listing_price_are_fine():
    assert validate_offer_amount("90", LISTING) == {}
    assert parse_offer_amount("$100", LISTING) == LISTING
    assert parse_offer_amount("50", LISTING) == Decimal("50.00")


def test_the_issue_example_an_80_dollar_item_refuses_offers_under_40():
    assert validate_offer_amount("1.50", Decimal("80")) == {
        "offerPrice": "Offers must be at least $40.00"}
    assert minimum_offer(Decimal("79.99")) == Decimal("40.00")  # half, rounded up
    assert minimum_offer(Decimal("2500")) == Decimal("1250.00")
    assert validate_offer_amount("1249.99", Decimal("2500")) == {
        "offerPrice": "Offers must be at least $1,250.00"}


@pytest.mark.parametrize(
    ("price", "message"),
    [
        ("", "Counter price is required"),
        ("0", "Counter price must be at least $0.01"),
        ("-1", "Counter price must be at least $0.01"),
        ("80.005", "Counter price must be in steps of $0.01"),
        (Decimal("80.005"), "Counter price must be in steps of $0.01"),
        ("80", "Counter price must be more than the offer"),
        ("79.99", "Counter price must be more than the offer"),
        ("100.01", "Counter price cannot be more than the listing price"),
        ("2000000", "Counter price cannot be more than the listing price"),
        ("lots", "Counter price must be a number, like 12.50"),
    ],
)
def test_counter_price_messages(price, message):
    assert validate_counter_price(price, Decimal("80"), LISTING) == {"counterPrice": message}
    with pytest.raises(ValidationError) as caught:
        parse_counter_price(price, Decimal("80"), LISTING)
    assert caught.value.errors == {"counterPrice": message}


def test_counter_prices_between_offer_and_listing_are_fine():
    assert parse_counter_price("80.01", Decimal("80"), LISTING) == Decimal("80.01")
    assert parse_counter_price("100", Decimal("80"), LISTING) == LISTING


@given(cents, cents)
def test_offer_is_accepted_exactly_between_half_and_the_listing_price(amount, listing):
    assert (validate_offer_amount(str(amount), listing) == {}) == (
        listing / 2 <= amount <= listing)


@given(st.decimals(min_value=Decimal("-10000"), max_value=Decimal("10000"), places=2),
       cents, st.sampled_from(["{}", " {} ", "{:f}"]))
def test_every_offer_under_the_minimum_gets_the_one_message_zero_and_negative_too(
        amount: Decimal, listing: Decimal, spelling: str) -> None:
    """0, -5 and 1 on a $82.50 listing all say "Offers must be at least $41.25" (one
    message for the one rule, as the offer dialog shows it), typed or already parsed."""
    if amount >= minimum_offer(listing):
        return
    message = f"Offers must be at least ${minimum_offer(listing):,.2f}"
    assert validate_offer_amount(spelling.format(amount), listing) == {"offerPrice": message}
    assert validate_offer_amount(amount, listing) == {"offerPrice": message}
    assert offer_price_error(amount, listing) == message


@given(cents)
def test_the_minimum_offer_is_the_smallest_whole_cent_at_least_half(listing):
    minimum = minimum_offer(listing)
    assert minimum == minimum.quantize(Decimal("0.01"))
    assert minimum * 2 >= listing > (minimum - Decimal("0.01")) * 2


@given(cents, cents, cents)
def test_counter_is_accepted_exactly_between_offer_and_listing(counter, offer, listing):
    accepted = validate_counter_price(str(counter), offer, listing) == {}
    assert accepted == (offer < counter <= listing)


def test_decimal_checks_refuse_sub_cent_amounts():
    assert (
        offer_price_error(Decimal("9.999"), LISTING)
        == "Offer amount can have at most 2 decimal places"
    )
    assert counter_price_error(Decimal("90.005"), Decimal("80"), LISTING) == (
        "Counter price must be in steps of $0.01"
    )
    assert offer_price_error(Decimal("59.99"), LISTING) is None
    assert counter_price_error(Decimal("90"), Decimal("80"), LISTING) is None
