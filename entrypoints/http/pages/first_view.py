"""The first view: a public page's main content written into index.html by the server, so a
phone paints it before the JavaScript has arrived (``docs/architecture.md``, "Pages").

index.html holds ``<div id="boot">`` (the boot header and the marker ``<!--first-view-->``)
above the app's ``#root``. For the home page, a product page, the marketplace, the blog and
the feed the marker becomes that page's content with real links. The webapp starts after it
is on screen (``webapp/src/start.js``), renders underneath, and removes ``#boot`` once its
own page has what it needs (``webapp/src/lib/first-view.ts``). Any other page, a page whose
data is missing, or a build without templates keeps the marker alone and the boot header is
all that paints first.

No markup is written here or by hand: ``npm run bundle`` renders the React components the
pages use (``webapp/src/app/first-view-templates.tsx``: the home hero, the marketplace's
heading and listing cards, a product's breadcrumbs, photo and headline, the blog's and the
feed's pages with their cards) into the build's ``first-view.json``: ``templates``, ``copy``
(the words the pages import) and ``styles`` (per page, what its markup needs before the
app has run).
In a template ``{name}`` is text, HTML-escaped here (the copy, or a value from the
database), and ``{{name}}`` is markup made from another template. Values the components
format are formatted here the same way (money, a seller's rating, dates, a size's label).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from html import escape
from pathlib import Path

from application.catalog_search import SearchPage
from application.ports.blog import AuthoredPost
from application.ports.catalog import SellerCard
from application.ports.media import MEDIUM_SIDE, variant_url
from application.posts import PostView
from domain.catalog import Category, Size
from domain.listings import Listing
from domain.money import format_usd
from domain.text import count_of, format_day

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
# A shoe size in a listing's title ("…, US 9"): webapp listingSizeLabel's SHOE_SIZE.
_SHOE_SIZE = re.compile(r"\b(?:US|UK|EU) ?\d{1,2}(?:\.5)?\b")


@dataclass(frozen=True)
class Templates:
    """The first view's templates, the words they share with the React pages, and the CSS
    the markup needs before the app has run."""

    copy: Mapping[str, str]
    templates: Mapping[str, str]
    styles: Mapping[str, str] = field(default_factory=dict)

    def fill(self, name: str, text: Mapping[str, str] | None = None,
             markup: Mapping[str, str] | None = None) -> str:
        """Template ``name`` with ``{x}`` from ``text`` or the copy (escaped) and ``{{x}}``
        from ``markup``; a name with no value is a KeyError (template and code disagree)."""
        values = {**self.copy, **(text or {})}
        pieces = markup or {}

        def one(found: re.Match[str]) -> str:
            return pieces[found[1]] if found[1] else escape(values[found[2]])

        return _PLACEHOLDER.sub(one, self.templates[name])

    def page(self, name: str, text: Mapping[str, str] | None = None,
             markup: Mapping[str, str] | None = None) -> str:
        """Page template ``name`` filled, after the CSS it needs before the app has run."""
        style = self.styles.get(name, "")
        return (f"<style>{style}</style>" if style else "") + self.fill(name, text, markup)


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
            self._templates = Templates(copy=data["copy"], templates=data["templates"],
                                        styles=data.get("styles", {}))
            self._stamp = stamp
        return self._templates


def with_first_view(index_html: str, path: str, content: str) -> str:
    """index.html with ``content`` in the boot block, tagged with the path it belongs to (the
    webapp keeps it on screen only while it is still on that page)."""
    block = f'<div class="fv" data-first-view="{escape(path)}">{content}</div>'
    return index_html.replace(MARKER, block, 1)


# -- what the components show, formatted as they format it (webapp/src/lib/formatters.ts) --

def initials(name: str) -> str:
    """Mantine's Avatar initials: a one-word name's first two letters, else the first
    letters of its first two words, in capitals."""
    words = name.split(" ")
    return (name[:2] if len(words) == 1 else "".join(word[:1] for word in words[:2])).upper()


def calendar_date(moment: datetime) -> str:
    """formatDate's 'Jan 5, 2025': the server's one way to say a day (``format_day``)."""
    return format_day(moment)


def relative_age(moment: datetime, now: datetime) -> str:
    """formatRelativeAge's 'Today', 'Yesterday', '3d ago', '2w ago', '4mo ago'."""
    days = max(0, (now - moment).days)
    if days < 2:
        return ("Today", "Yesterday")[days]
    if days < 7:
        return f"{days}d ago"
    return f"{days // 7}w ago" if days < 30 else f"{days // 30}mo ago"


def size_label(item: Listing) -> str:
    """listingSizeLabel: "other" says "One size" for accessories and a shoe size from the
    title for footwear."""
    if item.size is Size.OTHER and item.category is Category.ACCESSORIES:
        return "One size"
    if item.size is Size.OTHER and item.category is Category.FOOTWEAR:
        found = _SHOE_SIZE.search(item.title)
        return found[0] if found else item.size.label
    return item.size.label


# -- the pages -----------------------------------------------------------------------

def home_view(t: Templates) -> str:
    return t.page("home")


def _listing_text(item: Listing) -> dict[str, str]:
    return {"id": str(item.id), "title": item.title, "price": format_usd(item.price),
            "brand": item.brand, "category": item.category.label, "size": size_label(item),
            "condition": item.condition.label, "description": item.description}


def product_view(t: Templates, item: Listing) -> str:
    text = _listing_text(item)
    gallery = (t.fill("gallery", {**text, "src": item.images[0].url}) if item.images
               else t.fill("noGallery", text))
    return t.page("product", text, {"gallery": gallery})


def _seller(t: Templates, seller: SellerCard | None) -> str:
    if seller is None:
        return t.fill("sellerNew", {"seller": "Unknown User", "initials": initials("Unknown User")})
    text = {"seller": seller.username,
            "initials": initials(seller.display_name or seller.username)}
    if seller.rating_count:
        return t.fill("sellerRated", {**text, "rating": f"{seller.rating:.1f}"})
    return t.fill("sellerNew", text)


def item_count(total: int, capped: bool) -> str:
    """itemCount's "1 item", "12 items", "10,000+ items"."""
    if capped:
        return f"{total:,}+ items"
    return count_of(total, "item")


def marketplace_view(t: Templates, page: SearchPage) -> str:
    cards = []
    for view in page.items:
        item, text = view.listing, _listing_text(view.listing)
        cover = (t.fill("photo", {**text, "src": item.images[0].thumbnail_url}) if item.images
                 else t.fill("noPhoto", text))
        badge = t.fill(f"badge_{view.badge.value}") if view.badge else ""
        cards.append(t.fill("card", text, {"cover": cover, "seller": _seller(t, view.seller),
                                           "badge": badge}))
    return t.page("marketplace", {"count": item_count(page.total, page.total_capped)},
                  {"cards": "".join(cards)})


def blog_view(t: Templates, posts: list[AuthoredPost]) -> str:
    cards = []
    for found in posts:
        post, author = found.post, found.author
        name = author.display_name or author.username
        text = {"slug": post.slug, "title": post.title, "excerpt": post.excerpt or "",
                "author": name, "initials": initials(name),
                "date": calendar_date(post.created_at), "datetime": post.created_at.isoformat()}
        cover = (t.fill("cover", {**text, "src": post.image_url,
                                  "medium": variant_url(post.image_url, MEDIUM_SIDE)
                                  or post.image_url})
                 if post.image_url else t.fill("noCover", text))
        cards.append(t.fill("blogCard", text, {"cover": cover}))
    return t.page("blog", markup={"cards": "".join(cards)})


def feed_view(t: Templates, posts: list[PostView], now: datetime) -> str:
    cards = []
    for view in posts:
        post, author = view.post, view.author.display_name or view.author.username
        cards.append(t.fill("postCard", {
            "id": str(post.id), "userId": str(post.user_id), "author": author,
            "initials": initials(author), "age": relative_age(post.created_at, now),
            "likes": str(view.counts.likes), "comments": str(view.counts.comments),
            "caption": post.content, "alt": post.content or f"Outfit posted by {author}",
            "src": post.image_url, "thumbnail": post.thumbnail_url or post.image_url,
            "medium": variant_url(post.image_url, MEDIUM_SIDE) or post.image_url}))
    return t.page("feed", markup={"cards": "".join(cards)})
