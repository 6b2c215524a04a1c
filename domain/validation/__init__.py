"""Form validation (spec section 5): each ``validate_*`` returns ``{field: message}``.

Keys are the API's camelCase field names; an empty dict means valid; every field is
checked, so a form shows all its problems at once. Text is stripped before its length is
measured (passwords excepted). Raise with :func:`domain.errors.require_valid`.
"""

from __future__ import annotations

from domain.validation.accounts import username_error, validate_login, validate_registration
from domain.validation.addresses import (
    DEFAULT_COUNTRY,
    REQUIRED_ADDRESS_FIELDS,
    AddressForm,
    missing_fields_message,
    missing_required_fields,
    validate_admin_address,
    validate_shipping_address,
)
from domain.validation.content import slug_error, validate_blog, validate_message
from domain.validation.listings import price_error, title_error, validate_listing
from domain.validation.tracking import validate_tracking

__all__ = [
    "DEFAULT_COUNTRY",
    "REQUIRED_ADDRESS_FIELDS",
    "AddressForm",
    "missing_fields_message",
    "missing_required_fields",
    "price_error",
    "slug_error",
    "title_error",
    "username_error",
    "validate_admin_address",
    "validate_blog",
    "validate_listing",
    "validate_login",
    "validate_message",
    "validate_registration",
    "validate_shipping_address",
    "validate_tracking",
]
