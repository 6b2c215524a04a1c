"""Small building blocks shared by the validators: strip, measure, keep first message."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

# A deliberately forgiving email shape: something@something.tld, no spaces, one "@".
_EMAIL_RE = re.compile(r"[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+")


def clean(value: str | None) -> str:
    """Strip surrounding whitespace; ``None`` counts as empty."""
    return "" if value is None else str(value).strip()


def length_error(
    value: str,
    *,
    min_len: int,
    max_len: int,
    too_short: str,
    too_long: str,
    required: str | None = None,
) -> str | None:
    """``too_short`` / ``too_long`` when ``len(value)`` is outside ``min_len..max_len``;
    ``required`` (when given) for an empty value instead of ``too_short``: a field left
    blank is missing, and "at least 3 characters" would send its reader looking for text
    that is not there."""
    if required is not None and not value:
        return required
    if len(value) < min_len:
        return too_short
    if len(value) > max_len:
        return too_long
    return None


def required_message(label: str) -> str:
    """``"Title is required"``: the one wording of a blank required field (the spec's own,
    as in "Brand is required")."""
    return f"{label} is required"


def is_email(value: str) -> bool:
    return len(value) <= 254 and _EMAIL_RE.fullmatch(value) is not None


def is_url(value: str) -> bool:
    """An absolute http(s) URL with a host, or a site path such as ``/media/a.jpg``."""
    if any(character.isspace() for character in value):
        return False
    if value.startswith("/") and not value.startswith("//"):
        return True
    parts = urlsplit(value)
    return parts.scheme in {"http", "https"} and bool(parts.hostname)


class FieldErrors(dict[str, str]):
    """``field -> message``; the first message recorded for a field wins."""

    def add(self, field: str, message: str | None) -> None:
        if message is not None:
            self.setdefault(field, message)

    def result(self) -> dict[str, str]:
        return dict(self)
