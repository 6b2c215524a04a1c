"""Seller stats over HTTP (issue 38 item 5). Thin: parse, call one service, map.

``POST /api/products/{id}/views`` is the product page's view beacon: it changes nothing a
public read shows, so it keeps the response cache (``KEEPS_PUBLIC_ANSWERS``).
"""

from __future__ import annotations

from typing import Any

from litestar import Controller, Request, get, post
from litestar.status_codes import HTTP_200_OK

from application.seller_stats import ListingStats, SellerStatsService
from domain.accounts import User
from domain.money import format_amount
from entrypoints.http.auth import client_address
from entrypoints.http.caching import KEEPS_PUBLIC_ANSWERS, public
from entrypoints.http.schemas.seller_stats import (
    ListingFiguresOut,
    ListingStatsOut,
    SellerStatsOut,
    StatsDayOut,
    StatsTotalsOut,
    ViewOut,
)


def _listing(item: ListingStats) -> ListingStatsOut:
    f = item.figures
    return ListingStatsOut(product_id=f.product_id, title=f.title, status=f.status,
                           price=format_amount(f.price), views=f.views, watchers=f.watchers,
                           offers=f.offers, days_listed=item.days_listed)


def _visitor(request: Request[Any, Any, Any]) -> str:
    return f"{client_address(request)}|{request.headers.get('user-agent', '')[:300]}"


class SellerStatsController(Controller):
    path = "/api"
    tags = ["seller stats"]

    @post("/products/{product_id:int}/views", status_code=HTTP_200_OK,
          opt={KEEPS_PUBLIC_ANSWERS: True})
    async def view(self, product_id: int, request: Request[Any, Any, Any],
                   viewer: User | None, seller_stats: SellerStatsService) -> ViewOut:
        """Count a view of a listing.

        Public (the product page calls it). Counted once per visitor per listing per UTC
        day, never the seller's own; no visitor data is stored, only a keyed daily mark. 200
        with `counted`. 404 for an unknown listing, or one hidden from the caller.
        """
        return ViewOut(counted=await seller_stats.record_view(product_id, viewer,
                                                              _visitor(request)))

    @get("/products/{product_id:int}/figures", **public())
    async def figures(self, product_id: int, viewer: User | None,
                      seller_stats: SellerStatsService) -> ListingFiguresOut:
        """Read a listing's views and offers.

        Public. The listing's view and offer counts, as its product page shows them. 404 for
        an unknown listing, or one hidden from the caller.
        """
        views, offers = await seller_stats.listing_figures(product_id, viewer)
        return ListingFiguresOut(views=views, offers=offers)

    @get("/user/stats")
    async def stats(self, current_user: User, seller_stats: SellerStatsService
                    ) -> SellerStatsOut:
        """Read my seller stats.

        Signed-in members only (401 for visitors), about their own shop: views, offers,
        sales and earnings for each of the last 30 days (UTC) with their totals, and each
        listing's views, watchers, offers and days listed.
        """
        stats = await seller_stats.of(current_user)
        t = stats.totals
        return SellerStatsOut(
            days=[StatsDayOut(date=d.day, views=d.views, offers=d.offers, sales=d.sales,
                              earnings=format_amount(d.earnings)) for d in stats.days],
            totals=StatsTotalsOut(views=t.views, offers=t.offers, sales=t.sales,
                                  earnings=format_amount(t.earnings)),
            listings=[_listing(item) for item in stats.listings])
