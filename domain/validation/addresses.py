"""Shipping addresses: the buyer's checkout form and the administrator's entry form.

The checkout form gets the spec's minimum lengths and messages (the spec gives none for
city, state and country; Rethread words them like the others). Maximum lengths are
Rethread's. ``country=None`` means "not sent" and takes :data:`DEFAULT_COUNTRY`; an
explicitly blank country is an error.

The administrator's form only requires the fields (spec: a miss gives "Missing Required
Fields" listing them, by the labels of the form). :func:`validate_admin_address` returns a per-field
``"Required"`` message for each miss, so the API answers like every other form; the
summary line for the response's ``message`` comes from :func:`missing_fields_message`.
"""

from __future__ import annotations

from dataclasses import dataclass

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
            "state": clean(self.state),
            "zipCode": clean(self.zip_code),
            "country": DEFAULT_COUNTRY if self.country is None else clean(self.country),
            "phoneNumber": clean(self.phone_number),
        }


def validate_shipping_address(address: AddressForm) -> dict[str, str]:
    """All field errors of the checkout shipping form; ``addressLine2`` is optional."""
    values = address.fields()
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
