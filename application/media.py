"""Photo intake for listings: data URLs or uploaded bytes in, stored photo URLs out.

Limits (DESIGN §3): at most :data:`MAX_IMAGE_BYTES` per photo (413 beyond), only real
pictures (the media store decodes them with Pillow; 400 otherwise). The listing keeps the
URLs the store returns, never a data URL. An edit may also name photos the listing already
has (by display or thumbnail URL) to keep them, in the order given.
"""

from __future__ import annotations

import base64
import binascii
import re

from application.ports.media import ImageTooLarge, MediaStore, StoredImage, UnreadableImage
from domain.errors import TooLarge, ValidationError
from domain.listings import ListingImage

MAX_IMAGE_BYTES = 10 * 1024 * 1024
MAX_IMAGE_MB = MAX_IMAGE_BYTES // (1024 * 1024)

_DATA_URL = re.compile(r"data:(?P<mime>[\w.+-]+/[\w.+-]+)?(?P<params>(;[^,;]*)*?);base64,",
                       re.ASCII | re.IGNORECASE)

# One photo as the client sent it: uploaded bytes, or text (a data URL or a kept URL).
PhotoInput = bytes | str


def too_large(position: int) -> TooLarge:
    return TooLarge(f"Photo {position} is larger than {MAX_IMAGE_MB} MB. "
                    "Please choose a smaller image.")


def not_an_image(position: int) -> ValidationError:
    return ValidationError({"images": f"Photo {position} is not a JPEG, PNG, WebP or GIF "
                                      "image. Please choose an image file."})


def decode_data_url(text: str, position: int) -> bytes:
    """The bytes of a base64 ``data:image/...`` URL (photo ``position`` counts from 1)."""
    match = _DATA_URL.match(text.strip())
    if match is None or not (match["mime"] or "image/").lower().startswith("image/"):
        raise not_an_image(position)
    payload = text.strip()[match.end():]
    if len(payload) * 3 // 4 > MAX_IMAGE_BYTES + 2:
        raise too_large(position)
    try:
        data = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError) as error:
        raise not_an_image(position) from error
    return data


def photo_bytes(photo: PhotoInput, position: int) -> bytes:
    data = photo if isinstance(photo, bytes) else decode_data_url(photo, position)
    if len(data) > MAX_IMAGE_BYTES:
        raise too_large(position)
    if not data:
        raise not_an_image(position)
    return data


def is_data_url(photo: PhotoInput) -> bool:
    return isinstance(photo, bytes) or photo.strip()[:5].lower() == "data:"


class PhotoIntake:
    """Turns a listing form's photos into stored :class:`ListingImage` values, in two steps:
    :meth:`prepare` (cheap: decode, sizes, kept URLs) before anything is stored, then
    :meth:`store` (decodes and resizes through the media store)."""

    def __init__(self, media: MediaStore) -> None:
        self.media = media

    def prepare(self, photos: list[PhotoInput], kept: list[ListingImage] | None = None
                ) -> list[bytes | ListingImage]:
        prepared: list[bytes | ListingImage] = []
        for position, photo in enumerate(photos, start=1):
            if isinstance(photo, bytes) or is_data_url(photo):
                prepared.append(photo_bytes(photo, position))
                continue
            image = _kept(photo, kept or [])
            if image is None:
                raise ValidationError({"images": f"Photo {position} must be an image file "
                                                 "or one of this listing's photos."})
            prepared.append(image)
        return prepared

    async def store(self, prepared: list[bytes | ListingImage]) -> list[ListingImage]:
        stored: list[ListingImage] = []
        for position, item in enumerate(prepared, start=1):
            if isinstance(item, ListingImage):
                stored.append(item)
            else:
                stored.append(await self._save(item, position))
        return stored

    async def _save(self, data: bytes, position: int) -> ListingImage:
        try:
            saved = await self.media.save_listing_image(data)
        except UnreadableImage as error:
            raise not_an_image(position) from error
        except ImageTooLarge as error:
            raise TooLarge(f"Photo {position} has too many pixels. "
                           "Please choose a smaller image.") from error
        return ListingImage(saved.url, saved.thumbnail_url)


def _kept(url: str, images: list[ListingImage]) -> ListingImage | None:
    wanted = url.strip()
    return next((i for i in images if wanted in (i.url, i.thumbnail_url)), None)


async def store_one_image(media: MediaStore, photo: PhotoInput, field: str) -> StoredImage:
    """One picture (a style post's image, an avatar) through the same checks as listing
    photos; errors name ``field``."""
    try:
        if not is_data_url(photo):
            raise ValidationError({field: "Please choose an image file."})
        data = photo_bytes(photo, 1)
        return await media.save_listing_image(data)
    except ValidationError as error:
        raise ValidationError({field: next(iter(error.errors.values()))}) from error
    except UnreadableImage as error:
        raise ValidationError({field: "That is not a JPEG, PNG, WebP or GIF image. "
                                      "Please choose an image file."}) from error
    except ImageTooLarge as error:
        raise TooLarge("That image has too many pixels. Please choose a smaller image."
                       ) from error
