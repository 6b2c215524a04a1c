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


async def test_with_two_factor_on_closing_needs_a_code(client: ApiClient) -> None:
    await client.register("maya")
    setup = (await client.post("/api/user/2fa/setup")).json()
    totp = pyotp.TOTP(setup["secret"])
    codes = (await client.post("/api/user/2fa/enable", json={"code": totp.now()})).json()
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
