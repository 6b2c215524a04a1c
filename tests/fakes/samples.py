"""Small sample inputs service tests share (a photo's bytes, a valid listing)."""

from __future__ import annotations

import base64

from domain.listings import ListingDetails

PNG = b"\x89PNG\r\n\x1a\n" + b"pixels"
DETAILS = ListingDetails("Wool coat", "Warm and barely worn.", "80", "Zara", "m", "good",
                         "outerwear")


def data_url(data: bytes = PNG) -> str:
    return "data:image/png;base64," + base64.b64encode(data).decode()
