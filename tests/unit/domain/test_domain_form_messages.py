"""tests/fixtures/form-messages.json: what each form says about a blank, a short or a
malformed field, held to domain/validation here and to the webapp's checks by
webapp/src/lib/form-messages.test.ts, so both sides word one problem one way.

A blank field is "required" ("Title is required"), never "must be at least 3 characters"
(which sends its reader looking for text that is not there); a ZIP code holding letters is
told its format; a confirmation that differs says "Passwords do not match".
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from domain.contact import ContactForm, validate_contact
from domain.errors import ValidationError
from domain.social import ProfileChanges, validate_profile
from domain.validation import (
    AddressForm,
    validate_blog,
    validate_listing,
    validate_login,
    validate_registration,
    validate_shipping_address,
)

pytestmark = pytest.mark.unit

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "form-messages.json"
FORMS: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))


def _listing(values: dict[str, Any]) -> dict[str, str]:
    return validate_listing(values["title"], values["description"], values["price"],
                            values["brand"], values["size"], values["condition"],
                            values["category"], values["imageCount"])


def _address(values: dict[str, Any]) -> dict[str, str]:
    return validate_shipping_address(AddressForm(
        full_name=values["fullName"], address_line1=values["addressLine1"],
        address_line2=values["addressLine2"], city=values["city"], state=values["state"],
        zip_code=values["zipCode"], country=values["country"],
        phone_number=values["phoneNumber"]))


def _profile(values: dict[str, Any]) -> dict[str, str]:
    try:
        validate_profile(ProfileChanges(
            display_name=values["displayName"], bio=values["bio"], height=values["height"],
            instagram_handle=values["instagramHandle"]))
    except ValidationError as refused:
        return refused.errors
    return {}


VALIDATORS: dict[str, Callable[[dict[str, Any]], dict[str, str]]] = {
    "listing": _listing,
    "address": _address,
    "login": lambda values: validate_login(values["username"], values["password"]),
    "register": lambda values: validate_registration(
        values["username"], values["displayName"], values["email"], values["password"],
        values["confirmPassword"]),
    "blog": lambda values: validate_blog(values["title"], values["content"], values["slug"],
                                         values["excerpt"], values["imageUrl"]),
    "contact": lambda values: validate_contact(ContactForm(
        name=values["name"], email=values["email"], subject=values["subject"],
        message=values["message"])),
    "profile": _profile,
}

CASES = [
    pytest.param(form, case, id=f"{form}-{case['field']}-{json.dumps(case['values'])}")
    for form, spec in FORMS.items() if form != "about"
    for case in spec["cases"]
]


def test_every_form_of_the_fixture_is_checked() -> None:
    assert set(FORMS) - {"about"} == set(VALIDATORS)


@pytest.mark.parametrize("form", sorted(VALIDATORS))
def test_the_valid_values_are_valid(form: str) -> None:
    assert VALIDATORS[form](FORMS[form]["valid"]) == {}


@pytest.mark.parametrize(("form", "case"), CASES)
def test_each_field_problem_has_its_message(form: str, case: dict[str, Any]) -> None:
    values = {**FORMS[form]["valid"], **case["values"]}
    assert VALIDATORS[form](values).get(case["field"]) == case["message"]
