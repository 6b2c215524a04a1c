"""The administrators' order desk over HTTP (spec §2 Admin Dashboard, §7 ``GET
/api/admin/orders``, §9 sales records and CSV export). Administrators only: the ``admin``
dependency answers 401 to visitors and 403 to everyone else before any handler runs.

Confirming a payment and setting an order's shipping address (admin rules) are the orders
routes ``POST /api/orders/{id}/confirm-payment`` and ``/shipping-address``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from litestar import Controller, get
from litestar.params import Parameter
from litestar.response import Stream

from application.order_desk import OrderDesk, statuses_for
from domain.accounts import User
from domain.admin import csv_header, csv_lines
from domain.money import format_amount
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.order_desk import (
    DeskPageOut,
    DeskSummaryOut,
    SalesOut,
)
from entrypoints.http.schemas.orders import order_out

StatusFilter = Annotated[str | None, Parameter(
    query="status", description="An order status, or a dashboard group: pending_payment "
    "(pending or confirmed), to_be_shipped, sales (shipped, delivered or completed).")]
Search = Annotated[str | None, Parameter(
    query="q", description="Part of the order number or of the buyer's or seller's username, "
    "name or email (case-insensitive).")]


class OrderDeskController(Controller):
    path = "/api/admin/orders"
    tags = ["admin"]

    @get("/")
    async def orders(self, admin: User, desk: OrderDesk, status: StatusFilter = None,
                     q: Search = None, limit: Limit = None, cursor: Cursor = None
                     ) -> DeskPageOut:
        """List every order (the admin desk).

        Administrators only (401 for visitors, 403 for members). Orders newest first, a page
        at a time (`limit`, `cursor`), each with the buyer's and seller's contact and the
        shipping address; `status` filters by an order status or a dashboard group, `q`
        searches order numbers and people. 400 for an unknown status or group.
        """
        page = await desk.page(admin, status=status, search=q, limit=limit, cursor=cursor)
        return DeskPageOut(items=[order_out(view) for view in page.items],
                           next_cursor=page.next_cursor)

    @get("/summary")
    async def summary(self, admin: User, desk: OrderDesk) -> DeskSummaryOut:
        """Read the order desk's summary.

        Administrators only (401 for visitors, 403 for members). The four dashboard cards
        (total orders, pending payments, to be shipped, completed) and the sales records'
        count, revenue and average order value.
        """
        found = await desk.summary(admin)
        counts, sales = found.counts, found.sales
        return DeskSummaryOut(
            total_orders=counts.total, pending_payments=counts.pending_payments,
            to_be_shipped=counts.to_be_shipped, completed=counts.completed,
            sales=SalesOut(count=sales.count, revenue=format_amount(sales.revenue),
                           average_order_value=format_amount(sales.average)))

    @get("/export", media_type="text/csv; charset=utf-8",
         response_description="The orders as CSV (spec §9 columns), streamed.")
    async def export(self, admin: User, desk: OrderDesk, status: StatusFilter = None
                     ) -> Stream:
        """Export the orders as CSV.

        Administrators only (401 for visitors, 403 for members). A CSV download named by the
        date, with the columns of the spec's sales export, streamed a batch of orders at a
        time; `status` filters as on the desk. 400 for an unknown status or group (before
        the download starts).
        """
        statuses_for(status)  # a bad filter is a 400 now, not a broken download later

        async def body() -> AsyncIterator[bytes]:
            yield csv_header().encode()
            async for batch in desk.export(status):
                yield csv_lines(batch).encode()

        name = desk.export_filename()
        return Stream(body(), media_type="text/csv; charset=utf-8",
                      headers={"Content-Disposition": f'attachment; filename="{name}"',
                               "Cache-Control": "no-store"})
