"""Orders delivered without a recorded ``delivered_at`` get one from the upgrade (0100), and
then complete like any other: the column is the one home of the delivery time.

The rows are written at the previous head (0099) through the real services, then made to
look like the older rows (``delivered_at`` NULL). On its own SQLite file, and on PostgreSQL
in a scratch database beside the configured test database (its schema is dropped), so the
session's migrated databases are untouched.
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import delete, insert, select, update

from adapters.migrations import upgrade
from adapters.sqlalchemy.engine import create_engine
from adapters.sqlalchemy.orders import OrderEventRow, OrderRow
from application.order_timers import OrderTimers
from application.orders import OrderService
from domain.accounts import Role
from entrypoints.container import Container, build_container, shutdown
from tests.adapters.conftest import database_at
from tests.conftest import (
    DATABASES,
    make_settings,
)
from tests.fakes import FixedClock
from tests.support import NOW, a_listing, a_user

pytestmark = pytest.mark.adapters

PREVIOUS_HEAD = "0099_orders_keep_listings"
DAY = timedelta(days=1)


@pytest.fixture(params=DATABASES)
async def old_database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database migrated to the head before 0100."""
    return await database_at(request.param, tmp_path, PREVIOUS_HEAD, "migrations")


async def _orders(container: Container, clock: FixedClock) -> dict[str, int]:
    """Five paid and shipped orders placed at NOW; "a", "b", "e" and "c" are delivered a
    day later, an hour apart in that order ("c" then completed by its buyer); "d" stays
    shipped."""
    async with container.uow() as uow:
        seller = await uow.users.add(a_user("sam"))
        buyer = await uow.users.add(a_user("maya"))
        admin = await uow.users.add(a_user("boss", role=Role.ADMIN))
        listings = {name: (await uow.listings.add(a_listing(seller.id, title=f"Coat {name}"))).id
                    for name in "abcde"}
        await uow.commit()
    service = OrderService(container.uow(), clock)
    ids: dict[str, int] = {}
    for name, listing in listings.items():
        order_id = (await service.place(buyer, listing)).order.id
        assert order_id is not None
        await service.confirm_payment(admin, order_id)
        await service.change_status(seller, order_id, "shipped", f"1Z{order_id}")
        ids[name] = order_id
    for hours, name in enumerate("abec"):
        clock.current = NOW + DAY + timedelta(hours=hours)
        await service.change_status(seller, ids[name], "delivered")
    clock.current = NOW + DAY + timedelta(hours=6)
    await service.change_status(buyer, ids["c"], "completed")
    return ids


async def test_the_upgrade_gives_every_delivered_order_its_delivery_time(
        old_database: str, tmp_path: Path) -> None:
    clock = FixedClock(NOW)
    container = build_container(make_settings(old_database, tmp_path))
    try:
        ids = await _orders(container, clock)
    finally:
        await shutdown(container)
    kept = NOW + DAY + timedelta(hours=2, minutes=30)
    engine = create_engine(old_database)
    async with engine.begin() as connection:
        # As the older rows were: no delivery time on any order.
        await connection.execute(update(OrderRow).where(OrderRow.id.in_(
            [ids[n] for n in "abcd"])).values(delivered_at=None))
        # "a": its status moved later than its timeline says it was delivered, and an
        # earlier "delivered" line too (the last one counts).
        await connection.execute(update(OrderRow).where(OrderRow.id == ids["a"]).values(
            status_changed_at=NOW + 2 * DAY))
        await connection.execute(insert(OrderEventRow).values(
            order_id=ids["a"], kind="status", status="delivered", at=NOW + timedelta(hours=20)))
        # "b": no "delivered" line at all: the time its status last moved.
        await connection.execute(delete(OrderEventRow).where(
            OrderEventRow.order_id == ids["b"], OrderEventRow.status == "delivered"))
        # "e" has its own delivery time, which the upgrade keeps.
        await connection.execute(update(OrderRow).where(OrderRow.id == ids["e"]).values(
            delivered_at=kept))
    await engine.dispose()

    await asyncio.to_thread(upgrade, old_database)

    engine = create_engine(old_database)
    async with engine.connect() as connection:
        rows = await connection.execute(select(OrderRow.id, OrderRow.delivered_at))
        found: dict[int, datetime | None] = {order_id: at for order_id, at in rows.all()}
    await engine.dispose()
    assert {name: found[order_id] for name, order_id in ids.items()} == {
        "a": NOW + DAY,  # its timeline's last "delivered" line
        "b": NOW + DAY + timedelta(hours=1),  # no line: when its status last moved
        "c": NOW + DAY + timedelta(hours=3),  # completed: from its timeline too
        "d": None,  # never delivered
        "e": kept,
    }

    # The delivered ones now complete when their 3 days are over, oldest first.
    clock.current = NOW + 4 * DAY + timedelta(hours=2, minutes=30)
    container = build_container(make_settings(old_database, tmp_path))
    try:
        result = await OrderTimers(container.uow(), clock).sweep()
    finally:
        await shutdown(container)
    assert result.completed == [ids["a"], ids["b"], ids["e"]]
