"""The postal address: the one value object every layer uses for an order's shipping
address and a buyer's saved addresses.

:meth:`Address.from_form` is the one way in: it checks what a form sent
(:class:`~domain.validation.addresses.AddressForm`) with the buyer's checkout rules, or,
for an administrator's entry, only the required fields, and returns the cleaned address
(the state as its code, an unsent country as the default one). The HTTP Structs are only
its wire format; the database rows only its columns.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.errors import ValidationError, require_valid
from domain.validation.addresses import (
    AddressForm,
    missing_fields_message,
    validate_admin_address,
    validate_shipping_address,
)


@dataclass(frozen=True)
class Address:
    """A cleaned, valid postal address (US only: :mod:`domain.validation.addresses`)."""

    full_name: str
    address_line1: str
    address_line2: str
    city: str
    state: str
    zip_code: str
    country: str
    phone_number: str

    @classmethod
    def from_form(cls, form: AddressForm, *, admin_form: bool = False) -> Address:
        """The cleaned address, or 400 with the spec's messages: the buyer's form gets the
        checkout rules, an administrator's (``admin_form``) only "Required" for blanks,
        summed up as ``Missing Required Fields: ...``."""
        if admin_form:
            errors = validate_admin_address(form)
            if errors:
                raise ValidationError(errors, missing_fields_message(list(errors)))
        else:
            require_valid(validate_shipping_address(form))
        v = form.fields()
        return cls(v["fullName"], v["addressLine1"], v["addressLine2"], v["city"], v["state"],
                   v["zipCode"], v["country"], v["phoneNumber"])

    @property
    def raw(self) -> str:
        """The address as a label prints it, one line per part."""
        lines = [self.full_name, self.address_line1, self.address_line2,
                 f"{self.city}, {self.state} {self.zip_code}", self.country, self.phone_number]
        return "\n".join(line for line in lines if line)
