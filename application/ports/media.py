"""Ports for pictures: the media store that keeps listing photos, and demo garment drawings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class StoredImage:
    """Where a stored photo is served: the display size and its thumbnail (site URLs)."""

    url: str
    thumbnail_url: str


class UnreadableImage(Exception):
    """The bytes are not a picture in an accepted format (JPEG, PNG, WebP, GIF)."""


class ImageTooLarge(Exception):
    """The picture decodes to more pixels than the store accepts."""


class MediaStore(Protocol):
    async def save_listing_image(self, data: bytes) -> StoredImage:
        """Check, clean (no EXIF/GPS), resize and keep a photo; raise :class:`UnreadableImage`
        or :class:`ImageTooLarge`. The same bytes give the same URLs (content addressed)."""


@dataclass(frozen=True)
class GarmentPhotos:
    """Two PNG photos of one drawn garment: the whole piece and a detail close-up.

    ``colour`` names the garment's main colour, so a demo title can say what the photo shows.
    """

    cover: bytes
    closeup: bytes
    colour: str = "navy"


@dataclass(frozen=True)
class OutfitPhoto:
    """A PNG flat-lay of several garments and where each lies (x, y fractions, in order)."""

    png: bytes
    spots: tuple[tuple[float, float], ...]


class GarmentPictures(Protocol):
    """Drawn demo photos (no network): a garment silhouette in some colour and pattern."""

    kinds: tuple[str, ...]

    async def draw(self, kind: str, variant: int) -> GarmentPhotos:
        """Garment ``kind`` (one of ``kinds``); ``variant`` picks colour and pattern."""

    async def draw_outfit(self, pieces: list[tuple[str, int]], variant: int) -> OutfitPhoto:
        """Up to four garments ``(kind, variant)`` (drawn as :meth:`draw` draws them) laid
        out on one photo: top or dress, bottoms, shoes, bag."""
