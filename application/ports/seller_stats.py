"""Ports of seller stats: listing views kept per day, and the figures a seller's stats read."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Protocol


@dataclass(frozen=True, slots=True)
class ListingFigures:
    """One listing of a seller with its counts (views ever, watchers now, offers ever)."""

    product_id: int
    title: str
    status: str
    price: Decimal
    created_at: datetime
    views: int
    watchers: int
    offers: int


class SellerStatsRepository(Protocol):
    async def record_view(self, product_id: int, day: date, mark: str) -> bool:
        """Count one view of the listing on ``day`` unless ``mark`` was already counted for
        it that day; says whether it counted. Safe under concurrent calls: the same mark
        twice counts once."""
    async def forget_marks(self, before: date) -> int:
        """Delete the marks of days before ``before`` (their counts stay); how many."""
    async def add_view_days(self, rows: list[tuple[int, date, int]]) -> None:
        """Bulk (product_id, day, views) for demo history."""
    async def listing_counts(self, product_id: int) -> tuple[int, int]:
        """(views ever, offers ever) of one listing."""
    async def listings(self, seller_id: int, limit: int) -> list[ListingFigures]:
        """The seller's listings, newest first, with their figures."""
    async def views_by_day(self, seller_id: int, first: date, last: date) -> dict[date, int]:
        """Views of all the seller's listings per day, ``first``..``last`` inclusive."""
    async def offers_by_day(self, seller_id: int, first: datetime, last: datetime
                            ) -> list[datetime]:
        """When each offer on the seller's listings was made, between the two instants."""
    async def sales(self, seller_id: int, first: datetime, last: datetime
                    ) -> list[tuple[datetime, Decimal]]:
        """(placed at, price) of the seller's paid orders placed between the two instants."""
