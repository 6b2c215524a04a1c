"""Media: listing photos kept in memory."""

from __future__ import annotations

import hashlib

from application.ports.media import StoredImage, UnreadableImage


class FakeMediaStore:
    """Keeps photos in a dict; refuses bytes that do not start like a PNG/JPEG/GIF/WebP."""

    SIGNATURES = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"RIFF")

    def __init__(self) -> None:
        self.saved: dict[str, bytes] = {}

    async def save_listing_image(self, data: bytes) -> StoredImage:
        if not data.startswith(self.SIGNATURES):
            raise UnreadableImage("not an image")
        digest = hashlib.sha256(data).hexdigest()[:16]
        self.saved[digest] = data
        return StoredImage(f"/media/products/{digest}.webp", f"/media/products/{digest}-t.webp")
