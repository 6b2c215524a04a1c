"""Shipping addresses: the buyer's checkout form and the administrator's entry form.

The checkout form gets the spec's minimum lengths and messages (the spec gives none for
city, state and country; Rethread words them like the others). Maximum lengths are
Rethread's. ``country=None`` means "not sent" and takes :data:`DEFAULT_COUNTRY`; an
explicitly blank country is an error.

Rethread ships within the United States only (issue 36), so past the spec's lengths (whose
messages stay, and come first) the checkout form also needs: a US ZIP code, 5 digits or
ZIP+4 (9 digits, ``12345-6789`` or ``123456789``); a phone number of 10 digits once
punctuation (spaces, ``( ) - . + /``) is stripped, so letters are refused, with or without
the US country code before them (``+1 617 555 0100``, ``1-617-555-0100``); a state from
:data:`US_STATES` (its two-letter code or its name, any case; stored as the code); and the
country United States (``US``/``USA``/``United States of America`` are read as it).

A field left blank is "required" ("ZIP code is required"), and a ZIP code or phone number
with characters it can never hold (letters in "abc") gets its format message at once; the
spec's "at least N characters" messages are for the rest that is too short.

The administrator's form only requires the fields (spec: a miss gives "Missing Required
Fields" listing them, by the labels of the form). :func:`validate_admin_address` returns a per-field
``"Required"`` message for each miss, so the API answers like every other form; the
summary line for the response's ``message`` comes from :func:`missing_fields_message`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from domain.validation._rules import FieldErrors, clean, length_error, required_message

DEFAULT_COUNTRY = "United States"
REQUIRED = "Required"

# The states, DC, the inhabited territories and the armed forces' postal "states" (USPS).
US_STATES: dict[str, str] = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
    "FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
    "IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
    "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan",
    "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana",
    "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey",
    "NM": "New Mexico", "NY": "New York", "NC": "North Carolina", "ND": "North Dakota",
    "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon", "PA": "Pennsylvania",
    "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota", "TN": "Tennessee",
    "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia", "WA": "Washington",
    "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    "AS": "American Samoa", "GU": "Guam", "MP": "Northern Mariana Islands",
    "PR": "Puerto Rico", "VI": "U.S. Virgin Islands",
    "AA": "Armed Forces Americas", "AE": "Armed Forces Europe", "AP": "Armed Forces Pacific",
}
_STATE_BY_WORDS = {**{code.casefold(): code for code in US_STATES},
                   **{name.casefold(): code for code, name in US_STATES.items()}}
_COUNTRY_NAMES = frozenset({"united states", "united states of america", "us", "usa", "u.s.",
                            "u.s.a."})
# ASCII digits only: ``\d`` would also take other scripts' digits.
_ZIP = re.compile(r"[0-9]{5}(?:-?[0-9]{4})?")
_PHONE_PUNCTUATION = re.compile(r"[\s().+/-]")
PHONE_DIGITS = 10
US_COUNTRY_CODE = "1"
ZIP_MESSAGE = "ZIP code must be 5 digits, or ZIP+4 such as 12345-6789"
PHONE_MESSAGE = "Phone number must have 10 digits, such as (555) 123-4567"
STATE_MESSAGE = "Choose a US state from the list"
COUNTRY_MESSAGE = "Rethread ships within the United States only"


def us_state_code(value: str) -> str | None:
    """The two-letter code of a US state given by code or name (any case), else None."""
    return _STATE_BY_WORDS.get(" ".join(value.split()).casefold())


def is_us_zip(value: str) -> bool:
    """5 digits, or ZIP+4: 9 digits with or without the dash after the fifth."""
    return _ZIP.fullmatch(value) is not None


def phone_digits(value: str) -> str:
    """The phone number without its punctuation (letters and other marks stay)."""
    return _PHONE_PUNCTUATION.sub("", value)


def is_us_phone(value: str) -> bool:
    """10 digits, or 11 whose first is the US country code 1 (as ``+1 ...`` is written)."""
    digits = phone_digits(value)
    if len(digits) == PHONE_DIGITS + 1 and digits.startswith(US_COUNTRY_CODE):
        digits = digits[1:]
    return len(digits) == PHONE_DIGITS and digits.isascii() and digits.isdigit()


def is_united_states(value: str) -> bool:
    return " ".join(value.split()).casefold() in _COUNTRY_NAMES

# field, minimum, maximum, label used in messages
_CHECKOUT_RULES: tuple[tuple[str, int, int, str], ...] = (
    ("fullName", 2, 100, "Name"),
    ("addressLine1", 5, 200, "Address"),
    ("addressLine2", 0, 200, "Address line 2"),
    ("city", 2, 100, "City"),
    ("state", 2, 100, "State"),
    ("zipCode", 5, 10, "ZIP code"),
    ("country", 2, 100, "Country"),
    ("phoneNumber", 10, 20, "Phone number"),
)

REQUIRED_ADDRESS_FIELDS: tuple[str, ...] = (
    "fullName",
    "addressLine1",
    "city",
    "state",
    "zipCode",
    "country",
    "phoneNumber",
)


@dataclass(frozen=True)
class AddressForm:
    """An address as a form sends it; ``None`` means the field was not sent."""

    full_name: str | None = None
    address_line1: str | None = None
    address_line2: str | None = None
    city: str | None = None
    state: str | None = None
    zip_code: str | None = None
    country: str | None = None
    phone_number: str | None = None

    def fields(self) -> dict[str, str]:
        """Cleaned values by API field name; an unsent country is the default one."""
        return {
            "fullName": clean(self.full_name),
            "addressLine1": clean(self.address_line1),
            "addressLine2": clean(self.address_line2),
            "city": clean(self.city),
            "state": _state(clean(self.state)),
            "zipCode": clean(self.zip_code),
            "country": _country(self.country),
            "phoneNumber": clean(self.phone_number),
        }


def _state(value: str) -> str:
    """A recognised state as its code; anything else as typed (for the error)."""
    return us_state_code(value) or value


def _country(value: str | None) -> str:
    if value is None:
        return DEFAULT_COUNTRY
    cleaned = clean(value)
    return DEFAULT_COUNTRY if is_united_states(cleaned) else cleaned


# What a ZIP code or a phone number may hold at all: one that holds anything else is told
# its format before its length ("abc" is no ZIP code, whatever its length).
_ZIP_CHARACTERS = re.compile(r"[0-9-]+")


def _zip_characters(value: str) -> bool:
    return _ZIP_CHARACTERS.fullmatch(value) is not None


def _phone_characters(value: str) -> bool:
    digits = phone_digits(value)
    return digits.isascii() and digits.isdigit()


_FORMAT_RULES: dict[str, tuple[Callable[[str], bool], str]] = {
    "zipCode": (_zip_characters, ZIP_MESSAGE),
    "phoneNumber": (_phone_characters, PHONE_MESSAGE),
}

# The US rules, checked once a field's length is right (the spec's messages come first).
_US_RULES = {
    "zipCode": (is_us_zip, ZIP_MESSAGE),
    "phoneNumber": (is_us_phone, PHONE_MESSAGE),
    "state": (lambda value: value in US_STATES, STATE_MESSAGE),
    "country": (lambda value: value == DEFAULT_COUNTRY, COUNTRY_MESSAGE),
}


def validate_shipping_address(address: AddressForm) -> dict[str, str]:
    """All field errors of the checkout shipping form; ``addressLine2`` is optional."""
    values = address.fields()
    errors = FieldErrors()
    for field, minimum, maximum, label in _CHECKOUT_RULES:
        errors.add(field, _field_error(field, values[field], minimum, maximum, label))
    return errors.result()


def _field_error(field: str, value: str, minimum: int, maximum: int, label: str
                 ) -> str | None:
    """Blank (when required), then characters the field never holds, then the spec's
    lengths, then the US rule."""
    if value and field in _FORMAT_RULES:
        holds, wrong = _FORMAT_RULES[field]
        if not holds(value):
            return wrong
    message = length_error(
        value,
        min_len=minimum,
        max_len=maximum,
        too_short=f"{label} must be at least {minimum} characters",
        too_long=f"{label} must be at most {maximum} characters",
        required=required_message(label) if minimum else None,
    )
    if message is None and field in _US_RULES:
        accepts, wrong = _US_RULES[field]
        message = None if accepts(value) else wrong
    return message


def missing_required_fields(address: AddressForm) -> list[str]:
    """The required fields left blank, in form order (``country=None`` is not blank)."""
    values = address.fields()
    return [field for field in REQUIRED_ADDRESS_FIELDS if not values[field]]


# The form's labels (webapp/src/entities/order/address.ts), for messages that name fields.
FIELD_LABELS = {
    "fullName": "Full name",
    "addressLine1": "Address line 1",
    "addressLine2": "Address line 2",
    "city": "City",
    "state": "State",
    "zipCode": "ZIP code",
    "country": "Country",
    "phoneNumber": "Phone number",
}


def missing_fields_message(fields: list[str]) -> str:
    """``"Missing Required Fields: Full name, City"``: the labels a person sees."""
    return f"Missing Required Fields: {', '.join(FIELD_LABELS.get(f, f) for f in fields)}"


def validate_admin_address(address: AddressForm) -> dict[str, str]:
    """``{field: "Required"}`` for each blank required field of the admin form."""
    return dict.fromkeys(missing_required_fields(address), REQUIRED)
