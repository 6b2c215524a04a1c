"""Money: rounding, parsing of typed amounts, formatting."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.money import (
    CENT,
    MAX_AMOUNT,
    AmountProblem,
    format_amount,
    format_usd,
    parse_amount,
    read_amount,
    round_money,
)

pytestmark = pytest.mark.unit

amounts = st.decimals(min_value=0, max_value=MAX_AMOUNT, places=2)
any_decimals = st.decimals(
    min_value=-(10**9), max_value=10**9, allow_nan=False, allow_infinity=False
)


# -- examples -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2.345", "2.35"),
        ("2.344", "2.34"),
        ("-2.345", "-2.35"),
        ("0.005", "0.01"),
        (12, "12.00"),
        (Decimal("1E+2"), "100.00"),
    ],
)
def test_round_money_rounds_half_up_to_cents(value, expected):
    assert round_money(value) == Decimal(expected)
    assert round_money(value).as_tuple().exponent == -2


@pytest.mark.parametrize("value", [Decimal("NaN"), Decimal("Infinity"), "-Infinity"])
def test_round_money_refuses_non_finite(value):
    with pytest.raises(ValueError, match="finite"):
        round_money(value)


def test_round_money_refuses_non_numbers():
    with pytest.raises(ValueError, match="number"):
        round_money("twelve")


def test_round_money_keeps_huge_values_exact():
    assert round_money(Decimal("1e40")) == Decimal("1e40")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12", "12.00"),
        ("12.5", "12.50"),
        ("12.50", "12.50"),
        (" 12.50 ", "12.50"),
        ("$12.50", "12.50"),
        ("1,234.5", "1234.50"),
        (".5", "0.50"),
        ("12.", "12.00"),
        ("12.500", "12.50"),
        ("+3", "3.00"),
        ("-0", "0.00"),
        ("1000000", "1000000.00"),
        (7, "7.00"),
        (Decimal("7.1"), "7.10"),
    ],
)
def test_parse_amount_reads_what_people_type(text, expected):
    assert parse_amount(text) == Decimal(expected)


@pytest.mark.parametrize(
    ("text", "problem", "message"),
    [
        ("", AmountProblem.REQUIRED, "Amount is required"),
        ("   ", AmountProblem.REQUIRED, "Amount is required"),
        (None, AmountProblem.REQUIRED, "Amount is required"),
        ("abc", AmountProblem.NOT_A_NUMBER, "Amount must be a number, like 12.50"),
        ("1e3", AmountProblem.NOT_A_NUMBER, "Amount must be a number, like 12.50"),
        ("1,23", AmountProblem.NOT_A_NUMBER, "Amount must be a number, like 12.50"),
        ("1_000", AmountProblem.NOT_A_NUMBER, "Amount must be a number, like 12.50"),
        ("١٢", AmountProblem.NOT_A_NUMBER, "Amount must be a number, like 12.50"),
        ("NaN", AmountProblem.NOT_FINITE, "Amount must be a finite number"),
        ("inf", AmountProblem.NOT_FINITE, "Amount must be a finite number"),
        ("-Infinity", AmountProblem.NOT_FINITE, "Amount must be a finite number"),
        (Decimal("NaN"), AmountProblem.NOT_FINITE, "Amount must be a finite number"),
        ("-5", AmountProblem.NEGATIVE, "Amount cannot be negative"),
        ("-$5.00", AmountProblem.NEGATIVE, "Amount cannot be negative"),
        (Decimal("-1"), AmountProblem.NEGATIVE, "Amount cannot be negative"),
        ("12.505", AmountProblem.TOO_PRECISE, "Amount can have at most 2 decimal places"),
        ("1000000.01", AmountProblem.TOO_LARGE, "Amount cannot be more than $1,000,000.00"),
        ("9" * 60, AmountProblem.TOO_LARGE, "Amount cannot be more than $1,000,000.00"),
    ],
)
def test_parse_amount_refuses_with_a_reason(text, problem, message):
    assert read_amount(text) is problem
    with pytest.raises(ValidationError) as caught:
        parse_amount(text, field="price", label="Amount")
    assert caught.value.errors == {"price": message}
    assert caught.value.message == message


def test_parse_amount_names_the_field_and_label():
    with pytest.raises(ValidationError) as caught:
        parse_amount("x", field="offerPrice", label="Offer")
    assert caught.value.errors == {"offerPrice": "Offer must be a number, like 12.50"}


def test_bool_is_not_an_amount():
    assert read_amount(True) is AmountProblem.NOT_A_NUMBER


@pytest.mark.parametrize(
    ("value", "plain", "usd"),
    [
        (Decimal("12.5"), "12.50", "$12.50"),
        (0, "0.00", "$0.00"),
        (Decimal("-0.001"), "0.00", "$0.00"),
        (Decimal("1234567.891"), "1234567.89", "$1,234,567.89"),
        (Decimal("-5"), "-5.00", "-$5.00"),
        ("2.345", "2.35", "$2.35"),
    ],
)
def test_formatting(value, plain, usd):
    assert format_amount(value) == plain
    assert format_usd(value) == usd


# -- properties -----------------------------------------------------------------


@given(any_decimals)
def test_round_money_is_within_half_a_cent_and_idempotent(value):
    rounded = round_money(value)
    assert abs(rounded - value) <= CENT / 2
    assert round_money(rounded) == rounded
    assert rounded == rounded.quantize(CENT)


@given(amounts)
def test_parse_round_trips_format_amount(value):
    assert parse_amount(format_amount(value)) == value


@given(amounts)
def test_parse_round_trips_format_usd(value):
    assert parse_amount(format_usd(value)) == value


@given(amounts)
def test_format_amount_is_a_plain_two_decimal_string(value):
    assert re.fullmatch(r"\d+\.\d{2}", format_amount(value))


@given(st.integers(min_value=0, max_value=10**6 - 1), st.integers(min_value=0, max_value=99))
def test_any_typed_dollars_and_cents_parse_exactly(dollars, cents):
    text = f"{dollars}.{cents:02d}"
    assert parse_amount(text) == Decimal(text)
    if cents % 10 == 0:
        assert parse_amount(f"{dollars}.{cents // 10}") == Decimal(text)


@given(
    st.integers(min_value=0, max_value=10**5),
    st.integers(min_value=1, max_value=9),
    st.integers(min_value=3, max_value=8),
)
def test_more_than_two_significant_decimals_is_refused(dollars, last_digit, places):
    text = f"{dollars}." + "0" * (places - 1) + str(last_digit)
    assert read_amount(text) is AmountProblem.TOO_PRECISE


@given(st.decimals(min_value=Decimal("0.01"), max_value=10**9, places=2))
def test_negative_amounts_are_refused(value):
    assert read_amount(f"-{value}") is AmountProblem.NEGATIVE


@given(st.text(max_size=20))
def test_read_amount_never_crashes_and_only_returns_cents(text):
    result = read_amount(text)
    if not isinstance(result, AmountProblem):
        assert 0 <= result <= MAX_AMOUNT
        assert result == round_money(result)
