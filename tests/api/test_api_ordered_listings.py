"""A listing in an order stays as its buyer ordered it, on every configured database: no
edit while reserved or sold, no delete once any order names it (docs/selling.md, "Listings
in an order"); its seller's product page is told so ahead of time (``ownerActions``)."""

from __future__ import annotations

import asyncio
import time

import pytest
from litestar import Litestar
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from domain.listings import ORDERED_LISTING, RESERVED_LOCKED, SOLD_LOCKED
from tests.support import ApiClient, people
from tests.support.offers import listing

pytestmark = pytest.mark.api


async def _ordered(seller: ApiClient, buyer: ApiClient) -> tuple[int, int]:
    coat = await listing(seller, title="Wool coat, like new")
    placed = await buyer.post("/api/orders", json={"productId": coat})
    assert placed.status_code == 201, placed.text
    return coat, int(placed.json()["id"])


async def _refused_delete(client: ApiClient, product: int, why: str = ORDERED_LISTING
                          ) -> None:
    gone = await client.delete(f"/api/products/{product}")
    assert gone.status_code == 409, gone.text
    assert gone.json()["message"] == why


async def _owner_actions(client: ApiClient, product: int) -> object:
    return (await client.get(f"/api/products/{product}")).json()["ownerActions"]


async def test_a_reserved_or_sold_listing_cannot_be_deleted_and_its_order_stays(
        app: Litestar) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        coat, order = await _ordered(maya, sofia)
        await _refused_delete(maya, coat, RESERVED_LOCKED)
        await _refused_delete(boss, coat, RESERVED_LOCKED)
        assert await _owner_actions(maya, coat) == {
            "canEdit": False, "canDelete": False, "reason": RESERVED_LOCKED}
        paid = await boss.post(f"/api/orders/{order}/confirm-payment")
        assert paid.status_code == 200, paid.text
        await _refused_delete(maya, coat, SOLD_LOCKED)
        await _refused_delete(boss, coat, SOLD_LOCKED)
        # Its seller's page offers neither, and says why, in the 409's own words; nobody
        # else is told what its seller may do.
        assert await _owner_actions(maya, coat) == {
            "canEdit": False, "canDelete": False, "reason": SOLD_LOCKED}
        assert await _owner_actions(sofia, coat) is None
        assert await _owner_actions(boss, coat) is None
        seen = await sofia.get(f"/api/orders/{order}")
        assert seen.status_code == 200, seen.text
        assert seen.json()["product"]["title"] == "Wool coat, like new"
        assert (await sofia.get(f"/api/products/{coat}")).json()["status"] == "sold"


async def test_a_listing_back_in_the_shop_after_a_cancelled_order_is_kept_for_that_order(
        app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        maya, sofia = p["maya"], p["sofia"]
        coat, order = await _ordered(maya, sofia)
        cancelled = await sofia.put(f"/api/orders/{order}/status",
                                    json={"status": "cancelled"})
        assert cancelled.status_code == 200, cancelled.text
        assert (await maya.get(f"/api/products/{coat}")).json()["status"] == "available"
        await _refused_delete(maya, coat)
        assert await _owner_actions(maya, coat) == {
            "canEdit": True, "canDelete": False, "reason": ORDERED_LISTING}
        assert (await sofia.get(f"/api/orders/{order}")).status_code == 200
        never_ordered = await listing(maya, title="Linen shirt")
        assert await _owner_actions(maya, never_ordered) == {
            "canEdit": True, "canDelete": True, "reason": None}
        assert (await maya.delete(f"/api/products/{never_ordered}")).status_code == 204


async def test_every_item_of_a_bundle_is_kept(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        maya, sofia = p["maya"], p["sofia"]
        coat = await listing(maya, title="Wool coat")
        scarf = await listing(maya, title="Silk scarf")
        placed = await sofia.post("/api/orders", json={"productIds": [coat, scarf]})
        assert placed.status_code == 201, placed.text
        assert (await sofia.put(f"/api/orders/{placed.json()['id']}/status",
                                json={"status": "cancelled"})).status_code == 200
        await _refused_delete(maya, scarf)
        order = await sofia.get(f"/api/orders/{placed.json()['id']}")
        assert [item["id"] for item in order.json()["items"]] == [coat, scarf]


async def test_a_listing_in_an_order_cannot_be_edited(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        coat, order = await _ordered(maya, sofia)
        for change in ({"title": "Wool coat, heavily worn, holes"},
                       {"description": "Moth holes on both sleeves, sold as seen."},
                       {"price": "100.00"}):
            edit = await maya.put(f"/api/products/{coat}", json=change)
            assert edit.status_code == 409, edit.text
            assert edit.json()["message"] == RESERVED_LOCKED
        assert (await boss.post(f"/api/orders/{order}/confirm-payment")).status_code == 200
        sold = await maya.put(f"/api/products/{coat}", json={"title": "Something else"})
        assert sold.status_code == 409 and sold.json()["message"] == SOLD_LOCKED
        seen = (await sofia.get(f"/api/orders/{order}")).json()
        assert seen["product"]["title"] == seen["items"][0]["title"] == "Wool coat, like new"
        stranger = await sofia.put(f"/api/products/{coat}", json={"title": "Mine now"})
        assert stranger.status_code == 403, stranger.text



async def _until_a_statement_waits_for_a_lock(engine: AsyncEngine) -> None:
    """PostgreSQL: until a session of this database waits for a lock (the edit, on the
    listing's row)."""
    deadline = time.monotonic() + 15
    async with engine.connect() as watcher:
        while time.monotonic() < deadline:
            if await watcher.scalar(text(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND wait_event_type = 'Lock'")):
                return
            await asyncio.sleep(0.01)
    raise AssertionError("the edit never waited for the order's lock")


async def test_an_edit_racing_the_order_that_reserves_the_listing_changes_nothing(
        app: Litestar, db: str) -> None:
    """The edit read the listing available; an order reserved it before the edit wrote.
    Here the order's reservation is a transaction held open until the edit waits on its
    row, then committed. The edit is refused as any edit of a reserved listing, and the
    listing stays as its buyer ordered it."""
    async with people(app, "maya") as p:
        maya = p["maya"]
        coat = await listing(maya, title="Wool coat, like new")
        engine = create_async_engine(db)
        try:
            async with engine.connect() as order:
                await order.execute(text(
                    "UPDATE products SET status = 'reserved' WHERE id = :id"), {"id": coat})
                edit = asyncio.ensure_future(maya.put(
                    f"/api/products/{coat}", json={"title": "Wool coat, heavily worn"}))
                if db.startswith("postgresql"):
                    await _until_a_statement_waits_for_a_lock(engine)
                await order.commit()
            answer = await edit
        finally:
            await engine.dispose()
        assert answer.status_code == 409, answer.text
        assert answer.json()["message"] == RESERVED_LOCKED
        seen = (await maya.get(f"/api/products/{coat}")).json()
        assert (seen["title"], seen["status"]) == ("Wool coat, like new", "reserved")
