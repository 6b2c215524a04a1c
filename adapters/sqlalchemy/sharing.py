"""The sitemap's three lists, each one indexed query (ids and dates only, no rows loaded)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from adapters.sqlalchemy.blog import BlogPostRow
from adapters.sqlalchemy.catalog import ProductRow
from adapters.sqlalchemy.posts import PostRow
from application.ports.sharing import SitemapEntry
from domain.catalog import ListingStatus


class SqlSitemapRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def available_listings(self, limit: int) -> list[SitemapEntry]:
        rows = await self.session.execute(
            select(ProductRow.id, ProductRow.updated_at)
            .where(ProductRow.status == ListingStatus.AVAILABLE.value)
            .order_by(ProductRow.created_at.desc(), ProductRow.id.desc()).limit(limit))
        return [SitemapEntry(f"/product/{id_}", updated) for id_, updated in rows]

    async def style_posts(self, limit: int) -> list[SitemapEntry]:
        rows = await self.session.execute(
            select(PostRow.id, PostRow.created_at)
            .order_by(PostRow.created_at.desc(), PostRow.id.desc()).limit(limit))
        return [SitemapEntry(f"/post/{id_}", created) for id_, created in rows]

    async def published_blog_posts(self, limit: int) -> list[SitemapEntry]:
        rows = await self.session.execute(
            select(BlogPostRow.slug, BlogPostRow.updated_at)
            .where(BlogPostRow.published.is_(True))
            .order_by(BlogPostRow.created_at.desc(), BlogPostRow.id.desc()).limit(limit))
        return [SitemapEntry(f"/blog/{slug}", updated) for slug, updated in rows]
