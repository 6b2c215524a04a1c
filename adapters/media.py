"""Listing photos on the local disk, processed with Pillow (DESIGN §3 "Images are real files").

Each upload is checked to be a real JPEG, PNG, WebP or GIF (``verify`` then a full ``load``),
turned upright from its EXIF orientation, re-encoded without any metadata (EXIF, GPS, XMP,
ICC are dropped) as a WebP display size (at most 1200 px) and a WebP thumbnail (at most
400 px), each with its smaller copies (``VARIANT_SIDES`` of the media port, named after it:
``<hash>.<side>.webp``; :meth:`LocalMediaStore.add_missing_variants` gives them to pictures
stored before). Files are named by the SHA-256 of their bytes, so the same photo is stored once and
its URL never changes content (served with a one-year cache header). Decoding runs in a
worker thread so the event loop keeps serving other requests, at most ``IMAGE_WORKERS`` at
a time in the process, and each picture's decoded size is capped by the memory it takes in
the mode it is resized in (``MAX_WORKING_BYTES``), so worst-case uploads stay bounded.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path

import anyio.to_thread
from PIL import Image, ImageOps

from application.ports.media import (
    VARIANT_SIDES,
    ImageTooLarge,
    StoredImage,
    UnreadableImage,
    variant_url,
)

ACCEPTED_FORMATS = frozenset({"JPEG", "PNG", "WEBP", "GIF"})
DISPLAY_SIZE = 1200
THUMBNAIL_SIZE = 400
MAX_PIXELS = 50_000_000  # a 50-megapixel photo is plenty; more is refused before decoding
# What one decoded picture may take in memory, in the mode it is resized in. A pixel count
# alone is not enough: a one-bit PNG of 7000x7000 is 76 KB on the wire and 6 MB decoded, but
# 147 MB once converted to RGB. JPEGs are decoded at a reduced scale (draft mode) first.
MAX_WORKING_BYTES = 64 * 1024 * 1024
# Bytes per pixel of the mode a source is resized in (see _working_mode).
WORKING_BYTES_PER_PIXEL = {"L": 1, "LA": 2, "RGB": 3, "RGBA": 4}
# At most this many pictures are decoded at once in the whole process; the rest queue.
IMAGE_WORKERS = 2
WEBP_QUALITY = 82
WEBP_METHOD = 2  # 3x faster than the default 4 for a file about 2% larger


def _working_mode(image: Image.Image) -> str:
    """The cheapest mode Pillow can resize this picture in with a good filter."""
    has_alpha = image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    if image.mode in ("1", "L") and not has_alpha:
        return "L"
    if image.mode == "LA":
        return "LA"
    return "RGBA" if has_alpha else "RGB"


def working_bytes(width: int, height: int, mode: str) -> int:
    return width * height * WORKING_BYTES_PER_PIXEL[mode]


def _open_checked(data: bytes) -> Image.Image:
    """Decode ``data`` fully, or raise :class:`UnreadableImage` / :class:`ImageTooLarge`."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as probe:
                if probe.format not in ACCEPTED_FORMATS:
                    raise UnreadableImage(f"unsupported format {probe.format}")
                if probe.width * probe.height > MAX_PIXELS:
                    raise ImageTooLarge(f"{probe.width}x{probe.height} pixels")
                probe.verify()
            image = Image.open(io.BytesIO(data))
            if image.format == "JPEG":  # decode at 1/2, 1/4 or 1/8 scale when that suffices
                image.draft("RGB", (DISPLAY_SIZE, DISPLAY_SIZE))
            mode = _working_mode(image)
            if working_bytes(image.width, image.height, mode) > MAX_WORKING_BYTES:
                raise ImageTooLarge(f"{image.width}x{image.height} pixels in {mode}")
            image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise ImageTooLarge(str(error)) from error
    except (UnreadableImage, ImageTooLarge):
        raise
    except Exception as error:  # Pillow raises many kinds for broken files
        raise UnreadableImage(str(error)) from error
    return image


def _display_sized(image: Image.Image) -> Image.Image:
    """Upright, at most DISPLAY_SIZE, in RGB(A), without metadata: one full-size pass only."""
    try:
        upright = ImageOps.exif_transpose(image)
        mode = _working_mode(upright)
        working = upright if upright.mode == mode else upright.convert(mode)
        if working is not upright:
            upright.close()
        working.thumbnail((DISPLAY_SIZE, DISPLAY_SIZE), Image.Resampling.LANCZOS)
        clean = working.convert("RGBA" if mode in ("RGBA", "LA") else "RGB")
    except (ValueError, OSError) as error:
        raise UnreadableImage(f"cannot convert {image.mode}") from error
    clean.info = {}
    return clean


def _encode(image: Image.Image, longest_side: int) -> bytes:
    copy = image.copy()
    copy.thumbnail((longest_side, longest_side), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    copy.save(out, format="WEBP", quality=WEBP_QUALITY, method=WEBP_METHOD)
    return out.getvalue()


def variants_of(image: Image.Image, encoded: bytes) -> dict[int, bytes]:
    """The stored copies of a picture (``encoded`` is its WebP): resized for each side it
    exceeds, its own bytes for the others."""
    return {side: _encode(image, side) if max(image.size) > side else encoded
            for side in VARIANT_SIDES}


# A picture's WebP bytes and its copies by side.
Sized = tuple[bytes, dict[int, bytes]]


def process_with_variants(data: bytes) -> tuple[Sized, Sized]:
    """The display size and the thumbnail of a photo, each with its copies (blocking)."""
    source = _open_checked(data)
    try:
        display = _display_sized(source)
    finally:
        source.close()
    thumbnail = display.copy()
    thumbnail.thumbnail((THUMBNAIL_SIZE, THUMBNAIL_SIZE), Image.Resampling.LANCZOS)
    sized = []
    for image, side in ((display, DISPLAY_SIZE), (thumbnail, THUMBNAIL_SIZE)):
        encoded = _encode(image, side)
        sized.append((encoded, variants_of(image, encoded)))
    return sized[0], sized[1]


# One limiter for the process (not per store instance): every upload path shares it.
_IMAGE_LIMITER: anyio.CapacityLimiter | None = None


def image_limiter() -> anyio.CapacityLimiter:
    global _IMAGE_LIMITER
    if _IMAGE_LIMITER is None:
        _IMAGE_LIMITER = anyio.CapacityLimiter(IMAGE_WORKERS)
    return _IMAGE_LIMITER


# The name of a picture the store wrote (not one of its copies).
_STORED_NAME = re.compile(r"[0-9a-f]{40}\.webp")


class LocalMediaStore:
    def __init__(self, media_dir: Path, base_url: str = "/media") -> None:
        self.media_dir = media_dir
        self.base_url = base_url.rstrip("/")

    async def save_listing_image(self, data: bytes) -> StoredImage:
        """Decoding runs on a worker thread, at most IMAGE_WORKERS at once per process."""
        return await anyio.to_thread.run_sync(self._save, data, limiter=image_limiter())

    def _save(self, data: bytes) -> StoredImage:
        display, thumbnail = process_with_variants(data)
        return StoredImage(self._write_sized("products", display),
                           self._write_sized("products", thumbnail))

    def _write_sized(self, area: str, sized: Sized) -> str:
        """Copies first: a picture's URL is handed out only once its copies exist."""
        content, variants = sized
        url = self._url(area, content)
        for side, copy in variants.items():
            _write_file(self._path(variant_url(url, side)), copy)
        _write_file(self._path(url), content)
        return url

    def _url(self, area: str, content: bytes) -> str:
        digest = hashlib.sha256(content).hexdigest()
        return f"{self.base_url}/{area}/{digest[:2]}/{digest[:40]}.webp"

    def _path(self, url: str | None) -> Path:
        assert url is not None and url.startswith(self.base_url + "/"), url
        return self.media_dir / url[len(self.base_url) + 1:]

    @property
    def _variants_done(self) -> Path:
        """Written once every stored picture has its copies (then later runs skip the walk)."""
        return self.media_dir / "products" / f".variants-{'-'.join(map(str, VARIANT_SIDES))}"

    async def add_missing_variants(self, progress: Callable[[int, int], None] | None = None
                                   ) -> int:
        """Give every picture stored without them its copies (``rethread media variants``);
        the number of pictures that needed them. Once all have them a marker file makes
        later calls return at once (new pictures are stored with theirs)."""
        if self._variants_done.exists():
            return 0
        pictures = await anyio.to_thread.run_sync(self._stored_pictures)
        added = 0
        for done, path in enumerate(pictures, start=1):
            added += await anyio.to_thread.run_sync(self._add_variants, path,
                                                    limiter=image_limiter())
            if progress is not None:
                progress(done, len(pictures))
        _write_file(self._variants_done, b"")
        return added

    def _stored_pictures(self) -> list[Path]:
        root = self.media_dir / "products"
        if not root.is_dir():
            return []
        return sorted(p for p in root.glob("*/*.webp") if _STORED_NAME.fullmatch(p.name))

    def _add_variants(self, path: Path) -> int:
        url = f"{self.base_url}/{path.relative_to(self.media_dir).as_posix()}"
        missing = [side for side in VARIANT_SIDES
                   if not self._path(variant_url(url, side)).exists()]
        if not missing:
            return 0
        encoded = path.read_bytes()
        with Image.open(io.BytesIO(encoded)) as image:
            image.load()
            variants = variants_of(image, encoded)
        for side in missing:
            _write_file(self._path(variant_url(url, side)), variants[side])
        return 1


def _write_file(target: Path, content: bytes) -> None:
    """``content`` at ``target`` unless a file is there (names say what they hold), written
    whole or not at all."""
    if target.exists():
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".part")
    with os.fdopen(handle, "wb") as out:
        out.write(content)
    os.chmod(temporary, 0o644)
    os.replace(temporary, target)
