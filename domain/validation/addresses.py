"""Shipping addresses: the buyer's checkout form and the administrator's entry form.

The checkout form gets the spec's minimum lengths and messages (the spec gives none for
city, state and country; Rethread words them like the others). Maximum lengths are
Rethread's. ``country=None`` means "not sent" and takes :data:`DEFAULT_COUNTRY`; an
explicitly blank country is an error.

The administrator's form only requires the fields (spec: a miss gives "Missing Required
Fields" listing the names). :func:`validate_admin_address` returns a per-field
``"Required"`` message for each miss, so the API answers like every other form; the
summary line for the response's ``message`` comes from :func:`missing_fields_message`.
"""

from __future__ import annotations

from domain.validation._rules import FieldErrors, clean, length_error

DEFAULT_COUNTRY = "United States"
REQUIRED = "Required"

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


def _as_fields(
    full_name: str | None,
    address_line1: str | None,
    address_line2: str | None,
    city: str | None,
    state: str | None,
    zip_code: str | None,
    country: str | None,
    phone_number: str | None,
) -> dict[str, str]:
    return {
        "fullName": clean(full_name),
        "addressLine1": clean(address_line1),
        "addressLine2": clean(address_line2),
        "city": clean(city),
        "state": clean(state),
        "zipCode": clean(zip_code),
        "country": DEFAULT_COUNTRY if country is None else clean(country),
        "phoneNumber": clean(phone_number),
    }


def validate_shipping_address(
    full_name: str | None,
    address_line1: str | None,
    address_line2: str | None,
    city: str | None,
    state: str | None,
    zip_code: str | None,
    country: str | None,
    phone_number: str | None,
) -> dict[str, str]:
    """All field errors of the checkout shipping form; ``addressLine2`` is optional."""
    values = _as_fields(
        full_name, address_line1, address_line2, city, state, zip_code, country, phone_number
    )
    errors = FieldErrors()
    for field, minimum, maximum, label in _CHECKOUT_RULES:
        message = length_error(
            values[field],
            min_len=minimum,
            max_len=maximum,
            too_short=f"{label} must be at least {minimum} characters",
            too_long=f"{label} must be at most {maximum} characters",
        )
        errors.add(field, message)
    return errors.result()


def missing_required_fields(
    full_name: str | None,
    address_line1: str | None,
    address_line2: str | None,
    city: str | None,
    state: str | None,
    zip_code: str | None,
    country: str | None,
    phone_number: str | None,
) -> list[str]:
    """The required fields left blank, in form order (``country=None`` is not blank)."""
    values = _as_fields(
        full_name, address_line1, address_line2, city, state, zip_code, country, phone_number
    )
    return [field for field in REQUIRED_ADDRESS_FIELDS if not values[field]]


def missing_fields_message(fields: list[str]) -> str:
    """``"Missing Required Fields: fullName, city"``."""
    return f"Missing Required Fields: {', '.join(fields)}"


def validate_admin_address(
    full_name: str | None,
    address_line1: str | None,
    address_line2: str | None,
    city: str | None,
    state: str | None,
    zip_code: str | None,
    country: str | None,
    phone_number: str | None,
) -> dict[str, str]:
    """``{field: "Required"}`` for each blank required field of the admin form."""
    missing = missing_required_fields(
        full_name, address_line1, address_line2, city, state, zip_code, country, phone_number
    )
    return dict.fromkeys(missing, REQUIRED)
