"""The request and response Structs of ``entrypoints/http/seller_stats.py``: a seller's stats."""

from __future__ import annotations

from datetime import date

from entrypoints.http.schemas import CamelStruct


class ViewOut(CamelStruct):
    counted: bool  # false for a second view the same day, or the seller's own


class ListingFiguresOut(CamelStruct):
    views: int
    offers: int


class StatsDayOut(CamelStruct):
    date: date
    views: int
    offers: int
    sales: int
    earnings: str  # "12.34", what the seller keeps of the day's sales


class StatsTotalsOut(CamelStruct):
    views: int
    offers: int
    sales: int
    earnings: str


class ListingStatsOut(CamelStruct):
    product_id: int
    title: str
    status: str
    price: str
    views: int
    watchers: int
    offers: int
    days_listed: int


class SellerStatsOut(CamelStruct):
    days: list[StatsDayOut]  # the last 30 UTC days, oldest first, today last
    totals: StatsTotalsOut  # of those 30 days
    listings: list[ListingStatsOut]  # the newest 200 listings, any status
