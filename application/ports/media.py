"""Ports for pictures: the media store that keeps listing photos, and demo garment drawings."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

# Beside every picture it stores (a display size and a thumbnail, each named by the hash of
# its bytes), the store keeps smaller copies named after it: ``<hash>.webp`` ->
# ``<hash>.<side>.webp``, at most ``side`` px on the longest side (the picture's own bytes
# when it is no larger). Pages ask for the size that fits: the tagged items' 40 px chips take
# the 160 px copy, a phone-wide card (356-412 CSS px, about 720 device px) the 900 px one.
# New pictures get them when stored; pictures stored earlier by ``rethread media variants``,
# which ``rethread db upgrade`` runs.
SMALL_SIDE = 160
MEDIUM_SIDE = 900
VARIANT_SIDES = (SMALL_SIDE, MEDIUM_SIDE)
_STORED = re.compile(r"(/[^?#]*/[0-9a-f]{40})\.webp")


def variant_url(url: str | None, side: int) -> str | None:
    """The URL of a stored picture's copy at most ``side`` px (one of VARIANT_SIDES), or None
    for a URL the store did not write (an external blog cover, a typed path)."""
    if side not in VARIANT_SIDES:
        raise ValueError(f"no stored copy at {side} px")
    found = _STORED.fullmatch(url or "")
    return f"{found[1]}.{side}.webp" if found else None


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
