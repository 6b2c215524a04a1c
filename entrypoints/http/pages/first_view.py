"""The first view: a public page's main content written into index.html by the server, so a
phone paints it before the JavaScript has arrived (``docs/architecture.md``, "Pages").

index.html holds ``<div id="boot">`` (the boot header and the marker ``<!--first-view-->``)
above the app's ``#root``. For the home page, a product page, the marketplace, the blog and
the feed the marker becomes that page's content, plain HTML with real links. The webapp
starts after it is on screen (``webapp/src/start.js``), renders underneath, and removes
``#boot`` once its own page has what it needs (``webapp/src/lib/first-view.ts``). Any
other page, a page whose data is missing, or a build without templates keeps the marker
alone and the boot header is all that paints first.

The markup and its words are not written here: they are the webapp's
``webapp/src/lib/first-view.json`` (``copy``, which the React pages render too, and
``templates``), copied into the build as ``first-view.json``. In a template ``{name}`` is
text, HTML-escaped here (the copy, or a value from the database), and ``{{name}}`` is markup
made from another template.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape
from pathlib import Path

from application.ports.blog import AuthoredPost
from application.ports.media import MEDIUM_SIDE, variant_url
from application.posts import PostView
from domain.listings import Listing
from domain.money import format_usd

MARKER = "<!--first-view-->"
TEMPLATES_FILE = "first-view.json"
# How many of the newest listings the marketplace's first view shows: the first row on a
# laptop, two rows on a phone (the cards whose photos the webapp also loads at once).
MARKETPLACE_CARDS = 4
# The blog's newest post: its cover is the page's largest paint on a phone (one column), so
# it loads from the HTML instead of after the script and the list request. One card only: a
# second cover would be below the fold on a phone yet compete for the same bandwidth.
BLOG_CARDS = 1
# Likewise the feed's newest look.
FEED_CARDS = 1
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}|\{(\w+)\}")


@dataclass(frozen=True)
class Templates:
    """The first view's templates and the words they share with the React pages."""

    copy: Mapping[str, str]
    templates: Mapping[str, str]

    def fill(self, name: str, text: Mapping[str, str] | None = None,
             markup: Mapping[str, str] | None = None) -> str:
        """Template ``name`` with ``{x}`` from ``text`` or the copy (escaped) and ``{{x}}``
        from ``markup``; a name with no value is a KeyError (template and code disagree)."""
        values = {**self.copy, **(text or {})}
        pieces = markup or {}

        def one(found: re.Match[str]) -> str:
            return pieces[found[1]] if found[1] else escape(values[found[2]])

        return _PLACEHOLDER.sub(one, self.templates[name])


class TemplatesFile:
    """The build's ``first-view.json``, read again only when it changes (a new build); None
    while there is none."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: float | None = None
        self._templates: Templates | None = None

    def load(self) -> Templates | None:
        try:
            stamp = self.path.stat().st_mtime
        except FileNotFoundError:
            return None
        if stamp != self._stamp:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            self._templates = Templates(copy=data["copy"], templates=data["templates"])
            self._stamp = stamp
        return self._templates


def with_first_view(index_html: str, path: str, content: str) -> str:
    """index.html with ``content`` in the boot block, tagged with the path it belongs to (the
    webapp keeps it on screen only while it is still on that page)."""
    block = f'<div class="fv" data-first-view="{escape(path)}">{content}</div>'
    return index_html.replace(MARKER, block, 1)


def home_view(t: Templates) -> str:
    return t.fill("home")


def _cover(t: Templates, item: Listing, thumbnail: bool) -> str:
    if not item.images:
        return t.fill("noPhoto")
    url = item.images[0].thumbnail_url if thumbnail else item.images[0].url
    return t.fill("photo", {"src": url, "alt": item.title})


def product_view(t: Templates, item: Listing) -> str:
    return t.fill("product",
                  {"title": item.title, "price": format_usd(item.price), "brand": item.brand,
                   "description": item.description},
                  {"cover": _cover(t, item, thumbnail=False)})


def marketplace_view(t: Templates, items: list[Listing]) -> str:
    cards = "".join(
        t.fill("card", {"id": str(item.id), "title": item.title, "price": format_usd(item.price)},
               {"cover": _cover(t, item, thumbnail=True)})
        for item in items)
    return t.fill("marketplace", markup={"cards": cards})


def _blog_cover(t: Templates, found: AuthoredPost) -> str:
    post = found.post
    if not post.image_url:
        return t.fill("noCover")
    # The size the React card asks for on a phone (its srcset), so the app reuses the file.
    src = variant_url(post.image_url, MEDIUM_SIDE) or post.image_url
    return t.fill("cover", {"src": src, "title": post.title})


def blog_view(t: Templates, posts: list[AuthoredPost]) -> str:
    cards = "".join(t.fill("blogCard", {"slug": found.post.slug, "title": found.post.title},
                           {"cover": _blog_cover(t, found)})
                    for found in posts)
    return t.fill("blog", markup={"cards": cards})


def feed_view(t: Templates, posts: list[PostView]) -> str:
    cards = []
    for view in posts:
        post, author = view.post, view.author.display_name or view.author.username
        # The size the React card asks for on a phone (its srcset), so the app reuses it.
        src = variant_url(post.image_url, MEDIUM_SIDE) or post.image_url
        photo = t.fill("photo", {"src": src, "alt": post.content or f"Outfit posted by {author}"})
        cards.append(t.fill("postCard", {"id": str(post.id), "author": author},
                            {"photo": photo}))
    return t.fill("feed", markup={"cards": "".join(cards)})
