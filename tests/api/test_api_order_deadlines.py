"""What an order waits for (``deadline``) and what its seller receives (``payout``), on
every configured database (docs/orders.md, "Deadlines" and "The seller's payout")."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from litestar import Litestar

from tests.fakes import FixedClock
from tests.support import ApiClient, people
from tests.support.offers import listing

pytestmark = pytest.mark.api

FRIDAY = 4  # datetime.weekday()


def at(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


async def seen(client: ApiClient, oid: int) -> dict[str, Any]:
    answer = await client.get(f"/api/orders/{oid}")
    assert answer.status_code == 200, answer.text
    return answer.json()


async def move(client: ApiClient, oid: int, status: str, **extra: str) -> None:
    answer = await client.put(f"/api/orders/{oid}/status", json={"status": status, **extra})
    assert answer.status_code == 200, answer.text


async def test_each_step_shows_its_deadline_to_buyer_seller_and_administrators(
        app: Litestar, clock: FixedClock) -> None:
    # Paid on a Friday: three business days later is the Wednesday after.
    clock.advance(days=(FRIDAY - clock.current.weekday()) % 7)
    placed_at = clock.current
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        coat = await listing(maya, price="80.00", title="Wool coat")
        placed = await sofia.post("/api/orders", json={"productId": coat})
        assert placed.status_code == 201, placed.text
        oid = int(placed.json()["id"])
        for who in (maya, sofia, boss):
            deadline = (await seen(who, oid))["deadline"]
            assert (deadline["kind"], deadline["label"], deadline["automatic"]) == (
                "pay", "Payment due", True)
            assert at(deadline["at"]) == placed_at + timedelta(hours=72)

        await move(maya, oid, "confirmed")  # the seller's confirmation keeps the deadline
        assert at((await seen(sofia, oid))["deadline"]["at"]) == placed_at + timedelta(hours=72)

        clock.advance(hours=2)
        paid_at = clock.current
        assert (await boss.post(f"/api/orders/{oid}/confirm-payment")).status_code == 200
        for who in (maya, sofia, boss):
            deadline = (await seen(who, oid))["deadline"]
            assert (deadline["kind"], deadline["automatic"]) == ("ship", False)
            assert at(deadline["at"]) == paid_at + timedelta(days=5)  # Friday -> Wednesday
            assert at(deadline["at"]).weekday() == 2

        clock.advance(days=1)
        await move(maya, oid, "shipped", trackingNumber="1Z999AA10123456784")
        assert (await seen(sofia, oid))["deadline"] is None  # waits for the seller's delivery

        clock.advance(days=2)
        delivered_at = clock.current
        await move(maya, oid, "delivered")
        for who in (maya, sofia, boss):
            order = await seen(who, oid)
            assert (order["deadline"]["kind"], order["deadline"]["automatic"]) == (
                "complete", True)
            assert at(order["deadline"]["at"]) == delivered_at + timedelta(days=3)
            assert at(order["deadline"]["at"]) == at(order["protectionEndsAt"])

        await move(sofia, oid, "completed")
        assert (await seen(maya, oid))["deadline"] is None


async def test_only_the_seller_sees_the_payout_by_the_listing_forms_rule(
        app: Litestar) -> None:
    """$80.00 less 5% platform, 1.9% processing and $0.10: $74.38, the number the listing
    form promised; in the seller's order and list, never in the buyer's or an
    administrator's; none once the order is cancelled."""
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        coat = await listing(maya, price="80.00", title="Wool coat")
        oid = int((await sofia.post("/api/orders", json={"productId": coat})).json()["id"])
        assert (await seen(maya, oid))["payout"] == "74.38"
        assert (await seen(sofia, oid))["payout"] is None
        assert (await seen(boss, oid))["payout"] is None
        sales = (await maya.get("/api/orders", params={"as_seller": "true"})).json()["items"]
        assert [(o["id"], o["payout"]) for o in sales] == [(oid, "74.38")]
        bought = (await sofia.get("/api/orders")).json()["items"]
        assert [(o["id"], o["payout"]) for o in bought] == [(oid, None)]
        desk = (await boss.get("/api/admin/orders")).json()["items"]
        assert [(o["id"], o["payout"]) for o in desk] == [(oid, None)]

        await move(sofia, oid, "cancelled")
        cancelled = await seen(maya, oid)
        assert (cancelled["payout"], cancelled["deadline"]) == (None, None)
