"""Listing photos on the local disk, processed with Pillow (DESIGN §3 "Images are real files").

Each upload is checked to be a real JPEG, PNG, WebP or GIF (``verify`` then a full ``load``),
turned upright from its EXIF orientation, re-encoded without any metadata (EXIF, GPS, XMP,
ICC are dropped) as a WebP display size (at most 1200 px) and a WebP thumbnail (at most
400 px). Files are named by the SHA-256 of their bytes, so the same photo is stored once and
its URL never changes content (served with a one-year cache header). Decoding runs in a
worker thread so the event loop keeps serving other requests.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
import warnings
from pathlib import Path

import anyio.to_thread
from PIL import Image, ImageOps

from application.ports.media import ImageTooLarge, StoredImage, UnreadableImage

ACCEPTED_FORMATS = frozenset({"JPEG", "PNG", "WEBP", "GIF"})
DISPLAY_SIZE = 1200
THUMBNAIL_SIZE = 400
MAX_PIXELS = 50_000_000  # a 50-megapixel photo is plenty; more is refused before decoding
WEBP_QUALITY = 82
WEBP_METHOD = 2  # 3x faster than the default 4 for a file about 2% larger


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
            image.load()
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        raise ImageTooLarge(str(error)) from error
    except (UnreadableImage, ImageTooLarge):
        raise
    except Exception as error:  # Pillow raises many kinds for broken files
        raise UnreadableImage(str(error)) from error
    return image


def _upright_without_metadata(image: Image.Image) -> Image.Image:
    upright = ImageOps.exif_transpose(image)
    has_alpha = upright.mode in ("RGBA", "LA", "PA") or "transparency" in upright.info
    try:
        clean = upright.convert("RGBA" if has_alpha else "RGB")
    except (ValueError, OSError) as error:
        raise UnreadableImage(f"cannot convert {upright.mode}") from error
    clean.info = {}
    return clean


def _encode(image: Image.Image, longest_side: int) -> bytes:
    copy = image.copy()
    copy.thumbnail((longest_side, longest_side), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    copy.save(out, format="WEBP", quality=WEBP_QUALITY, method=WEBP_METHOD)
    return out.getvalue()


def process_listing_image(data: bytes) -> tuple[bytes, bytes]:
    """The display and thumbnail WebP bytes of a photo (blocking; run it in a thread)."""
    image = _upright_without_metadata(_open_checked(data))
    return _encode(image, DISPLAY_SIZE), _encode(image, THUMBNAIL_SIZE)


class LocalMediaStore:
    def __init__(self, media_dir: Path, base_url: str = "/media") -> None:
        self.media_dir = media_dir
        self.base_url = base_url.rstrip("/")

    async def save_listing_image(self, data: bytes) -> StoredImage:
        return await anyio.to_thread.run_sync(self._save, data)

    def _save(self, data: bytes) -> StoredImage:
        display, thumbnail = process_listing_image(data)
        return StoredImage(self._write("products", display), self._write("products", thumbnail))

    def _write(self, area: str, content: bytes) -> str:
        digest = hashlib.sha256(content).hexdigest()
        relative = Path(area) / digest[:2] / f"{digest[:40]}.webp"
        target = self.media_dir / relative
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".part")
            with os.fdopen(handle, "wb") as out:
                out.write(content)
            os.chmod(temporary, 0o644)
            os.replace(temporary, target)
        return f"{self.base_url}/{relative.as_posix()}"
