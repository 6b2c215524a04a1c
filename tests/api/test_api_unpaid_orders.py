"""Unpaid orders (pending, or confirmed by the seller) and who confirms payment, on every
configured database (docs/orders.md, "Unpaid orders" and "Who may do what")."""

from __future__ import annotations

import pytest
from litestar import Litestar

from domain.orders import OWN_PAYMENT
from entrypoints.container import Container
from tests.fakes import FixedClock
from tests.support import ApiClient, people
from tests.support.offers import listing

pytestmark = pytest.mark.api


async def _confirmed(seller: ApiClient, buyer: ApiClient) -> tuple[int, int]:
    """``buyer`` orders ``seller``'s coat and the seller confirms it (nobody has paid)."""
    coat = await listing(seller, title="Wool coat")
    placed = await buyer.post("/api/orders", json={"productId": coat})
    assert placed.status_code == 201, placed.text
    oid = int(placed.json()["id"])
    ok = await seller.put(f"/api/orders/{oid}/status", json={"status": "confirmed"})
    assert ok.status_code == 200, ok.text
    return coat, oid


async def test_a_confirmed_unpaid_order_keeps_the_listing_reserved(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "lee") as p:
        maya, sofia, lee = p["maya"], p["sofia"], p["lee"]
        coat = await listing(maya, title="Wool coat")
        assert (await lee.post("/api/favorites", json={"productId": coat})).status_code == 201
        oid = (await sofia.post("/api/orders", json={"productId": coat})).json()["id"]
        assert (await maya.put(f"/api/orders/{oid}/status",
                               json={"status": "confirmed"})).status_code == 200
        card = (await lee.get(f"/api/products/{coat}")).json()
        assert (card["status"], card["badge"]) == ("reserved", "reserved")
        told = [n["kind"] for n in (await lee.get("/api/notifications")).json()["items"]]
        assert "item_sold" not in told
        order = (await sofia.get(f"/api/orders/{oid}")).json()
        assert "cancelled" in order["allowedTransitions"]


@pytest.mark.parametrize("who", ["sofia", "maya", "boss"])
async def test_buyer_seller_or_admin_cancels_a_confirmed_unpaid_order(
        app: Litestar, who: str) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        coat, oid = await _confirmed(p["maya"], p["sofia"])
        cancel = await p[who].put(f"/api/orders/{oid}/status", json={"status": "cancelled"})
        assert cancel.status_code == 200, cancel.text
        assert cancel.json()["status"] == "cancelled"
        assert (await p["sofia"].get(f"/api/products/{coat}")).json()["status"] == "available"
        closing = await p["sofia"].delete("/api/user", json={"password": "secret123"})
        assert closing.status_code in (200, 204), closing.text


async def test_the_timer_cancels_a_confirmed_order_72_hours_after_it_was_placed(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    async with people(app, "maya", "sofia") as p:
        coat, oid = await _confirmed(p["maya"], p["sofia"])
        clock.advance(hours=71)
        assert (await container.order_timers().sweep()).cancelled == []
        clock.advance(hours=1)
        assert (await container.order_timers().sweep()).cancelled == [oid]
        after = (await p["sofia"].get(f"/api/orders/{oid}")).json()
        assert (after["status"], after["allowedTransitions"]) == ("cancelled", [])
        assert (await p["sofia"].get(f"/api/products/{coat}")).json()["status"] == "available"


async def test_an_administrator_never_confirms_payment_of_their_own_order(
        app: Litestar, container: Container) -> None:
    """Neither as the buyer nor as the seller (403, as for resolving one's own dispute);
    another administrator does."""
    async with people(app, "maya", "boss", "root") as p:
        maya, boss, root = p["maya"], p["boss"], p["root"]
        await container.accounts().set_admin("root", True)
        bought = await listing(maya, title="Wool coat")
        placed = await boss.post("/api/orders", json={"productId": bought})
        assert placed.status_code == 201, placed.text
        oid = placed.json()["id"]
        assert "payment_confirmed" not in placed.json()["allowedTransitions"]
        refused = await boss.post(f"/api/orders/{oid}/confirm-payment")
        assert refused.status_code == 403, refused.text
        assert refused.json()["message"] == OWN_PAYMENT
        status = await boss.put(f"/api/orders/{oid}/status",
                                json={"status": "payment_confirmed"})
        assert status.status_code == 403 and status.json()["message"] == OWN_PAYMENT
        sold = await listing(boss, title="Silk scarf")
        theirs = await maya.post("/api/orders", json={"productId": sold})
        assert theirs.status_code == 201, theirs.text
        refused = await boss.post(f"/api/orders/{theirs.json()['id']}/confirm-payment")
        assert refused.status_code == 403 and refused.json()["message"] == OWN_PAYMENT
        assert (await boss.get(f"/api/orders/{oid}")).json()["status"] == "pending"
        for order in (oid, theirs.json()["id"]):
            paid = await root.post(f"/api/orders/{order}/confirm-payment")
            assert paid.status_code == 200, paid.text
            assert paid.json()["status"] == "payment_confirmed"
