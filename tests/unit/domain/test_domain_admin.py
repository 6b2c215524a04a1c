"""Admin order rules: status groups, the four cards, sales figures, formula-safe CSV cells."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.admin import (
    EXPORT_COLUMNS,
    FORMULA_STARTS,
    ExportRow,
    OrderCounts,
    OrderGroup,
    SalesTotals,
    safe_cell,
)
from domain.order_rules import OrderStatus

pytestmark = pytest.mark.unit


@given(st.text())
def test_a_safe_cell_never_starts_a_formula_and_keeps_the_text(text: str) -> None:
    cell = safe_cell(text)
    assert not cell.startswith(FORMULA_STARTS)
    assert cell in (text, f"'{text}")


@given(st.lists(st.text(), min_size=len(EXPORT_COLUMNS), max_size=len(EXPORT_COLUMNS)))
def test_any_text_survives_a_csv_round_trip(cells: list[str]) -> None:
    out = io.StringIO(newline="")
    csv.writer(out).writerow([safe_cell(c) for c in cells])
    back = next(csv.reader(io.StringIO(out.getvalue(), newline="")))
    assert back == [safe_cell(c) for c in cells]


def test_the_export_row_formats_date_price_and_neutralises_formulas() -> None:
    row = ExportRow("42-ABC123", datetime(2026, 11, 22, 23, 30, tzinfo=UTC), "=HYPERLINK(x)",
                    Decimal("40"), OrderStatus.SHIPPED, "@bob", "bob@example.com", "-Zoe, Jr.",
                    "zoe@example.com")
    assert row.cells() == ["42-ABC123", "2026-11-22", "'=HYPERLINK(x)", "40.00", "shipped",
                           "'@bob", "bob@example.com", "'-Zoe, Jr.", "zoe@example.com", "1"]


@given(st.dictionaries(st.sampled_from(list(OrderStatus)), st.integers(0, 1000)))
def test_the_cards_count_their_groups(by_status: dict[OrderStatus, int]) -> None:
    counts = OrderCounts.from_statuses(by_status)
    assert counts.total == sum(by_status.values())
    assert counts.pending_payments == (by_status.get(OrderStatus.PENDING, 0)
                                       + by_status.get(OrderStatus.CONFIRMED, 0))
    assert counts.to_be_shipped == by_status.get(OrderStatus.PAYMENT_CONFIRMED, 0)
    assert counts.completed == (by_status.get(OrderStatus.DELIVERED, 0)
                                + by_status.get(OrderStatus.COMPLETED, 0))
    assert counts.pending_payments + counts.to_be_shipped + counts.completed <= counts.total


def test_sales_are_shipped_delivered_or_completed() -> None:
    assert OrderGroup.SALES.statuses == {OrderStatus.SHIPPED, OrderStatus.DELIVERED,
                                         OrderStatus.COMPLETED}


@given(st.lists(st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99999"), places=2),
                max_size=30))
def test_the_average_is_revenue_over_count_rounded_to_cents(prices: list[Decimal]) -> None:
    totals = SalesTotals(len(prices), sum(prices, Decimal("0")))
    if not prices:
        assert totals.average == Decimal("0.00")
    else:
        assert abs(totals.average - totals.revenue / len(prices)) <= Decimal("0.005")
