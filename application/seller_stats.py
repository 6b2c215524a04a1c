"""Seller stats (issue 38 item 5): count listing views, and give a seller their figures.

A view is counted by :meth:`SellerStatsService.record_view` (the product page calls it once
it has shown the listing): once per visitor per listing per UTC day, never for the listing's
own seller; the visitor is known to it only as an opaque key (the member's id, or the
address and browser of a visitor) that is hashed with the server's secret into the day's
mark and not kept (``domain/seller_stats.py``). The scheduler calls :meth:`forget_marks`
to delete the marks of past days.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from application.catalog_views import PRODUCT_NOT_FOUND, existing_listing
from application.ports import Clock, UnitOfWork
from application.ports.seller_stats import ListingFigures
from domain.accounts import User
from domain.errors import NotFound
from domain.listings import Listing
from domain.seller_stats import (
    ClosetTotals,
    DayStats,
    daily_series,
    days_listed,
    stats_day,
    stats_window,
    totals,
    visit_mark,
)

LISTINGS_SHOWN = 200  # the newest listings a seller's stats list, with their figures


@dataclass(frozen=True, slots=True)
class ListingStats:
    figures: ListingFigures
    days_listed: int


@dataclass(frozen=True, slots=True)
class SellerStats:
    days: list[DayStats]
    totals: ClosetTotals
    listings: list[ListingStats]


async def _visible(uow: UnitOfWork, product_id: int, viewer: User | None) -> Listing:
    listing = await existing_listing(uow, product_id)
    if not listing.visible_to(viewer.id if viewer else None,
                              viewer is not None and viewer.is_admin):
        raise NotFound(PRODUCT_NOT_FOUND)
    return listing


class SellerStatsService:
    def __init__(self, uow: UnitOfWork, clock: Clock, secret: str) -> None:
        self.uow = uow
        self.clock = clock
        self.secret = secret

    async def record_view(self, product_id: int, viewer: User | None, visitor: str) -> bool:
        """Count a view of the listing (see the module doc); says whether it counted."""
        now = self.clock.now()
        async with self.uow:
            listing = await _visible(self.uow, product_id, viewer)
            if viewer is not None and viewer.id == listing.seller_id:
                return False
            key = f"member:{viewer.id}" if viewer is not None else f"visitor:{visitor}"
            day = stats_day(now)
            counted = await self.uow.seller_stats.record_view(
                product_id, day, visit_mark(self.secret, day, product_id, key))
            await self.uow.commit()
        return counted

    async def listing_figures(self, product_id: int, viewer: User | None) -> tuple[int, int]:
        """(views, offers) of one listing, as its product page shows them."""
        async with self.uow:
            await _visible(self.uow, product_id, viewer)
            return await self.uow.seller_stats.listing_counts(product_id)

    async def of(self, seller: User) -> SellerStats:
        """The seller's last 30 days and their listings' figures."""
        assert seller.id is not None
        now = self.clock.now()
        first, last = stats_window(now)
        start = datetime.combine(first, time.min, tzinfo=UTC)
        end = datetime.combine(last + timedelta(days=1), time.min, tzinfo=UTC)
        async with self.uow:
            repo = self.uow.seller_stats
            views = await repo.views_by_day(seller.id, first, last)
            offers: dict[date, int] = {}
            for at in await repo.offers_by_day(seller.id, start, end):
                offers[stats_day(at)] = offers.get(stats_day(at), 0) + 1
            sales: dict[date, list[Decimal]] = {}
            for at, price in await repo.sales(seller.id, start, end):
                sales.setdefault(stats_day(at), []).append(price)
            listings = await repo.listings(seller.id, LISTINGS_SHOWN)
        days = daily_series(first, last, views, offers, sales)
        return SellerStats(days, totals(days),
                           [ListingStats(f, days_listed(f.created_at, now)) for f in listings])

    async def forget_marks(self) -> int:
        """Delete the visit marks of past days (the scheduler); how many."""
        async with self.uow:
            forgotten = await self.uow.seller_stats.forget_marks(stats_day(self.clock.now()))
            await self.uow.commit()
        return forgotten
