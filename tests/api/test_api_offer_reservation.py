"""Issue 36 item 4 over HTTP on every configured database: an accepted offer reserves the
item for its buyer for 24 hours; the races with another buyer's checkout; the lapse.

The container's clock is a :class:`FixedClock` the tests move (the order timers' sweep
reads it), so the 24 hours pass without waiting.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from litestar import Litestar

from entrypoints.container import Container
from entrypoints.http.app import create_app
from entrypoints.settings import Settings
from tests.fakes import FixedClock
from tests.support import people
from tests.support.offers import listing, offer

pytestmark = pytest.mark.api




@pytest.fixture
async def timed_app(settings: Settings, container: Container, clock: FixedClock
                    ) -> AsyncIterator[Litestar]:
    yield create_app(settings, container)


async def visible_in_search(client, product_id: int) -> bool:
    found = (await client.get("/api/products?q=coat&limit=50")).json()["items"]
    return product_id in [item["id"] for item in found]


async def test_accepting_reserves_the_item_until_the_buyer_pays_or_it_lapses(
        timed_app: Litestar, container: Container, clock: FixedClock) -> None:
    async with people(timed_app, "maya", "sofia", "lena") as p:
        coat = await listing(p["maya"], title="Wool coat")
        made = await offer(p["sofia"], coat, "60.00")
        assert await visible_in_search(p["lena"], coat)
        accepted = await p["maya"].put(f"/api/offers/{made['id']}/respond",
                                       json={"status": "accepted"})
        assert accepted.status_code == 200, accepted.text
        body = accepted.json()
        assert body["reservedUntil"] is not None and body["product"]["status"] == "reserved"
        # Others cannot buy or offer, and are told why in a sentence.
        bought = await p["lena"].post("/api/orders", json={"productId": coat})
        assert bought.status_code == 409
        assert bought.json()["message"].startswith("This item is reserved for another buyer")
        offered = await p["lena"].post("/api/offers", json={"productId": coat,
                                                            "offerPrice": "70"})
        assert offered.status_code == 409
        assert offered.json()["message"] == "This item is reserved for another buyer."
        page = (await p["lena"].get(f"/api/products/{coat}")).json()
        assert page["status"] == "reserved"
        assert not await visible_in_search(p["lena"], coat)
        # The lapse: expired, both told, back in the shop and in search.
        clock.advance(hours=24)
        result = await container.order_timers().sweep()
        assert result.offers_expired == [made["id"]]
        mine = (await p["sofia"].get(f"/api/offers/{made['id']}")).json()
        assert (mine["status"], mine["reservedUntil"]) == ("expired", None)
        for name in ("sofia", "maya"):
            kinds = [n["kind"] for n in (await p[name].get("/api/notifications")).json()[
                "items"]]
            assert "offer_expired" in kinds, (name, kinds)
        assert (await p["lena"].get(f"/api/products/{coat}")).json()["status"] == "available"
        assert await visible_in_search(p["lena"], coat)
        late = await p["sofia"].post("/api/orders", json={"productId": coat,
                                                          "offerId": made["id"]})
        assert late.status_code == 409
        assert (await p["lena"].post("/api/orders", json={"productId": coat})).status_code == 201


async def test_paying_within_the_window_makes_the_order(
        timed_app: Litestar, container: Container, clock: FixedClock) -> None:
    async with people(timed_app, "maya", "sofia") as p:
        coat = await listing(p["maya"], title="Wool coat")
        made = await offer(p["sofia"], coat, "60.00")
        await p["maya"].put(f"/api/offers/{made['id']}/respond", json={"status": "accepted"})
        clock.advance(hours=23, minutes=59)
        placed = await p["sofia"].post("/api/orders", json={"productId": coat,
                                                            "offerId": made["id"]})
        assert placed.status_code == 201, placed.text
        assert placed.json()["price"] == "60.00"
        clock.advance(hours=2)
        assert (await container.order_timers().sweep()).offers_expired == []
        assert (await p["sofia"].get(f"/api/offers/{made['id']}")).json()["status"] == (
            "accepted")


async def test_accepting_races_another_buyers_checkout(app: Litestar) -> None:
    """The seller accepts Sofia's offer while Lena checks out: exactly one wins; never
    both (an order for Lena and a reservation for Sofia)."""
    for round_ in range(3):
        names = [f"{name}{round_}" for name in ("maya", "sofia", "lena")]
        async with people(app, *names) as clients:
            p = dict(zip(("maya", "sofia", "lena"), (clients[n] for n in names), strict=True))
            coat = await listing(p["maya"])
            made = await offer(p["sofia"], coat, "60.00")
            accept, checkout = await asyncio.gather(
                p["maya"].put(f"/api/offers/{made['id']}/respond",
                              json={"status": "accepted"}),
                p["lena"].post("/api/orders", json={"productId": coat}))
            codes = sorted([accept.status_code, checkout.status_code])
            assert codes in ([200, 409], [201, 409]), [accept.text, checkout.text]
            status = (await p["sofia"].get(f"/api/offers/{made['id']}")).json()["status"]
            assert (status == "accepted") == (accept.status_code == 200)
            if checkout.status_code == 201:
                assert status == "rejected"  # declined: the item was sold
            else:
                assert checkout.json()["message"].startswith(
                    "This item is reserved for another buyer")


async def test_the_reserved_buyer_and_another_buyer_check_out_at_once(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "lena") as p:
        coat = await listing(p["maya"])
        made = await offer(p["sofia"], coat, "60.00")
        await p["maya"].put(f"/api/offers/{made['id']}/respond", json={"status": "accepted"})
        mine, theirs = await asyncio.gather(
            p["sofia"].post("/api/orders", json={"productId": coat, "offerId": made["id"]}),
            p["lena"].post("/api/orders", json={"productId": coat}))
        assert (mine.status_code, theirs.status_code) == (201, 409), [mine.text, theirs.text]
        again = await p["sofia"].post("/api/orders", json={"productId": coat,
                                                           "offerId": made["id"]})
        assert again.status_code == 409


async def test_a_cancelled_order_ends_its_offer_so_the_listing_takes_offers_again(
        timed_app: Litestar, container: Container, clock: FixedClock) -> None:
    """Issue 36: the order placed with an accepted offer is cancelled (by the buyer here,
    by the unpaid-order timer below): the offer becomes ``cancelled``, so another buyer's
    offer on the listing, back in the shop, can be made and accepted."""
    async with people(timed_app, "maya", "sofia", "lena") as p:
        coat = await listing(p["maya"], title="Wool coat")
        made = await offer(p["sofia"], coat, "60.00")
        await p["maya"].put(f"/api/offers/{made['id']}/respond", json={"status": "accepted"})
        placed = await p["sofia"].post("/api/orders", json={"productId": coat,
                                                            "offerId": made["id"]})
        assert placed.status_code == 201, placed.text
        cancelled = await p["sofia"].put(f"/api/orders/{placed.json()['id']}/status",
                                         json={"status": "cancelled"})
        assert cancelled.status_code == 200, cancelled.text
        mine = (await p["sofia"].get(f"/api/offers/{made['id']}")).json()
        assert (mine["status"], mine["orderId"], mine["reservedUntil"]) == (
            "cancelled", None, None)
        assert (await p["lena"].get(f"/api/products/{coat}")).json()["status"] == "available"
        theirs = await offer(p["lena"], coat, "70.00")
        accepted = await p["maya"].put(f"/api/offers/{theirs['id']}/respond",
                                       json={"status": "accepted"})
        assert accepted.status_code == 200, accepted.text
        # The settled offer cannot pay any more.
        late = await p["sofia"].post("/api/orders", json={"productId": coat,
                                                          "offerId": made["id"]})
        assert late.status_code == 409

        # The unpaid-order timer cancels Lena's order: the same rule.
        placed = await p["lena"].post("/api/orders", json={"productId": coat,
                                                           "offerId": theirs["id"]})
        assert placed.status_code == 201, placed.text
        clock.advance(hours=73)
        await container.order_timers().sweep()
        order = (await p["lena"].get(f"/api/orders/{placed.json()['id']}")).json()
        assert order["status"] == "cancelled"
        assert (await p["lena"].get(f"/api/offers/{theirs['id']}")).json()["status"] == (
            "cancelled")
        again = await offer(p["sofia"], coat, "65.00")
        assert (await p["maya"].put(f"/api/offers/{again['id']}/respond",
                                    json={"status": "accepted"})).status_code == 200


async def test_buyer_and_seller_cancel_an_offer_order_at_once(app: Litestar) -> None:
    """Both sides cancel the same offer order at the same moment: one cancels, the other is
    told it is already cancelled, and the offer is settled once (no 5xx, no stuck offer)."""
    async with people(app, "maya", "sofia", "lena") as p:
        coat = await listing(p["maya"])
        made = await offer(p["sofia"], coat, "60.00")
        await p["maya"].put(f"/api/offers/{made['id']}/respond", json={"status": "accepted"})
        placed = await p["sofia"].post("/api/orders", json={"productId": coat,
                                                            "offerId": made["id"]})
        order_id = placed.json()["id"]
        a, b = await asyncio.gather(
            p["sofia"].put(f"/api/orders/{order_id}/status", json={"status": "cancelled"}),
            p["maya"].put(f"/api/orders/{order_id}/status", json={"status": "cancelled"}))
        assert sorted([a.status_code, b.status_code]) == [200, 409], [a.text, b.text]
        assert (await p["sofia"].get(f"/api/offers/{made['id']}")).json()["status"] == (
            "cancelled")
        theirs = await offer(p["lena"], coat, "70.00")
        assert (await p["maya"].put(f"/api/offers/{theirs['id']}/respond",
                                    json={"status": "accepted"})).status_code == 200
