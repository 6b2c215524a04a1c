"""Tracking details for "Mark as Shipped": the number is required, the URL optional."""

from __future__ import annotations

from domain.validation._rules import FieldErrors, clean, is_url

TRACKING_NUMBER_MAX = 100
TRACKING_URL_MAX = 2000


def validate_tracking(tracking_number: str | None, tracking_url: str | None) -> dict[str, str]:
    errors = FieldErrors()
    number = clean(tracking_number)
    if not number:
        errors.add("trackingNumber", "Tracking number is required")
    elif len(number) > TRACKING_NUMBER_MAX:
        errors.add("trackingNumber", "Tracking number must be at most 100 characters")
    url = clean(tracking_url)
    if url and (len(url) > TRACKING_URL_MAX or not is_url(url) or url.startswith("/")):
        errors.add("trackingUrl", "Tracking URL must be a valid URL")
    return errors.result()
