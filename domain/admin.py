"""The administrators' view of orders: status groups, sales figures and the CSV export rules.

Status groups (spec §2 Admin Dashboard; docs/admin.md): *Pending Payments* are orders whose
payment has not been confirmed yet (``order_rules.UNPAID_STATUSES``: ``pending``, or
``confirmed`` by the seller); *Payment
Confirmed* and the *To Be Shipped* card are paid orders waiting for the seller
(``payment_confirmed``); the *Completed* card counts orders that reached the buyer
(``delivered``, ``completed``). Sales records (spec §9) count ``shipped``, ``delivered`` and
``completed`` orders.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from enum import StrEnum

from domain.money import round_money
from domain.order_rules import FINISHED_STATUSES, UNPAID_STATUSES, OrderStatus

# Spec §9's columns, then how many items the order holds (a bundle has several; its
# "Product" cell joins their titles with BUNDLE_TITLE_JOIN).
EXPORT_COLUMNS = ("Order Number", "Date", "Product", "Price", "Status", "Buyer Name",
                  "Buyer Email", "Seller Name", "Seller Email", "Item Count")
BUNDLE_TITLE_JOIN = " + "
# Spreadsheets run a cell that starts with one of these as a formula (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class OrderGroup(StrEnum):
    """The dashboard's order tabs and cards, each a set of statuses."""

    PENDING_PAYMENT = "pending_payment"
    PAYMENT_CONFIRMED = "payment_confirmed"
    TO_BE_SHIPPED = "to_be_shipped"
    COMPLETED = "completed"
    SALES = "sales"

    @property
    def statuses(self) -> frozenset[OrderStatus]:
        return GROUP_STATUSES[self]


GROUP_STATUSES: dict[OrderGroup, frozenset[OrderStatus]] = {
    OrderGroup.PENDING_PAYMENT: UNPAID_STATUSES,
    OrderGroup.PAYMENT_CONFIRMED: frozenset({OrderStatus.PAYMENT_CONFIRMED}),
    OrderGroup.TO_BE_SHIPPED: frozenset({OrderStatus.PAYMENT_CONFIRMED}),
    OrderGroup.COMPLETED: frozenset({OrderStatus.DELIVERED, OrderStatus.COMPLETED}),
    OrderGroup.SALES: FINISHED_STATUSES,
}


@dataclass(frozen=True, slots=True)
class OrderCounts:
    """The four summary cards."""

    total: int
    pending_payments: int
    to_be_shipped: int
    completed: int

    @classmethod
    def from_statuses(cls, by_status: dict[OrderStatus, int]) -> OrderCounts:
        def count(group: OrderGroup) -> int:
            return sum(by_status.get(status, 0) for status in group.statuses)

        return cls(total=sum(by_status.values()),
                   pending_payments=count(OrderGroup.PENDING_PAYMENT),
                   to_be_shipped=count(OrderGroup.TO_BE_SHIPPED),
                   completed=count(OrderGroup.COMPLETED))


@dataclass(frozen=True, slots=True)
class SalesTotals:
    """Spec §9: revenue = sum of price; average order = revenue / count (0 with no sales)."""

    count: int
    revenue: Decimal

    @property
    def average(self) -> Decimal:
        if self.count == 0:
            return Decimal("0.00")
        return round_money(self.revenue / self.count)


def export_filename(day: date) -> str:
    """Spec §9: the export file is named by the date."""
    return f"rethread-orders-{day.isoformat()}.csv"


def safe_cell(value: str) -> str:
    """A text cell a spreadsheet shows as text: one that would start a formula gets a
    leading apostrophe (the OWASP advice). Quoting of commas, quotes and newlines is left
    to the csv writer."""
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


@dataclass(frozen=True, slots=True)
class ExportRow:
    """One order as the CSV export shows it (spec §9 columns)."""

    order_number: str
    created_at: datetime
    product: str
    price: Decimal
    status: OrderStatus
    buyer_name: str
    buyer_email: str
    seller_name: str
    seller_email: str
    item_count: int = 1

    def cells(self) -> list[str]:
        """The row in EXPORT_COLUMNS order, every text cell made formula-safe."""
        texts = [self.order_number, self.created_at.astimezone(UTC).date().isoformat(),
                 self.product, f"{self.price:.2f}", self.status.value, self.buyer_name,
                 self.buyer_email, self.seller_name, self.seller_email, str(self.item_count)]
        return [safe_cell(text) for text in texts]


def _csv(lines: Iterable[Iterable[str]]) -> str:
    """Lines as CSV text: the standard library's writer quotes commas, quotes and newlines
    (RFC 4180, CRLF line ends); the cells were already made formula-safe."""
    buffer = io.StringIO()
    csv.writer(buffer).writerows(lines)
    return buffer.getvalue()


def csv_header() -> str:
    return _csv([EXPORT_COLUMNS])


def csv_lines(rows: Iterable[ExportRow]) -> str:
    return _csv(row.cells() for row in rows)
