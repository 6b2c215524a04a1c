"""Newest-first pages keyed by row id (messages, notifications).

An opaque cursor names the last id seen; the next page holds smaller ids. (Issue 8's
``application/paging.py`` becomes the one home for cursors; this switches to it then.)
"""

from __future__ import annotations

import base64
import binascii

from domain.errors import ValidationError

MAX_ID = 2**31 - 1  # ids are 32-bit integer columns on PostgreSQL


def encode_before(row_id: int) -> str:
    return base64.urlsafe_b64encode(f"id:{row_id}".encode()).decode().rstrip("=")


def decode_before(cursor: str | None) -> int | None:
    """The id a cursor names; a tampered cursor is a 400, never a 500."""
    if not cursor:
        return None
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        prefix, _, value = raw.partition(":")
        row_id = int(value)
        if prefix != "id" or not 0 < row_id <= MAX_ID:
            raise ValueError(raw)
        return row_id
    except (ValueError, UnicodeDecodeError, binascii.Error) as error:
        raise ValidationError({"cursor": "Invalid cursor"}) from error


def page_limit(limit: int | None, default: int, maximum: int) -> int:
    """``None`` gives the default; above the maximum is cut to it; below 1 is refused."""
    if limit is None:
        return default
    if limit < 1:
        raise ValidationError({"limit": f"Limit must be between 1 and {maximum}"})
    return min(limit, maximum)
