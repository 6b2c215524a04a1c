"""What a shared link shows before anyone opens it: the page's title, summary, picture and
price (Open Graph / Twitter cards), and the sitemap of public pages.

Each preview is one lookup by id (or slug), so serving a deep link stays fast. The titles
follow the webapp's own (``webapp/src/lib/page-title.ts``): a product is
"Black leather jacket — $48.00", a profile "maya (@maya)".
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from application.ports import UnitOfWork
from application.ports.sharing import SitemapEntry
from domain.accounts import User
from domain.listings import Listing
from domain.money import format_usd
from domain.validation import username_error

SITE_NAME = "Rethread"
SITE_DESCRIPTION = ("Rethread: the trusted marketplace for secondhand fashion with a "
                    "social twist.")
DESCRIPTION_LENGTH = 160
SITEMAP_LIMIT = 10_000  # per kind; one sitemap file holds at most 50,000 URLs


@dataclass(frozen=True, slots=True)
class PagePreview:
    title: str
    description: str
    image: str | None
    kind: str  # the Open Graph type: "product", "article" or "profile"
    price: Decimal | None = None
    # A product's preview carries the listing it was made from: the page's first view
    # (entrypoints/http/pages/first_view.py) shows more of it without reading it again.
    listing: Listing | None = None
    # The page's own address when a link reached it by another (``/profile/maya`` is
    # ``/profile/4``, where the webapp takes it): its canonical and og:url.
    path: str | None = None


def summary(text: str | None, length: int = DESCRIPTION_LENGTH) -> str:
    """One line of at most ``length`` characters, cut at a word with an ellipsis."""
    line = " ".join((text or "").split())
    if len(line) <= length:
        return line
    cut = line[: length - 1].rsplit(" ", 1)[0].rstrip(" ,.;:-")
    return f"{cut}…"


def price_text(price: Decimal) -> str:
    return format_usd(price)


def post_title(post_id: int, content: str) -> str:
    """'Style #12: <the post's first words>' (the same words the post page uses)."""
    words = summary(content, 60)
    return f"Style #{post_id}: {words}" if words else f"Style #{post_id}"


class SharingService:
    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow

    async def product(self, listing_id: int) -> PagePreview | None:
        async with self.uow:
            listing = await self.uow.listings.get(listing_id)
        if listing is None:
            return None
        return PagePreview(
            title=f"{listing.title} — {price_text(listing.price)}",
            description=summary(listing.description) or SITE_DESCRIPTION,
            image=listing.images[0].url if listing.images else None,
            kind="product", price=listing.price, listing=listing)

    async def post(self, post_id: int) -> PagePreview | None:
        async with self.uow:
            post = await self.uow.posts.get(post_id)
        if post is None:
            return None
        return PagePreview(title=post_title(post_id, post.content),
                           description=summary(post.content) or SITE_DESCRIPTION,
                           image=post.image_url, kind="article")

    async def profile(self, user_id: int) -> PagePreview | None:
        async with self.uow:
            user = await self.uow.users.get(user_id)
        return None if user is None else _profile_preview(user)

    async def profile_by_username(self, username: str) -> PagePreview | None:
        """The preview of ``/profile/maya``: the member with this username, in any case, as
        :meth:`SocialService.profile_by_username` finds them (never by email address)."""
        if username_error(username) is not None:
            return None
        async with self.uow:
            user = await self.uow.users.get_by_login(username)
        return None if user is None else _profile_preview(user)

    async def blog(self, slug: str) -> PagePreview | None:
        async with self.uow:
            found = await self.uow.blogs.get_by_slug(slug)
        if found is None or not found.post.published:
            return None
        post = found.post
        return PagePreview(title=post.title,
                           description=summary(post.excerpt or post.content),
                           image=post.image_url, kind="article")

    async def sitemap(self, limit: int = SITEMAP_LIMIT) -> list[SitemapEntry]:
        """Available listings, style posts and published blog posts, newest first."""
        async with self.uow:
            return [*await self.uow.sitemap.available_listings(limit),
                    *await self.uow.sitemap.style_posts(limit),
                    *await self.uow.sitemap.published_blog_posts(limit)]


def _profile_preview(user: User) -> PagePreview:
    name = f"{user.display_name} (@{user.username})"
    return PagePreview(
        title=name,
        description=summary(user.bio) or f"{name} buys, sells and styles secondhand "
                                         "fashion on Rethread.",
        image=user.avatar_url, kind="profile", path=f"/profile/{user.id}")
