"""The first view: a public page's main content written into index.html by the server, so a
phone paints it before the JavaScript has arrived (``docs/performance.md``, "First view").

index.html holds ``<div id="boot">`` (the boot header and the marker ``<!--first-view-->``)
above the app's ``#root``. For the home page, a product page and the marketplace the marker
becomes that page's content, plain HTML with real links. The webapp starts after it is on
screen (``webapp/src/start.js``), renders underneath, and removes ``#boot`` once its own
page has what it needs (``webapp/src/lib/first-view.ts``). Any other page, or a page whose
data is missing, keeps the marker alone and the boot header is all that paints first.

The texts mirror the webapp's (``home-hero.tsx``, ``product-card.tsx``, ``product-page``); a
browser test compares them. Every value from the database is HTML-escaped.
"""

from __future__ import annotations

from html import escape

from domain.listings import Listing
from domain.money import format_usd

MARKER = "<!--first-view-->"
# How many of the newest listings the marketplace's first view shows: the first row on a
# laptop, two rows on a phone (the cards whose photos the webapp also loads at once).
MARKETPLACE_CARDS = 4

HERO_TITLE = "The trusted marketplace for secondhand fashion with a social twist"
HERO_TEXT = "Buy and sell pre-loved pieces, follow sellers you love and share your style."
HERO_CLAIM = "Shoppers save an average of 30% on top brands"
MARKETPLACE_TITLE = "Rethread Marketplace"
MARKETPLACE_TEXT = "Pre-loved fashion from sellers near you — new pieces every day."


def with_first_view(index_html: str, path: str, content: str) -> str:
    """index.html with ``content`` in the boot block, tagged with the path it belongs to (the
    webapp keeps it on screen only while it is still on that page)."""
    block = f'<div class="fv" data-first-view="{escape(path)}">{content}</div>'
    return index_html.replace(MARKER, block, 1)


def home_view() -> str:
    return (
        '<section class="fv-hero" aria-labelledby="fv-hero-title">'
        f'<h1 id="fv-hero-title" class="fv-title">{HERO_TITLE}</h1>'
        f'<p class="fv-text fv-longer">{HERO_TEXT}</p>'
        f'<p class="fv-claim">{HERO_CLAIM}</p>'
        '<p class="fv-actions"><a class="fv-button" href="/marketplace">Shop now</a>'
        '<a class="fv-button fv-outline" href="/create-listing">Start selling</a></p>'
        '</section>')


def _cover(item: Listing, thumbnail: bool) -> str:
    if not item.images:
        return '<div class="fv-photo" role="img" aria-label="No photo"></div>'
    url = item.images[0].thumbnail_url if thumbnail else item.images[0].url
    return (f'<div class="fv-photo"><img src="{escape(url)}" alt="{escape(item.title)}"'
            ' fetchpriority="high"></div>')


def product_view(item: Listing) -> str:
    return (
        '<div class="fv-product">'
        f'{_cover(item, thumbnail=False)}'
        '<div class="fv-details">'
        f'<h1 class="fv-title">{escape(item.title)}</h1>'
        f'<p class="fv-price">{format_usd(item.price)}</p>'
        f'<p class="fv-text">{escape(item.brand)}</p>'
        f'<p class="fv-text">{escape(item.description)}</p>'
        '</div></div>')


def marketplace_view(items: list[Listing]) -> str:
    cards = "".join(
        '<li class="fv-card">'
        f'{_cover(item, thumbnail=True)}'
        f'<p class="fv-price">{format_usd(item.price)}</p>'
        f'<a class="fv-link" href="/product/{item.id}">{escape(item.title)}</a>'
        '</li>' for item in items)
    return (f'<h1 class="fv-heading">{MARKETPLACE_TITLE}</h1>'
            f'<p class="fv-text">{MARKETPLACE_TEXT}</p><ul class="fv-grid">{cards}</ul>')
