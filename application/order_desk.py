"""The administrators' order desk (spec §2 Admin Dashboard, §9 Admin): every order with both
parties' contact, the four summary cards, sales records and the CSV export.

Everything here is counted or paged by the database: the cards are one ``GROUP BY status``,
sales one ``COUNT``/``SUM``, the lists keyset pages of the one paging home, and the export
walks the orders oldest first (placed time, then id) a batch at a time (each batch its own
short transaction), so 100,000 orders stream out in constant memory. Confirming a payment
and setting an order's address are :class:`~application.orders.OrderService`'s use cases;
the desk only lists.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

from application.orders import OrderService, OrderView
from application.ports import Clock, UnitOfWork
from application.shared.paging import After, Page, page_of, page_request
from domain.accounts import User
from domain.admin import (
    ExportRow,
    OrderCounts,
    OrderGroup,
    SalesTotals,
    export_filename,
)
from domain.errors import ValidationError
from domain.order_rules import FINISHED_STATUSES, OrderStatus

EXPORT_BATCH = 2000
MAX_SEARCH = 100
STATUS_MESSAGE = "Please choose a valid order status"


def statuses_for(text: str | None) -> frozenset[OrderStatus] | None:
    """``status=`` on the desk: an order status (``pending``), or one of the dashboard's
    groups (``pending_payment``: pending or confirmed; ``sales``: shipped, delivered or
    completed; see :class:`~domain.admin.OrderGroup`). A status wins over a group of the same
    name. ``None`` or empty: every order."""
    if not text:
        return None
    status = OrderStatus.parse(text)
    if status is not None:
        return frozenset({status})
    try:
        return OrderGroup(text.strip().lower()).statuses
    except ValueError:
        raise ValidationError({"status": STATUS_MESSAGE}, STATUS_MESSAGE) from None


@dataclass(frozen=True)
class DeskSummary:
    counts: OrderCounts
    sales: SalesTotals


class OrderDesk:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock
        self.orders = OrderService(uow, clock)  # its views, in this desk's unit of work

    async def page(self, admin: User, *, status: str | None = None, search: str | None = None,
                   limit: int | None = None, cursor: str | None = None) -> Page[OrderView]:
        """Orders newest first, filtered by ``status`` and ``search``, a page at a time."""
        admin.ensure_admin()
        statuses = statuses_for(status)
        needle = (search or "").strip()[:MAX_SEARCH] or None
        request = page_request(limit, cursor)
        async with self.uow:
            rows = await self.uow.orders.desk_page(statuses=statuses, search=needle,
                                                   limit=request.fetch, after=request.after)
            page = page_of(rows, request, lambda o: After(o.created_at, o.id or 0))
            return Page(await self.orders.views(page.items, admin), page.next_cursor)

    async def summary(self, admin: User) -> DeskSummary:
        """The four cards and the sales records' figures, counted in SQL."""
        admin.ensure_admin()
        async with self.uow:
            by_status = await self.uow.orders.count_by_status()
            count, revenue = await self.uow.orders.sales(FINISHED_STATUSES)
        return DeskSummary(OrderCounts.from_statuses(by_status), SalesTotals(count, revenue))

    async def export_size(self, status: str | None = None) -> int:
        """How many orders :meth:`export` will write (for a progress bar)."""
        statuses = statuses_for(status)
        async with self.uow:
            by_status = await self.uow.orders.count_by_status()
        return sum(n for s, n in by_status.items() if statuses is None or s in statuses)

    def export_filename(self) -> str:
        return export_filename(self.clock.now().date())

    async def export(self, status: str | None = None, batch: int = EXPORT_BATCH
                     ) -> AsyncIterator[list[ExportRow]]:
        """The orders oldest first (placed time, then id), ``batch`` at a time, each batch
        read in its own short transaction after the last one's position (an order placed
        meanwhile is included; the export is not one snapshot, it never holds a transaction
        open while the client reads). The API's download and ``rethread orders export``
        both read it."""
        statuses = statuses_for(status)
        after: After | None = None
        while True:
            async with self.uow:
                rows = await self.uow.orders.export_batch(statuses=statuses, after=after,
                                                          limit=batch)
            if not rows:
                return
            yield [row for _, row in rows]
            if len(rows) < batch:
                return
            last_id, last = rows[-1]
            after = After(last.created_at, last_id)
