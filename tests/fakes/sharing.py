"""Sitemap lists read from the other fakes' rows (it owns no state: no ``rows``)."""

from __future__ import annotations

from typing import Any

from application.ports.sharing import SitemapEntry
from domain.catalog import ListingStatus


class FakeSitemap:
    def __init__(self, uow: Any) -> None:
        self.uow = uow

    async def available_listings(self, limit: int) -> list[SitemapEntry]:
        shown = [x for x in self.uow.listings.rows.values()
                 if x.status is ListingStatus.AVAILABLE]
        shown.sort(key=lambda x: (x.created_at, x.id), reverse=True)
        return [SitemapEntry(f"/product/{x.id}", x.updated_at or x.created_at)
                for x in shown[:limit]]

    async def style_posts(self, limit: int) -> list[SitemapEntry]:
        posts = sorted(self.uow.posts.rows.values(), key=lambda p: (p.created_at, p.id),
                       reverse=True)
        return [SitemapEntry(f"/post/{p.id}", p.created_at) for p in posts[:limit]]

    async def published_blog_posts(self, limit: int) -> list[SitemapEntry]:
        posts = sorted((p for p in self.uow.blogs.rows.values() if p.published),
                       key=lambda p: (p.created_at, p.id), reverse=True)
        return [SitemapEntry(f"/blog/{p.slug}", p.updated_at) for p in posts[:limit]]
