"""robots.txt and sitemap.xml, both made from the route table (``pages/routes.json``).

The sitemap lists the public pages without parameters, then available listings, style posts
and published blog posts (newest first, at most ``SITEMAP_LIMIT`` of each, ids and dates
only), streamed out as it is written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape
from typing import Any

from litestar import Request, Response, get
from litestar.response import Stream

from application.sharing import SharingService
from entrypoints.http.pages.routes import spa_routes

CACHE = "public, max-age=600"


def _disallowed() -> list[str]:
    """Login-only pages (a parameter as ``*``, so /product/*/edit never hides /product/1)
    and the machine paths."""
    private = {re.sub(r":\w+", "*", r.path) for r in spa_routes() if r.access == "login"}
    return ["/api/", "/ws", "/metrics", *sorted(private), "/checkout/"]


@get("/robots.txt", include_in_schema=False, sync_to_thread=False)
def robots(request: Request[Any, Any, Any]) -> Response[str]:
    base = request.app.state.settings.public_url
    lines = ["User-agent: *", *(f"Disallow: {p}" for p in _disallowed()), "",
             f"Sitemap: {base}/sitemap.xml", ""]
    return Response("\n".join(lines), media_type="text/plain",
                    headers={"Cache-Control": CACHE})


@get("/sitemap.xml", include_in_schema=False)
async def sitemap(request: Request[Any, Any, Any], sharing: SharingService) -> Stream:
    base = request.app.state.settings.public_url
    entries = await sharing.sitemap()
    pages = [r.path for r in spa_routes()
             if r.access == "public" and ":" not in r.path
             and r.path not in ("/auth", "/messages")]

    def body() -> Iterator[str]:
        yield ('<?xml version="1.0" encoding="UTF-8"?>\n'
               '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')
        for path in pages:
            yield f"<url><loc>{escape(base + path)}</loc></url>\n"
        for entry in entries:
            day = entry.updated_at.date().isoformat()
            yield f"<url><loc>{escape(base + entry.path)}</loc><lastmod>{day}</lastmod></url>\n"
        yield "</urlset>\n"

    return Stream(body(), media_type="application/xml", headers={"Cache-Control": CACHE})
