"""The built webapp: real files as they are, every page of the route table gets index.html
(with share tags for products, posts, profiles and blog posts), any other path a 404 page."""

from __future__ import annotations

import logging
import mimetypes
from collections.abc import Awaitable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from litestar import Request, Response, get
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.response import File

from application.blog import BlogService
from application.catalog import CatalogService
from application.catalog_search import SearchRequest
from application.ports import Clock
from application.posts import FeedRequest, PostService
from application.sharing import PagePreview, SharingService
from entrypoints.http.pages.first_view import (
    BLOG_CARDS,
    FEED_CARDS,
    MARKETPLACE_CARDS,
    TEMPLATES_FILE,
    TemplatesFile,
    blog_view,
    feed_view,
    home_view,
    marketplace_view,
    product_view,
    with_first_view,
)
from entrypoints.http.pages.routes import RouteMatch, match_route
from entrypoints.http.pages.share_tags import IndexPage, head_tags, page_preview, with_head
from entrypoints.http.precompressed import asset_file

log = logging.getLogger("rethread.http.spa")
T = TypeVar("T")

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
    index_page = IndexPage(root / "index.html")
    templates = TemplatesFile(root / TEMPLATES_FILE)

    @get(["/", "/{path:path}"], include_in_schema=False)
    async def serve(request: Request[Any, Any, Any], sharing: SharingService,
                    catalog: CatalogService, blogs: BlogService, posts: PostService,
                    path: str = "") -> Any:
        clean = path.lstrip("/")
        if clean in ("api", "media", "schema", "ws") or clean.startswith(RESERVED_PREFIXES):
            raise NotFoundException("Not found")
        candidate = (root / clean).resolve()
        if clean and candidate.is_file() and candidate.is_relative_to(root):
            if clean.startswith("assets/"):  # hashed: precompressed copies, cached a year
                return asset_file(candidate, request.headers.get("accept-encoding", ""),
                                  {"Cache-Control": IMMUTABLE})
            return _file(candidate, "no-cache")
        index = root / "index.html"
        if not index.is_file():
            return _missing_build(dist)
        return await _page(index, index_page, templates, request, sharing,
                           Sources(catalog, blogs, posts, request.app.state.container.clock()))

    return serve


@dataclass(frozen=True)
class Sources:
    """The services first views read from."""

    catalog: CatalogService
    blogs: BlogService
    posts: PostService
    clock: Clock  # the container's: the feed's relative times ("2 hours ago")


async def first_view(sources: Sources, templates: TemplatesFile, match: RouteMatch,
                     query: str, preview: PagePreview | None) -> str | None:
    """The page's main content for index.html (``pages/first_view.py``), or None: only the
    home page, a product page, the marketplace without filters, the blog's first page and
    the unfiltered feed have one, and only when the build has its templates. A product's
    comes from the listing its share tags were read from (``preview``): one read for both."""
    t = templates.load()
    path = match.route.path
    if t is None:
        return None
    if path == "/":
        return home_view(t)
    if path == "/marketplace" and not query:
        page = await sources.catalog.search(SearchRequest(limit=MARKETPLACE_CARDS))
        return marketplace_view(t, page) if page.items else None
    if path == "/blog" and not query:
        posts = await sources.blogs.list_posts(None, limit=BLOG_CARDS)
        return blog_view(t, posts.items) if posts.items else None
    if path == "/feed" and not query:
        looks = await sources.posts.feed(None, FeedRequest(limit=FEED_CARDS))
        return feed_view(t, looks.items, sources.clock.now()) if looks.items else None
    if preview is not None and preview.listing is not None:
        return product_view(t, preview.listing)
    return None


async def _or_none(work: Awaitable[T], what: str, path: str) -> T | None:
    """What ``work`` finds, or None when it cannot be had (the database busy or down): the
    page is still served, without its share tags or first view, and the app shows what it
    can."""
    try:
        return await work
    except Exception:
        log.warning("%s of %s left out", what, path, exc_info=True)
        return None


async def _page(index: Path, index_page: IndexPage, templates: TemplatesFile,
                request: Request[Any, Any, Any], sharing: SharingService,
                sources: Sources) -> Any:
    """index.html for a page of the route table; its share tags on a shareable page and its
    first view on a page that has one."""
    match = match_route(request.url.path)
    if match is None:
        return Response(index_page.text(), media_type="text/html", status_code=404,
                        headers={"Cache-Control": "no-cache"})
    path = request.url.path
    preview = (await _or_none(page_preview(sharing, match), "share tags", path)
               if match.route.share else None)
    content = await _or_none(first_view(sources, templates, match, request.url.query, preview),
                             "first view", path)
    if preview is None and content is None:
        return _file(index, "no-cache")
    html = index_page.text()
    if preview is not None:
        base_url = request.app.state.settings.public_url  # (never the request's Host)
        html = with_head(html, head_tags(preview, base_url, path))
    if content is not None:
        query = f"?{request.url.query}" if request.url.query else ""
        html = with_first_view(html, path + query, content)
    return Response(html, media_type="text/html", headers={"Cache-Control": "no-cache"})
