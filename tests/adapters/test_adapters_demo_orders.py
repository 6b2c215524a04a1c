"""Demo orders: every status, with timelines and reviews, so sellers have real ratings."""

from __future__ import annotations

from collections import Counter

import pytest
from dependency_injector import providers

from application.ports.catalog import ListingFilter
from domain.analytics import ActivityKind
from domain.order_rules import OrderStatus
from entrypoints.container import Container
from tests.adapters.test_adapters_demo_catalog import QuickPictures
from tests.support.offers import held_by_offers

pytestmark = pytest.mark.adapters


async def test_demo_orders_cover_every_status_and_rate_sellers(container: Container) -> None:
    container.garment_pictures.override(providers.Object(QuickPictures()))
    assert await container.demo_seeder().seed(listings=24)
    async with container.uow() as uow:
        orders = await uow.orders.list_for(limit=100)
        events = await uow.order_events.for_orders([o.id for o in orders if o.id])
        # no demo dispute is refunded yet
        assert {o.status for o in orders} == set(OrderStatus) - {OrderStatus.REFUNDED}
        assert all(events[o.id] for o in orders if o.id)
        # the shop keeps its 24, but for the ones accepted offers hold for their buyers
        assert await container.search().count(ListingFilter()) == 24 - await held_by_offers(uow)
        rated = [u for name in ("maya", "theo", "priya", "lucas")
                 if (u := await uow.users.get_by_login(name)) and u.rating_count]
        assert len(rated) >= 2 and all(1 <= u.rating <= 5 for u in rated)
        shipped = [o for o in orders if o.status is OrderStatus.SHIPPED]
        assert shipped[0].tracking_number and shipped[0].tracking_url
        days = {(e.at.date(), e.status) for o in orders if o.id for e in events[o.id]}
        recorded = await uow.activity.counts_by_day(min(d for d, _ in days),
                                                    max(d for d, _ in days))
    # the Analytics tab shows the seeded sales, on the days the timelines say they happened
    sales = Counter(e.at.date() for o in orders if o.id for e in events[o.id]
                    if e.status == OrderStatus.COMPLETED.value)
    assert {d: n for (d, kind), n in recorded.items()
            if kind is ActivityKind.SALE_COMPLETED} == sales
    assert sum(sales.values()) == 4
    assert sum(n for (_, kind), n in recorded.items()
               if kind is ActivityKind.ORDER_PLACED) == len(orders)
    summary = await container.analytics().summary()
    assert summary.transaction_success_rate == 0.8  # 4 sales, 1 cancelled order
