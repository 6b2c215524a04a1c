"""Built assets sent precompressed: ``name.br`` or ``name.gz`` when the browser takes it.

``npm run build`` writes a Brotli and a gzip copy next to every hashed JS, CSS, SVG and JSON
asset (``webapp/vite.config.ts``, ``precompress``). The SPA handler sends the best copy the
request's ``Accept-Encoding`` allows with ``Content-Encoding`` and ``Vary: Accept-Encoding``
(so a shared cache keeps one copy per encoding), and the original file otherwise. Nothing is
compressed per request.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path

from litestar.response import File

ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # in order of preference


def accepted(accept_encoding: str) -> set[str]:
    """The codings a request accepts (``q=0`` means refused)."""
    taken = set()
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        quality = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            if float(quality) > 0:
                taken.add(name.strip())
        except ValueError:
            continue
    return taken


def asset_file(path: Path, accept_encoding: str, headers: dict[str, str]) -> File:
    """``path`` as a response, from its precompressed copy when there is one to send."""
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    codings = accepted(accept_encoding) if accept_encoding else set()
    for coding, suffix in ENCODINGS:
        compressed = path.with_name(path.name + suffix)
        if (coding in codings or "*" in codings) and compressed.is_file():
            return File(compressed, media_type=media_type, content_disposition_type="inline",
                        filename=path.name,
                        headers={**headers, "Content-Encoding": coding,
                                 "Vary": "Accept-Encoding"})
    has_copies = any(path.with_name(path.name + suffix).is_file() for _, suffix in ENCODINGS)
    return File(path, media_type=media_type, content_disposition_type="inline",
                headers={**headers, "Vary": "Accept-Encoding"} if has_copies else headers)
