"""Checkout shipping form and the administrator's address form (spec §5)."""

from __future__ import annotations

import pytest

from domain.validation import (
    DEFAULT_COUNTRY,
    AddressForm,
    missing_fields_message,
    missing_required_fields,
    validate_admin_address,
    validate_shipping_address,
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
        ({"country": ""}, "country", "Country must be at least 2 characters"),
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
