"""The head of index.html for a shareable page: its title, description, Open Graph and
Twitter card tags, every value HTML-escaped. Rendered per request from a cached index.html."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path

from application.sharing import SITE_NAME, PagePreview, SharingService
from entrypoints.http.pages.routes import RouteMatch

_TITLE = re.compile(r"<title>.*?</title>", re.S)
_DESCRIPTION = re.compile(r'<meta name="description"[^>]*>\s*', re.S)


async def page_preview(sharing: SharingService, match: RouteMatch) -> PagePreview | None:
    """One lookup for the route's shareable thing, or None (not shareable, not found)."""
    kind, key = match.route.share, match.share_id
    if kind == "blog" and match.param:
        return await sharing.blog(match.param)
    if kind == "profile" and key is None and match.param:
        return await sharing.profile_by_username(match.param)  # /profile/maya
    if key is None:
        return None
    if kind == "product":
        return await sharing.product(key)
    if kind == "post":
        return await sharing.post(key)
    if kind == "profile":
        return await sharing.profile(key)
    return None


def _absolute(base_url: str, url: str) -> str:
    return url if url.startswith(("http://", "https://")) else f"{base_url}/{url.lstrip('/')}"


def head_tags(preview: PagePreview, base_url: str, path: str) -> str:
    """``<title>``, description, canonical URL, og:* and twitter:* for ``preview``."""
    base_url = base_url.rstrip("/")
    path = preview.path or path
    title = f"{preview.title} · {SITE_NAME}"
    meta = [("og:type", "product" if preview.kind == "product" else preview.kind),
            ("og:site_name", SITE_NAME), ("og:title", preview.title),
            ("og:description", preview.description), ("og:url", f"{base_url}{path}")]
    names = [("description", preview.description),
             ("twitter:card", "summary_large_image" if preview.image else "summary"),
             ("twitter:title", preview.title), ("twitter:description", preview.description)]
    if preview.image:
        image = _absolute(base_url, preview.image)
        meta += [("og:image", image), ("og:image:alt", preview.title)]
        names.append(("twitter:image", image))
    if preview.price is not None:
        amount = f"{preview.price:.2f}"
        meta += [("product:price:amount", amount), ("product:price:currency", "USD"),
                 ("og:price:amount", amount), ("og:price:currency", "USD")]
        names += [("twitter:label1", "Price"), ("twitter:data1", f"${amount}")]
    lines = [f"<title>{escape(title)}</title>",
             f'<link rel="canonical" href="{escape(base_url + path)}" />']
    lines += [f'<meta name="{n}" content="{escape(v)}" />' for n, v in names]
    lines += [f'<meta property="{p}" content="{escape(v)}" />' for p, v in meta]
    return "\n    ".join(lines)


def with_head(index_html: str, tags: str) -> str:
    """index.html with its generic title and description replaced by ``tags``."""
    html = _DESCRIPTION.sub("", _TITLE.sub("", index_html, count=1), count=1)
    return html.replace("</head>", f"  {tags}\n  </head>", 1)


class IndexPage:
    """index.html's text, read again only when the file changes (a new build)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: float | None = None
        self._text = ""

    def text(self) -> str:
        stamp = self.path.stat().st_mtime
        if stamp != self._stamp:
            self._text = self.path.read_text(encoding="utf-8")
            self._stamp = stamp
        return self._text
