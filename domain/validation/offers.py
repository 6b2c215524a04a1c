"""Offer and counter-offer amounts (spec sections 4, 5 and 9).

The ``*_error`` functions check an already-parsed ``Decimal`` (the :class:`Offer`
aggregate uses them); ``validate_*`` check what a person typed; ``parse_*`` return the
amount or raise :class:`ValidationError`.
"""

from __future__ import annotations

from decimal import ROUND_CEILING, Decimal

from domain.errors import ValidationError
from domain.money import (
    CENT,
    AmountProblem,
    format_usd,
    problem_message,
    read_amount,
    round_money,
)

OFFER_REQUIRED = "Offer amount is required"
OFFER_NOT_POSITIVE = "Offer must be more than $0.00"
OFFER_ABOVE_LISTING = "Offer cannot be more than the listing price"
OFFER_TOO_PRECISE = "Offer amount can have at most 2 decimal places"
OFFER_TOO_LOW = "Offers must be at least {minimum}"
# An offer must be at least this share of the listing price (docs/offers.md).
MINIMUM_OFFER_SHARE = Decimal("0.5")

COUNTER_REQUIRED = "Counter price is required"
COUNTER_TOO_LOW = "Counter price must be at least $0.01"
COUNTER_NOT_IN_STEPS = "Counter price must be in steps of $0.01"
COUNTER_NOT_ABOVE_OFFER = "Counter price must be more than the offer"
COUNTER_ABOVE_LISTING = "Counter price cannot be more than the listing price"


def minimum_offer(listing_price: Decimal) -> Decimal:
    """The lowest offer a listing accepts: half its price, rounded up to the cent."""
    return (listing_price * MINIMUM_OFFER_SHARE).quantize(CENT, rounding=ROUND_CEILING)


def offer_price_error(price: Decimal, listing_price: Decimal) -> str | None:
    if price <= 0:
        return OFFER_NOT_POSITIVE
    if round_money(price) != price:
        return OFFER_TOO_PRECISE
    if price > listing_price:
        return OFFER_ABOVE_LISTING
    minimum = minimum_offer(listing_price)
    return OFFER_TOO_LOW.format(minimum=format_usd(minimum)) if price < minimum else None


def counter_price_error(price: Decimal, offer_price: Decimal, listing_price: Decimal) -> str | None:
    if price < CENT:
        return COUNTER_TOO_LOW
    if round_money(price) != price:
        return COUNTER_NOT_IN_STEPS
    if price <= offer_price:
        return COUNTER_NOT_ABOVE_OFFER
    return COUNTER_ABOVE_LISTING if price > listing_price else None


_OFFER_PROBLEMS = {
    AmountProblem.REQUIRED: OFFER_REQUIRED,
    AmountProblem.NEGATIVE: OFFER_NOT_POSITIVE,
    AmountProblem.TOO_PRECISE: OFFER_TOO_PRECISE,
    AmountProblem.TOO_LARGE: OFFER_ABOVE_LISTING,
}

_COUNTER_PROBLEMS = {
    AmountProblem.REQUIRED: COUNTER_REQUIRED,
    AmountProblem.NEGATIVE: COUNTER_TOO_LOW,
    AmountProblem.TOO_PRECISE: COUNTER_NOT_IN_STEPS,
    AmountProblem.TOO_LARGE: COUNTER_ABOVE_LISTING,
}


def _read_offer(amount: str | Decimal | int | None, listing_price: Decimal) -> Decimal | str:
    """The offer amount, or the message saying what is wrong with it."""
    value = read_amount(amount)
    if isinstance(value, AmountProblem):
        return _OFFER_PROBLEMS.get(value) or problem_message(value, "Offer amount")
    return offer_price_error(value, listing_price) or value


def _read_counter(
    counter_price: str | Decimal | int | None, offer_price: Decimal, listing_price: Decimal
) -> Decimal | str:
    """The counter price, or the message saying what is wrong with it."""
    value = read_amount(counter_price)
    if isinstance(value, AmountProblem):
        return _COUNTER_PROBLEMS.get(value) or problem_message(value, "Counter price")
    return counter_price_error(value, offer_price, listing_price) or value


def validate_offer_amount(
    amount: str | Decimal | int | None, listing_price: Decimal
) -> dict[str, str]:
    """``{"offerPrice": message}`` unless ``amount`` is in [half the listing price, listing
    price]."""
    result = _read_offer(amount, listing_price)
    return {"offerPrice": result} if isinstance(result, str) else {}


def validate_counter_price(
    counter_price: str | Decimal | int | None,
    offer_price: Decimal,
    listing_price: Decimal,
) -> dict[str, str]:
    """``{"counterPrice": message}`` unless offer < counter <= listing, in whole cents."""
    result = _read_counter(counter_price, offer_price, listing_price)
    return {"counterPrice": result} if isinstance(result, str) else {}


def parse_offer_amount(amount: str | Decimal | int | None, listing_price: Decimal) -> Decimal:
    """The offer amount in cents, or :class:`ValidationError` ``{"offerPrice": ...}``."""
    result = _read_offer(amount, listing_price)
    if isinstance(result, str):
        raise ValidationError({"offerPrice": result})
    return result


def parse_counter_price(
    counter_price: str | Decimal | int | None,
    offer_price: Decimal,
    listing_price: Decimal,
) -> Decimal:
    """The counter price in cents, or :class:`ValidationError` ``{"counterPrice": ...}``."""
    result = _read_counter(counter_price, offer_price, listing_price)
    if isinstance(result, str):
        raise ValidationError({"counterPrice": result})
    return result
