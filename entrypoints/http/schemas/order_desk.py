"""The request and response Structs of ``entrypoints/http/order_desk.py``: the administrators' order
desk: summary cards, sales, pages."""

from __future__ import annotations

from entrypoints.http.schemas import CamelStruct
from entrypoints.http.schemas.orders import OrderOut


class DeskPageOut(CamelStruct):
    items: list[OrderOut]
    next_cursor: str | None


class SalesOut(CamelStruct):
    count: int
    revenue: str
    average_order_value: str


class DeskSummaryOut(CamelStruct):
    total_orders: int
    pending_payments: int
    to_be_shipped: int
    completed: int
    sales: SalesOut
