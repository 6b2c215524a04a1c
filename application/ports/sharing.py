"""What the sitemap lists: public pages' paths, newest first, bounded by the caller."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True, slots=True)
class SitemapEntry:
    path: str
    updated_at: datetime


class SitemapRepository(Protocol):
    async def available_listings(self, limit: int) -> list[SitemapEntry]: ...
    async def style_posts(self, limit: int) -> list[SitemapEntry]: ...
    async def published_blog_posts(self, limit: int) -> list[SitemapEntry]: ...
