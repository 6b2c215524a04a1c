"""Order timers on the real databases: several sweepers at once claim each job once, and
the in-server scheduler runs them (the clock is the container's, moved by the test)."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import msgspec
import pytest

from application import order_timers as timers_module
from application.moderation import ModerationService
from application.order_timers import OrderTimers
from application.orders import OrderService
from domain.accounts import Role
from domain.analytics import ActivityKind
from domain.catalog import ListingStatus
from domain.moderation import AuditAction, HiddenKind
from domain.order_rules import OrderStatus
from entrypoints.container import Container, build_container, shutdown
from entrypoints.http.app import create_app
from entrypoints.http.mail_worker import mail_worker
from entrypoints.http.scheduler import order_timers
from entrypoints.settings import Settings
from tests.fakes import FixedClock
from tests.support import a_listing, a_user
from tests.support.sqlite import until_sqlite_is_free

pytestmark = pytest.mark.adapters


async def _orders(container: Container, clock: FixedClock, count: int) -> list[int]:
    uow = container.uow()
    async with uow:
        seller = await uow.users.add(a_user("sam", created_at=clock.now()))
        buyer = await uow.users.add(a_user("maya", created_at=clock.now()))
        ids = []
        for n in range(count):
            listing = await uow.listings.add(a_listing(seller.id, title=f"Coat {n}",
                                                       price="40.00", created_at=clock.now()))
            ids.append(listing.id)
        await uow.commit()
    service = OrderService(container.uow(), clock)
    return [(await service.place(buyer, product)).order.id for product in ids]


async def test_concurrent_sweeps_claim_each_order_once(container: Container,
                                                      clock: FixedClock) -> None:
    order_ids = await _orders(container, clock, 6)
    clock.advance(hours=73)
    results = await asyncio.gather(*(OrderTimers(container.uow(), clock).sweep()
                                     for _ in range(3)))
    cancelled = sorted(i for result in results for i in result.cancelled)
    assert cancelled == sorted(order_ids)
    uow = container.uow()
    async with uow:
        events = await uow.order_events.for_orders(order_ids)
        for order_id in order_ids:
            order = await uow.orders.get(order_id)
            assert order is not None and order.status is OrderStatus.CANCELLED
            assert [e.status for e in events[order_id]] == ["pending", "cancelled"]
            listing = await uow.listings.get(order.product_id)
            assert listing is not None and listing.status is ListingStatus.AVAILABLE
        day, placed = clock.now().date(), (clock.now() - timedelta(hours=73)).date()
        counts = await uow.activity.counts_by_day(placed, day)
    # each cancellation recorded once, by the sweep that won it, on the sweep's day
    assert counts == {(placed, ActivityKind.ORDER_PLACED): 6,
                      (day, ActivityKind.ORDER_CANCELLED): 6}


async def test_orders_without_a_delivery_time_cannot_starve_the_delivered_sweep(
        container: Container, clock: FixedClock, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep picks delivered orders by the time the rule counts from, ``delivered_at``:
    a batch full of older delivered rows that have none (the upgrade 0100 gives them one;
    here they are made again) cannot keep a newer order, whose window is over, waiting."""
    monkeypatch.setattr(timers_module, "BATCH", 2)
    order_ids = await _orders(container, clock, 3)
    uow = container.uow()
    async with uow:
        first = await uow.orders.get(order_ids[0])
        assert first is not None
        seller = await uow.users.get(first.seller_id)
        admin = await uow.users.add(a_user("boss", role=Role.ADMIN, created_at=clock.now()))
        await uow.commit()
    assert seller is not None
    service = OrderService(container.uow(), clock)
    for order_id in order_ids:
        await service.confirm_payment(admin, order_id)
        await service.change_status(seller, order_id, "shipped", f"1Z{order_id}")
        await service.change_status(seller, order_id, "delivered")
        clock.advance(hours=1)
    *legacy, fresh = order_ids
    uow = container.uow()
    async with uow:
        for order_id in legacy:
            order = await uow.orders.get(order_id)
            assert order is not None
            order.delivered_at = None
            assert await uow.orders.save(order, order.status, clock.now())
        await uow.commit()
    clock.advance(days=3)
    result = await OrderTimers(container.uow(), clock).sweep()
    assert result.completed == [fresh]
    uow = container.uow()
    async with uow:
        orders = [await uow.orders.get(order_id) for order_id in order_ids]
    assert [o.status if o else None for o in orders] == [
        OrderStatus.DELIVERED, OrderStatus.DELIVERED, OrderStatus.COMPLETED]


async def test_concurrent_sweeps_lift_each_ended_suspension_once(container: Container,
                                                                clock: FixedClock) -> None:
    """Three sweeps at once after the suspensions' day: each member is lifted by exactly one
    (the compare-and-delete of the ended row), with one audit entry, and every listing the
    suspension hid is back in the shop."""
    uow = container.uow()
    async with uow:
        members = [await uow.users.add(a_user(f"member{n}", created_at=clock.now()))
                   for n in range(4)]
        listings = [(await uow.listings.add(a_listing(m.id, title=f"Coat {k}",
                                                      created_at=clock.now()))).id
                    for m in members for k in range(2)]
        await uow.commit()
    for member in members:
        await ModerationService(container.uow(), clock).suspend(None, member.id, "Spam", 1)
    clock.advance(days=1, seconds=1)
    results = await asyncio.gather(*(OrderTimers(container.uow(), clock).sweep()
                                     for _ in range(3)))
    lifted = sorted(i for result in results for i in result.suspensions_ended)
    assert lifted == sorted(m.id for m in members)
    uow = container.uow()
    async with uow:
        for listing_id in listings:
            listing = await uow.listings.get(listing_id)
            assert listing is not None and listing.status is ListingStatus.AVAILABLE
            assert await uow.hidden.hiding(HiddenKind.LISTING, listing_id) is None
        for member in members:
            assert await uow.suspensions.get(member.id) is None
        entries = await uow.audit.page(100, action=AuditAction.USER_UNSUSPENDED)
    assert sorted(e.target_id for e in entries) == lifted


async def test_the_server_scheduler_runs_the_timers(settings: Settings, clock: FixedClock
                                                    ) -> None:
    fast = msgspec.structs.replace(settings, order_timer_seconds=0.2)
    container = build_container(fast)
    container.clock.override(clock)
    try:
        order_ids = await _orders(container, clock, 1)
        clock.advance(hours=72, seconds=1)
        app = create_app(fast, container)
        assert order_timers in app._lifespan_managers  # started with every server process
        order = None
        async with order_timers(app):  # the app's lifespan, in this test's event loop
            for _ in range(100):
                await asyncio.sleep(0.1)
                async with (uow := container.uow()):
                    order = await uow.orders.get(order_ids[0])
                if order is not None and order.status is OrderStatus.CANCELLED:
                    break
        assert order is not None and order.status is OrderStatus.CANCELLED
    finally:
        await shutdown(container)
        if fast.is_sqlite:  # (the lifespan may cancel a sweep's write)
            await until_sqlite_is_free(fast.database_url)


@pytest.mark.parametrize(("lifespan_of", "provider", "interval"), [
    (order_timers, "order_timers", "order_timer_seconds"),
    (mail_worker, "notification_mailer", "mail_poll_seconds"),
], ids=["scheduler", "mail worker"])
async def test_a_background_loop_stops_when_a_step_fails_as_it_is_cancelled(
        settings: Settings, lifespan_of: Any, provider: str, interval: str) -> None:
    """At shutdown a background loop's task (the scheduler, the mail worker) is cancelled;
    if the step it is in then fails with another error (a rollback failing as the cancelled
    statement unwinds), the loop does not take that for a failed round and go on: it ends,
    and so does the server's shutdown."""
    swept = asyncio.Event()

    class StuckSweeps:
        async def sweep(self) -> None:
            if swept.is_set():  # (once: so that a failing run still ends at the loop's close)
                return
            swept.set()
            try:
                await asyncio.sleep(60)
            except asyncio.CancelledError:
                raise RuntimeError("the rollback failed too") from None

    fast = msgspec.structs.replace(settings, **{interval: 0.2})
    container = build_container(fast)
    getattr(container, provider).override(StuckSweeps())
    try:
        app = create_app(fast, container)
        lifespan = lifespan_of(app)
        await lifespan.__aenter__()
        await asyncio.wait_for(swept.wait(), 5)
        stopping = asyncio.ensure_future(lifespan.__aexit__(None, None, None))
        await asyncio.wait({stopping}, timeout=5)  # (wait_for would wait on a swallowed cancel)
        assert stopping.done(), "the loop went on after its cancellation"
    finally:
        await shutdown(container)
