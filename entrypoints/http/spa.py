"""The built webapp: real files as they are, every other non-API path gets index.html."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Any

from litestar import Response, get
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.response import File

IMMUTABLE = "public, max-age=31536000, immutable"
RESERVED_PREFIXES = ("api/", "media/", "schema/", "ws/")


def _file(path: Path, cache_control: str) -> File:
    media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    return File(path, media_type=media_type, headers={"Cache-Control": cache_control},
                content_disposition_type="inline")


def _missing_build(dist: Path) -> Response[str]:
    body = f"<h1>Rethread</h1><p>The webapp is not built yet ({dist}). Run make run.</p>"
    return Response(body, media_type="text/html", status_code=503)


def spa_handler(dist: Path) -> HTTPRouteHandler:
    root = dist.resolve()

    @get(["/", "/{path:path}"], include_in_schema=False, sync_to_thread=False)
    def serve(path: str = "") -> Any:
        clean = path.lstrip("/")
        if clean in ("api", "media", "schema", "ws") or clean.startswith(RESERVED_PREFIXES):
            raise NotFoundException("Not found")
        candidate = (root / clean).resolve()
        if clean and candidate.is_file() and candidate.is_relative_to(root):
            return _file(candidate, IMMUTABLE if clean.startswith("assets/") else "no-cache")
        index = root / "index.html"
        return _file(index, "no-cache") if index.is_file() else _missing_build(dist)

    return serve
