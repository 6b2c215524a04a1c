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
class GarmentLook:
    """What one drawn demo photo shows: a garment ``kind`` in a named ``colour`` (one of the
    pictures' ``colours``), a ``pattern`` with an ``accent`` colour, lying on ``surface`` in
    ``pose`` (small numbers; any int, they wrap)."""

    kind: str
    colour: str
    pattern: str = "solid"
    accent: str = "white"
    surface: int = 0
    pose: int = 0

    @property
    def name(self) -> str:
        """The look as a listing title says it: "navy", "cream striped", "sage floral"."""
        word = PATTERN_WORDS.get(self.pattern, "")
        return f"{self.colour} {word}" if word else self.colour


PATTERN_WORDS = {"stripes": "striped", "breton": "striped", "dots": "polka dot",
                 "gingham": "gingham", "tartan": "tartan", "floral": "floral"}


@dataclass(frozen=True)
class GarmentPhotos:
    """Two photos of one drawn garment (bytes the media store takes: JPEG, PNG...): the whole
    piece and a detail close-up."""

    cover: bytes
    closeup: bytes


@dataclass(frozen=True)
class OutfitPhoto:
    """A flat-lay photo (bytes the media store takes) of several garments and where each lies
    (x, y fractions, in order)."""

    photo: bytes
    spots: tuple[tuple[float, float], ...]


class GarmentPictures(Protocol):
    """Drawn demo photos (no network): a garment lying on a surface, shaded and creased."""

    kinds: tuple[str, ...]
    colours: tuple[str, ...]
    patterns: tuple[str, ...]

    async def draw(self, look: GarmentLook) -> GarmentPhotos:
        """``look`` as a cover photo and a close-up; the same look gives the same bytes."""

    async def draw_outfit(self, looks: list[GarmentLook], variant: int) -> OutfitPhoto:
        """Up to four garments (drawn as :meth:`draw` draws them) laid out on one photo:
        top or dress, bottoms, shoes, bag."""
