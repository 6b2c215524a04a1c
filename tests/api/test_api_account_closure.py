"""Closing an account (``DELETE /api/user``, issue 41) on every configured database: the
password (and code) confirm it; an order in motion holds it open; then listings leave the
shop, open offers close, name and email are erased, every session ends, and orders stay
for the other party as "Deleted member"."""

from __future__ import annotations

import asyncio

import pyotp
import pytest
from httpx import Response
from litestar import Litestar

from tests.support import ApiClient, people
from tests.support.offers import listing, offer

pytestmark = [pytest.mark.api, pytest.mark.rate_limit_scale(20)]


async def close(client: ApiClient, password: str = "secret123", **extra: str) -> Response:
    return await client.delete("/api/user", json={"password": password, **extra})


async def test_closing_takes_the_shop_down_and_erases_the_member(app: Litestar) -> None:
    async with people(app, "sam", "maya") as who:
        sam, maya = who["sam"], who["maya"]
        sam_id = (await sam.get("/api/user")).json()["id"]
        kept = await listing(sam, title="Linen shirt")
        waiting = await offer(maya, kept)
        sold = await listing(sam, title="Wool coat")
        placed = await maya.post("/api/orders", json={"productId": sold})
        assert placed.status_code == 201, placed.text
        order_id = placed.json()["id"]

        refused = await close(sam)
        assert refused.status_code == 409, refused.text  # the order is still in motion
        assert "not finished" in refused.json()["message"]
        assert (await maya.put(f"/api/orders/{order_id}/status",
                               json={"status": "cancelled"})).status_code == 200

        wrong = await close(sam, "not-my-password")
        assert wrong.status_code == 400
        assert (await sam.get("/api/user")).status_code == 200

        closed = await close(sam)
        assert closed.status_code == 200, closed.text
        assert (await sam.get("/api/user")).status_code == 401
        assert (await sam.login("sam")).status_code == 401
        assert (await sam.login("sam@example.com")).status_code == 401

        assert (await maya.get(f"/api/products/{kept}")).status_code == 404  # left the shop
        answered = (await maya.get(f"/api/offers/{waiting['id']}")).json()
        assert answered["status"] == "rejected"
        assert answered["declineReason"] == "account_closed"
        profile = (await maya.get(f"/api/users/{sam_id}")).json()
        assert profile["displayName"] == "Deleted member" and profile["deleted"] is True
        assert "sam" not in profile["username"]
        order = (await maya.get(f"/api/orders/{order_id}"))
        assert order.status_code == 200  # the buyer keeps the record

    async with people(app, "sam") as again:  # the email and the name are free again
        assert (await again["sam"].get("/api/user")).json()["username"] == "sam"


async def test_a_closed_account_is_messaged_and_followed_by_nobody(app: Litestar) -> None:
    """A "Deleted member" answers a new message or follow as an unknown member does (404);
    the conversation already there stays readable."""
    async with people(app, "sam", "maya") as who:
        sam, maya = who["sam"], who["maya"]
        sam_id, maya_id = [(await c.get("/api/user")).json()["id"] for c in (sam, maya)]
        assert (await maya.post("/api/messages", json={"receiverId": sam_id,
                                                       "content": "Hello"})).status_code == 201
        assert (await close(sam)).status_code == 200
        sent = await maya.post("/api/messages", json={"receiverId": sam_id, "content": "Hi?"})
        assert (sent.status_code, sent.json()["message"]) == (404, "User not found")
        followed = await maya.post("/api/follows", json={"followerId": maya_id,
                                                         "followingId": sam_id})
        assert (followed.status_code, followed.json()["message"]) == (404, "User not found")
        thread = await maya.get(f"/api/messages/{maya_id}/{sam_id}")
        assert thread.status_code == 200 and len(thread.json()["items"]) == 1


async def test_with_two_factor_on_closing_needs_a_code(client: ApiClient) -> None:
    await client.register("maya")
    setup = (await client.post("/api/user/2fa/setup")).json()
    totp = pyotp.TOTP(setup["secret"])
    codes = (await client.post("/api/user/2fa/enable",
                               json={"password": "secret123", "code": totp.now()})).json()
    asked = await close(client)
    assert asked.status_code == 400 and "code" in asked.json()["errors"]
    assert (await close(client, code=codes["recoveryCodes"][0])).status_code == 200
    assert (await client.get("/api/user")).status_code == 401


async def test_visitors_cannot_close_anything(client: ApiClient) -> None:
    assert (await close(client)).status_code == 401


async def test_closing_while_someone_buys_never_leaves_an_order_without_a_seller(
        app: Litestar) -> None:
    """The seller closes the account as a buyer places an order on one of the listings:
    either the order wins (and the account stays open, 409) or the closing wins (and the
    listing is gone from the shop, so the order is refused)."""
    async with people(app, "sam", "maya") as who:
        sam, maya = who["sam"], who["maya"]
        product = await listing(sam, title="Wool coat")
        closed, ordered = await asyncio.gather(
            close(sam), maya.post("/api/orders", json={"productId": product}))
        assert {closed.status_code, ordered.status_code} != {200, 201}, (closed.text,
                                                                     ordered.text)
        if ordered.status_code == 201:
            assert closed.status_code == 409
            assert (await sam.get("/api/user")).status_code == 200
        else:
            assert closed.status_code == 200
            assert ordered.status_code in (404, 409), ordered.text


async def test_a_closing_seller_ends_the_reservation_of_an_accepted_offer(
        app: Litestar) -> None:
    """The item an accepted offer reserved leaves the shop with the seller: the offer is
    declined (account_closed) and checkout with it is refused, so no order ever has a
    "Deleted member" as its seller."""
    async with people(app, "maya", "sofia") as who:
        maya, sofia = who["maya"], who["sofia"]
        coat = await listing(maya, title="Wool coat")
        made = await offer(sofia, coat)
        assert (await maya.put(f"/api/offers/{made['id']}/respond",
                               json={"status": "accepted"})).status_code == 200
        assert (await close(maya)).status_code == 200
        ended = (await sofia.get(f"/api/offers/{made['id']}")).json()
        assert (ended["status"], ended["declineReason"]) == ("rejected", "account_closed")
        assert ended["reservedUntil"] is None
        assert (await sofia.get(f"/api/products/{coat}")).status_code == 404  # hidden
        placed = await sofia.post("/api/orders", json={"productId": coat,
                                                       "offerId": made["id"]})
        assert placed.status_code == 409, placed.text
        assert (await sofia.get("/api/orders")).json()["items"] == []
        notices = (await sofia.get("/api/notifications")).json()
        assert any("closed their account" in str(n) for n in notices.get("items", notices))


async def test_a_closing_buyer_gives_the_reserved_item_back_to_the_shop(
        app: Litestar) -> None:
    async with people(app, "maya", "sofia", "lee") as who:
        maya, sofia, lee = who["maya"], who["sofia"], who["lee"]
        coat = await listing(maya, title="Wool coat")
        made = await offer(sofia, coat)
        assert (await maya.put(f"/api/offers/{made['id']}/respond",
                               json={"status": "accepted"})).status_code == 200
        assert (await lee.get(f"/api/products/{coat}")).json()["status"] == "reserved"
        assert (await close(sofia)).status_code == 200
        seen = (await maya.get(f"/api/offers/{made['id']}")).json()
        assert (seen["status"], seen["declineReason"]) == ("rejected", "account_closed")
        assert (await lee.get(f"/api/products/{coat}")).json()["status"] == "available"
        bought = await lee.post("/api/orders", json={"productId": coat})
        assert bought.status_code == 201, bought.text


async def test_closing_while_the_offer_buyer_checks_out_never_orders_from_a_closed_seller(
        app: Litestar) -> None:
    """The seller closes the account as the buyer pays with the accepted offer: both take
    the listing's lock and read the offer again, so either the order wins (409, the account
    stays open) or the closing wins (the offer is declined, checkout refused)."""
    async with people(app, "maya", "sofia") as who:
        maya, sofia = who["maya"], who["sofia"]
        coat = await listing(maya, title="Wool coat")
        made = await offer(sofia, coat)
        assert (await maya.put(f"/api/offers/{made['id']}/respond",
                               json={"status": "accepted"})).status_code == 200
        closed, ordered = await asyncio.gather(
            close(maya), sofia.post("/api/orders", json={"productId": coat,
                                                         "offerId": made["id"]}))
        assert {closed.status_code, ordered.status_code} != {200, 201}, (closed.text,
                                                                     ordered.text)
        if ordered.status_code == 201:
            assert closed.status_code == 409
            assert (await maya.get("/api/user")).status_code == 200
        else:
            assert closed.status_code == 200
            assert ordered.status_code in (404, 409), ordered.text
