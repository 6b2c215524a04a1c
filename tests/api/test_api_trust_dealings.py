"""What a block or a suspension does to the offers and reservations already in motion
(issue 37; docs/offers.md, docs/trust.md), over HTTP on every configured database: the
dealings between the two end, nothing new can be agreed, and the items come back to the shop."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar

from tests.support import ApiClient, people
from tests.support.mail import browser
from tests.support.offers import listing, offer

pytestmark = pytest.mark.api
BLOCKED = "You can't interact with this member"


async def _id(client: ApiClient) -> int:
    return int((await client.get("/api/user")).json()["id"])


async def _offer(client: ApiClient, offer_id: int) -> dict[str, Any]:
    response = await client.get(f"/api/offers/{offer_id}")
    assert response.status_code == 200, response.text
    return dict(response.json())


async def _status(client: ApiClient, product_id: int) -> str:
    return str((await client.get(f"/api/products/{product_id}")).json()["status"])


async def test_a_block_closes_the_offers_between_the_two_and_nothing_more_is_agreed(
        app: Litestar) -> None:
    """A countered offer, a pending one the other way, and an accepted one holding an item:
    the block closes them all (``member_blocked``), frees the item, and accepting, countering
    or taking a counter is refused with the block's sentence. Offers with others stay."""
    async with people(app, "maya", "sofia", "lena") as p:
        maya, sofia, lena = p["maya"], p["sofia"], p["lena"]
        coat = await listing(maya, title="Wool coat")
        scarf = await listing(maya, title="Silk scarf")
        bag = await listing(sofia, title="Leather bag")
        countered = await offer(sofia, coat, "60.00")
        assert (await maya.put(f"/api/offers/{countered['id']}/respond",
                               json={"status": "countered", "counterPrice": "90.00"})
                ).status_code == 200
        held = await offer(sofia, scarf, "70.00")
        assert (await maya.put(f"/api/offers/{held['id']}/respond",
                               json={"status": "accepted"})).status_code == 200
        assert await _status(lena, scarf) == "reserved"
        other_way = await offer(maya, bag, "60.00")
        lenas = await offer(lena, coat, "65.00")

        blocked = await maya.post("/api/blocks", json={"userId": await _id(sofia)})
        assert blocked.status_code == 201, blocked.text

        for made in (countered, held, other_way):
            seen = await _offer(maya, made["id"])
            assert (seen["status"], seen["declineReason"]) == ("rejected", "member_blocked")
        assert (await _offer(lena, lenas["id"]))["status"] == "pending"
        taken = await sofia.post(f"/api/offers/{countered['id']}/accept-counter")
        assert (taken.status_code, taken.json()["message"]) == (403, BLOCKED)
        for answer in ({"status": "accepted"}, {"status": "countered", "counterPrice": "70"}):
            answered = await sofia.put(f"/api/offers/{other_way['id']}/respond", json=answer)
            assert (answered.status_code, answered.json()["message"]) == (403, BLOCKED)
        # The reserved scarf is back in the shop: anyone else can buy it at once.
        assert await _status(lena, scarf) == "available"
        bought = await lena.post("/api/orders", json={"productId": scarf})
        assert bought.status_code == 201, bought.text
        refused = await sofia.post("/api/orders", json={"productId": scarf,
                                                        "offerId": held["id"]})
        assert refused.status_code in (403, 409)


async def test_a_suspended_seller_keeps_no_reservation_and_gets_it_back_when_lifted(
        app: Litestar) -> None:
    async with people(app, "maya", "sofia", "boss") as p:
        maya, sofia, boss = p["maya"], p["sofia"], p["boss"]
        coat = await listing(maya, title="Wool coat")
        made = await offer(sofia, coat)
        assert (await maya.put(f"/api/offers/{made['id']}/respond",
                               json={"status": "accepted"})).status_code == 200
        maya_id = await _id(maya)
        suspended = await boss.post(f"/api/admin/users/{maya_id}/suspend",
                                    json={"reason": "Fraud reports"})
        assert suspended.status_code == 200, suspended.text
        seen = await _offer(sofia, made["id"])
        assert (seen["status"], seen["declineReason"]) == ("rejected", "member_suspended")
        placed = await sofia.post("/api/orders", json={"productId": coat,
                                                       "offerId": made["id"]})
        assert placed.status_code in (404, 409), placed.text
        assert (await sofia.get(f"/api/products/{coat}")).status_code == 404
        assert (await boss.post(f"/api/admin/users/{maya_id}/unsuspend")).status_code == 200
        assert await _status(sofia, coat) == "available"


async def test_a_suspended_buyers_offers_close_and_their_reservations_end(
        app: Litestar) -> None:
    async with people(app, "maya", "sofia", "lena", "boss") as p:
        maya, sofia, lena, boss = p["maya"], p["sofia"], p["lena"], p["boss"]
        coat = await listing(maya, title="Wool coat")
        scarf = await listing(maya, title="Silk scarf")
        pending = await offer(sofia, coat)
        held = await offer(sofia, scarf)
        assert (await maya.put(f"/api/offers/{held['id']}/respond",
                               json={"status": "accepted"})).status_code == 200
        suspended = await boss.post(f"/api/admin/users/{await _id(sofia)}/suspend",
                                    json={"reason": "Spam", "days": 3})
        assert suspended.status_code == 200, suspended.text
        for made in (pending, held):
            seen = await _offer(maya, made["id"])
            assert (seen["status"], seen["declineReason"]) == ("rejected", "member_suspended")
        accepted = await maya.put(f"/api/offers/{pending['id']}/respond",
                                  json={"status": "accepted"})
        assert accepted.status_code == 409
        assert await _status(lena, coat) == "available"
        assert await _status(lena, scarf) == "available"
        assert (await lena.post("/api/orders", json={"productId": scarf})).status_code == 201


async def test_a_profile_tells_only_the_blocker_that_they_blocked_this_member(
        app: Litestar) -> None:
    """``blockedByYou`` on ``GET /api/users/{id}``: true for the one who blocked, false for
    the blocked one (who is not told) and for anyone else, absent from a visitor's public
    (cacheable) answer."""
    async with people(app, "maya", "sofia", "theo") as p, browser(app) as visitor:
        maya, sofia, theo = p["maya"], p["sofia"], p["theo"]
        maya_id, sofia_id = await _id(maya), await _id(sofia)
        assert (await maya.get(f"/api/users/{sofia_id}")).json()["blockedByYou"] is False
        assert (await maya.post("/api/blocks", json={"userId": sofia_id})).status_code == 201
        assert (await maya.get(f"/api/users/{sofia_id}")).json()["blockedByYou"] is True
        assert (await sofia.get(f"/api/users/{maya_id}")).json()["blockedByYou"] is False
        assert (await theo.get(f"/api/users/{sofia_id}")).json()["blockedByYou"] is False
        seen = await visitor.get(f"/api/users/{sofia_id}")
        assert seen.headers["cache-control"].startswith("public")
        assert "blockedByYou" not in seen.json()
        assert (await maya.delete(f"/api/blocks/{sofia_id}")).status_code in (200, 204)
        assert (await maya.get(f"/api/users/{sofia_id}")).json()["blockedByYou"] is False


async def test_a_block_keeps_the_item_out_of_the_bag_and_the_review_step_as_the_order_does(
        app: Litestar) -> None:
    """The bag, the checkout's quote and the order ask one check (``application/buying.py``):
    after a block, the item goes into no bag, gets no total and no order between the two."""
    async with people(app, "maya", "sofia") as p:
        maya, sofia = p["maya"], p["sofia"]
        coat = await listing(maya, title="Wool coat")
        assert (await sofia.post("/api/blocks", json={"userId": await _id(maya)})
                ).status_code == 201
        bagged = await sofia.post("/api/bag/items", json={"productId": coat})
        assert bagged.status_code == 403, bagged.text
        assert bagged.json()["message"] == BLOCKED
        quoted = await sofia.get(f"/api/orders/quote?productId={coat}")
        assert quoted.status_code == 403, quoted.text
        assert quoted.json()["message"] == BLOCKED
        ordered = await sofia.post("/api/orders", json={"productId": coat})
        assert ordered.status_code == 403, ordered.text
