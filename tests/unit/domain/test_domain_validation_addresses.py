"""Checkout shipping form and the administrator's address form (spec §5)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.validation import (
    DEFAULT_COUNTRY,
    AddressForm,
    missing_fields_message,
    missing_required_fields,
    validate_admin_address,
    validate_shipping_address,
)
from domain.validation.addresses import (
    COUNTRY_MESSAGE,
    PHONE_MESSAGE,
    STATE_MESSAGE,
    US_STATES,
    ZIP_MESSAGE,
    us_state_code,
)

pytestmark = pytest.mark.unit

VALID = {
    "full_name": "Mia Stone",
    "address_line1": "12 Elm Street",
    "address_line2": None,
    "city": "Austin",
    "state": "TX",
    "zip_code": "73301",
    "country": "United States",
    "phone_number": "5125550100",
}


def shipping(**changes):
    return validate_shipping_address(AddressForm(**{**VALID, **changes}))


def admin(**changes):
    return validate_admin_address(AddressForm(**{**VALID, **changes}))


def test_valid_address():
    assert shipping() == {}
    assert shipping(address_line2="Apt 4", country=None) == {}
    assert admin() == {}
    assert DEFAULT_COUNTRY == "United States"


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"full_name": "M"}, "fullName", "Name must be at least 2 characters"),
        ({"full_name": "M" * 101}, "fullName", "Name must be at most 100 characters"),
        ({"address_line1": " 12 E "}, "addressLine1", "Address must be at least 5 characters"),
        (
            {"address_line2": "x" * 201},
            "addressLine2",
            "Address line 2 must be at most 200 characters",
        ),
        ({"city": "A"}, "city", "City must be at least 2 characters"),
        ({"state": "T"}, "state", "State must be at least 2 characters"),
        ({"zip_code": "7330"}, "zipCode", "ZIP code must be at least 5 characters"),
        ({"zip_code": "73301-00001"}, "zipCode", "ZIP code must be at most 10 characters"),
        ({"country": ""}, "country", "Country is required"),
        ({"country": "U"}, "country", "Country must be at least 2 characters"),
        (
            {"phone_number": "555-0100"},
            "phoneNumber",
            "Phone number must be at least 10 characters",
        ),
        ({"phone_number": "5" * 21}, "phoneNumber", "Phone number must be at most 20 characters"),
    ],
)
def test_shipping_messages(changes, field, message):
    assert shipping(**changes) == {field: message}


def test_shipping_reports_every_field_at_once():
    errors = validate_shipping_address(AddressForm("", "", "", "", "", "", "", ""))
    assert list(errors) == [
        "fullName",
        "addressLine1",
        "city",
        "state",
        "zipCode",
        "country",
        "phoneNumber",
    ]


def test_admin_form_only_requires_fields():
    assert admin(city="A", zip_code="1") == {}
    assert admin(full_name=" ", city="", address_line2="") == {
        "fullName": "Required",
        "city": "Required",
    }


def test_missing_required_fields_lists_names_in_form_order():
    missing = missing_required_fields(
        AddressForm(**{**VALID, "phone_number": None, "full_name": ""})
    )
    assert missing == ["fullName", "phoneNumber"]
    assert missing_fields_message(missing) == "Missing Required Fields: Full name, Phone number"
    assert missing_required_fields(AddressForm(**{**VALID, "country": None})) == []


# -- US only (issue 36): ZIP, phone, state from the list, the country -------------------

punctuation = st.text(alphabet=" ().-+/", max_size=3)


@given(st.text(alphabet="0123456789", min_size=5, max_size=5),
       st.one_of(st.just(""), st.text(alphabet="0123456789", min_size=4, max_size=4)),
       st.booleans())
def test_a_five_digit_zip_or_zip_plus_four_is_taken(five: str, four: str, dash: bool) -> None:
    zip_code = five + (("-" if dash else "") + four if four else "")
    assert "zipCode" not in shipping(zip_code=zip_code)


@given(st.text(min_size=5, max_size=10).map(str.strip))
def test_a_zip_is_refused_unless_it_is_5_or_9_digits(zip_code: str) -> None:
    good = re.fullmatch(r"[0-9]{5}(-?[0-9]{4})?", zip_code) is not None
    errors = shipping(zip_code=zip_code)
    if not zip_code:
        assert errors["zipCode"] == "ZIP code is required"
    elif re.fullmatch(r"[0-9-]+", zip_code) is None:
        # Characters a ZIP code never holds: its format, whatever its length.
        assert errors["zipCode"] == ZIP_MESSAGE
    elif len(zip_code) < 5:
        assert errors["zipCode"] == "ZIP code must be at least 5 characters"
    else:
        assert ("zipCode" not in errors) == good
        if not good:
            assert errors["zipCode"] == ZIP_MESSAGE


@given(st.lists(st.tuples(st.sampled_from("0123456789"), punctuation), min_size=10,
                max_size=10))
def test_ten_digits_with_any_punctuation_make_a_phone(parts: list[tuple[str, str]]) -> None:
    phone = "".join(digit + marks for digit, marks in parts).strip()
    if len(phone) <= 20:
        assert "phoneNumber" not in shipping(phone_number=phone)


@given(st.lists(st.tuples(st.sampled_from("0123456789"), punctuation), min_size=10,
                max_size=10), st.sampled_from(("+1 ", "+1", "1-", "1 ", "1", "(+1) ")))
def test_ten_digits_after_the_us_country_code_make_a_phone(
        parts: list[tuple[str, str]], code: str) -> None:
    phone = code + "".join(digit + marks for digit, marks in parts).strip()
    if len(phone) <= 20:
        assert "phoneNumber" not in shipping(phone_number=phone)


@given(st.text(min_size=10, max_size=20))
def test_a_phone_with_letters_or_not_ten_digits_is_refused(phone: str) -> None:
    digits = re.sub(r"[\s().+/-]", "", phone.strip())
    good = re.fullmatch(r"1?[0-9]{10}", digits) is not None
    errors = shipping(phone_number=phone)
    if len(phone.strip()) >= 10:
        assert ("phoneNumber" not in errors) == good
        if not good:
            assert errors["phoneNumber"] == PHONE_MESSAGE


@given(st.sampled_from(sorted(US_STATES.items())), st.booleans(), st.booleans())
def test_a_state_by_code_or_name_in_any_case_is_stored_as_its_code(
        state: tuple[str, str], by_name: bool, lower: bool) -> None:
    code, name = state
    typed = name if by_name else code
    typed = typed.lower() if lower else typed
    assert "state" not in shipping(state=typed)
    assert AddressForm(**{**VALID, "state": typed}).fields()["state"] == code


@given(st.text(min_size=2, max_size=30))
def test_a_state_not_on_the_list_is_refused(state: str) -> None:
    errors = shipping(state=state)
    if us_state_code(state.strip()) is None and len(state.strip()) >= 2:
        assert errors["state"] == STATE_MESSAGE


def test_only_the_united_states_is_a_country() -> None:
    for name in ("United States", "USA", "us", "United States of America", None):
        assert "country" not in shipping(country=name)
        assert AddressForm(**{**VALID, "country": name}).fields()["country"] == DEFAULT_COUNTRY
    assert shipping(country="Canada")["country"] == COUNTRY_MESSAGE
    # The spec's own length messages come before the US rules, for text that could be one.
    assert shipping(zip_code="12", phone_number="12") == {
        "zipCode": "ZIP code must be at least 5 characters",
        "phoneNumber": "Phone number must be at least 10 characters"}
    # Letters are never a ZIP code or a phone number: their format is said at once.
    assert shipping(zip_code="AB", phone_number="call") == {
        "zipCode": ZIP_MESSAGE, "phoneNumber": PHONE_MESSAGE}


def test_the_webapp_offers_the_same_states() -> None:
    source = Path(__file__).parents[3] / "webapp/src/entities/order/us-states.ts"
    pairs = re.findall(r"\['([A-Z]{2})', '([^']+)'\]", source.read_text())
    assert dict(pairs) == US_STATES
