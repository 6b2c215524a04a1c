"""Orders over HTTP on every configured database: the race, prices, lifecycle, addresses,
reviews (spec §2 Checkout and Orders, §7; DESIGN §3)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import httpx
import pytest
from litestar import Litestar

from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api

ADDRESS = {"fullName": "Maya Chen", "addressLine1": "12 Market Street", "city": "Boston",
           "state": "MA", "zipCode": "02110", "phoneNumber": "6175550100",
           "raw": "ignored"}


@asynccontextmanager
async def another(app: Litestar, username: str, email: str | None = None
                  ) -> AsyncIterator[ApiClient]:
    """A second browser on the same running app (and the same event loop)."""
    async with browser(app) as client:
        assert (await client.register(username, email=email)).status_code == 201
        yield client


@asynccontextmanager
async def browser(app: Litestar) -> AsyncIterator[ApiClient]:
    """A logged-out browser. Every client here runs the app in the test's own event loop:
    Litestar's AsyncTestClient runs it in a thread of its own, which asyncpg's pool (bound
    to one loop) cannot share with a second client."""
    transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver.local") as raw:
        yield ApiClient(raw)  # type: ignore[arg-type]


@pytest.fixture
async def sam(app: Litestar) -> AsyncIterator[ApiClient]:
    async with browser(app) as client:
        yield client


async def listed(client: ApiClient, price: str = "80.00") -> int:
    """``client`` registers as sam and lists a coat."""
    await client.register("sam")
    return int((await create(client, title="Wool coat", price=price))["id"])


async def test_an_accepted_offer_sets_the_price_and_declines_the_others(
        sam: ApiClient, app: Litestar) -> None:
    """Pay Now: the agreed price of this buyer's accepted offer, never another's; placing
    the order declines the other open offers on the listing."""
    product = await listed(sam, "80.00")
    async with another(app, "maya") as maya, another(app, "theo") as theo:
        mine = (await maya.post("/api/offers", json={"productId": product,
                                                     "offerPrice": "60.00"})).json()
        other = (await theo.post("/api/offers", json={"productId": product,
                                                      "offerPrice": "50.00"})).json()
        early = await maya.post("/api/orders", json={"productId": product,
                                                     "offerId": mine["id"]})
        assert early.status_code == 409, early.text  # not accepted yet
        accepted = await sam.put(f"/api/offers/{mine['id']}/respond",
                                 json={"status": "accepted"})
        assert accepted.status_code == 200, accepted.text
        stolen = await theo.post("/api/orders", json={"productId": product,
                                                      "offerId": mine["id"]})
        assert stolen.status_code == 403, stolen.text
        placed = await maya.post("/api/orders", json={
            "productId": product, "offerId": mine["id"], "price": "1.00"})
        assert placed.status_code == 201, placed.text
        assert (placed.json()["price"], placed.json()["total"]) == ("60.00", "68.00")
        theirs = (await theo.get(f"/api/offers/{other['id']}")).json()
        assert theirs["status"] == "rejected"


async def test_orders_need_login(sam: ApiClient) -> None:
    assert (await sam.get("/api/orders")).status_code == 401
    assert (await sam.post("/api/orders", json={"productId": 1})).status_code == 401
    assert (await sam.get("/api/user-addresses")).status_code == 401


async def test_the_server_owns_the_price_and_the_number(sam: ApiClient, app: Litestar
                                                        ) -> None:
    product = await listed(sam, "80.00")
    async with another(app, "maya") as maya:
        placed = await maya.post("/api/orders", json={
            "productId": product, "price": "0.01", "orderNumber": "1-AAAAAA"})
        assert placed.status_code == 201, placed.text
        body = placed.json()
        assert (body["price"], body["serviceFee"], body["shipping"], body["total"]) == (
            "80.00", "4.00", "5.00", "89.00")
        assert body["orderNumber"] != "1-AAAAAA" and body["status"] == "pending"
        assert body["paymentReference"] == body["orderNumber"]
        assert body["seller"]["email"] == "sam@example.com"
        assert body["product"]["title"] == "Wool coat"
        # The category, so a card can say "One size" or a shoe's size (docs/catalog.md).
        category = (await maya.get(f"/api/products/{product}")).json()["category"]
        assert body["product"]["category"] == body["items"][0]["category"] == category
        assert [e["label"] for e in body["events"]] == ["Order placed"]
        again = await maya.post("/api/orders", json={"productId": product})
        assert again.status_code == 409
        assert again.json()["message"] == "This item is no longer available."
    page = (await sam.get(f"/api/products/{product}")).json()
    assert page["status"] == "reserved"
    search = (await sam.get("/api/products")).json()
    assert product not in [item["id"] for item in search["items"]]
    own = await sam.post("/api/orders", json={"productId": product})
    assert own.status_code == 403


@pytest.mark.rate_limit_scale(10)  # twenty sign-ups from one address
async def test_twenty_parallel_buyers_make_exactly_one_order(sam: ApiClient, app: Litestar) -> None:
    product = await listed(sam)
    async with AsyncExitStack() as stack:
        buyers = [await stack.enter_async_context(another(app, f"buyer{n}"))
                  for n in range(20)]
        for buyer in buyers:
            await buyer.get("/api/csrf")
        results = await asyncio.gather(*(b.post("/api/orders", json={"productId": product})
                                         for b in buyers))
    codes = sorted(r.status_code for r in results)
    assert codes == [201] + [409] * 19, [r.text for r in results if r.status_code >= 500]
    assert all(r.json()["message"] == "This item is no longer available."
               for r in results if r.status_code == 409)
    sales = (await sam.get("/api/orders?as_seller=true")).json()
    assert len(sales["items"]) == 1 and sales["nextCursor"] is None


async def test_lifecycle_addresses_and_who_sees_what(sam: ApiClient, app: Litestar
                                                    ) -> None:
    product = await listed(sam)
    async with another(app, "maya") as maya, another(app, "boss", "boss@example.com") as boss:
        order = (await maya.post("/api/orders", json={"productId": product})).json()
        oid = order["id"]
        bad = await maya.post(f"/api/orders/{oid}/shipping-address", json={"fullName": "M"})
        assert bad.status_code == 400
        assert bad.json()["errors"]["fullName"] == "Name must be at least 2 characters"
        assert bad.json()["errors"]["zipCode"] == "ZIP code is required"
        # US only (issue 36): letters in the ZIP and phone, a state off the list, abroad.
        foreign = await maya.post(f"/api/orders/{oid}/shipping-address", json={
            **ADDRESS, "zipCode": "SW1A 1AA", "phoneNumber": "020 7946 09AB",
            "state": "Ontario", "country": "Canada"})
        assert foreign.status_code == 400
        assert foreign.json()["errors"] == {
            "zipCode": "ZIP code must be 5 digits, or ZIP+4 such as 12345-6789",
            "phoneNumber": "Phone number must have 10 digits, such as (555) 123-4567",
            "state": "Choose a US state from the list",
            "country": "Rethread ships within the United States only"}
        saved = await maya.post(f"/api/orders/{oid}/shipping-address", json={
            **ADDRESS, "state": "massachusetts", "phoneNumber": "(617) 555-0100"})
        assert saved.status_code == 200, saved.text
        assert saved.json()["shippingAddress"]["country"] == "United States"
        assert saved.json()["shippingAddress"]["state"] == "MA"
        missing = await boss.post(f"/api/orders/{oid}/shipping-address", json={"city": "X"})
        assert missing.json()["message"].startswith("Missing Required Fields: Full name")
        seller_view = (await sam.get(f"/api/orders/{oid}")).json()
        assert seller_view["shippingAddress"] is None
        assert seller_view["buyer"]["email"] == "maya@example.com"
        assert seller_view["allowedTransitions"] == ["cancelled", "confirmed"]
        assert (await sam.post(f"/api/orders/{oid}/confirm-payment")).status_code == 403
        wrong = await maya.put(f"/api/orders/{oid}/status", json={"status": "shipped"})
        assert wrong.status_code == 409
        paid = await boss.post(f"/api/orders/{oid}/confirm-payment")
        assert paid.status_code == 200 and paid.json()["status"] == "payment_confirmed"
        again = await boss.post(f"/api/orders/{oid}/confirm-payment")
        assert again.status_code == 409
        seller_view = (await sam.get(f"/api/orders/{oid}")).json()
        assert "Boston, MA 02110" in seller_view["shippingAddress"]["raw"]
        no_number = await sam.put(f"/api/orders/{oid}/status", json={"status": "shipped"})
        assert no_number.status_code == 400
        assert no_number.json()["errors"]["trackingNumber"] == "Tracking number is required"
        shipped = await sam.put(f"/api/orders/{oid}/status", json={
            "status": "shipped", "trackingNumber": "1Z999",
            "trackingUrl": "https://tracking.example.com/1Z999"})
        assert shipped.json()["trackingNumber"] == "1Z999"
        assert (await maya.put(f"/api/orders/{oid}/status",
                               json={"status": "delivered"})).status_code == 403
        await sam.put(f"/api/orders/{oid}/status", json={"status": "delivered"})
        done = await maya.put(f"/api/orders/{oid}/status", json={"status": "completed"})
        assert done.json()["canReview"] is True
        assert [e["status"] for e in done.json()["events"] if e["kind"] == "status"] == [
            "payment_confirmed", "shipped", "delivered", "completed"]
        review = await maya.post(f"/api/orders/{oid}/reviews",
                                 json={"rating": 5, "comment": "Lovely"})
        assert review.status_code == 201 and review.json()["published"] is False
        assert (await maya.post(f"/api/orders/{oid}/reviews",
                                json={"rating": 5})).status_code == 409
        assert (await sam.get("/api/users/1/reviews")).json() == []
        assert (await sam.post(f"/api/orders/{oid}/reviews",
                                  json={"rating": 0})).status_code == 400
        await sam.post(f"/api/orders/{oid}/reviews", json={"rating": 4, "comment": "Quick"})
        about_sam = (await sam.get("/api/users/1/reviews")).json()
        assert [(r["rating"], r["role"], r["reviewerUsername"]) for r in about_sam] == [
            (5, "buyer", "maya")]
        profile = (await sam.get("/api/users/1")).json()
        assert (profile["rating"], profile["ratingCount"]) == (5.0, 1)
        card = (await sam.get(f"/api/products/{product}")).json()
        assert card["status"] == "sold" and card["seller"]["rating"] == 5.0
        async with another(app, "eve") as eve:
            assert (await eve.get(f"/api/orders/{oid}")).status_code == 403


async def test_buyer_cancels_and_the_listing_returns(sam: ApiClient, app: Litestar) -> None:
    product = await listed(sam)
    async with another(app, "maya") as maya:
        oid = (await maya.post("/api/orders", json={"productId": product})).json()["id"]
        cancelled = await maya.put(f"/api/orders/{oid}/status", json={"status": "cancelled"})
        assert cancelled.json()["status"] == "cancelled"
        assert (await sam.get(f"/api/products/{product}")).json()["status"] == "available"
        purchases = (await maya.get("/api/orders")).json()["items"]
        assert [o["status"] for o in purchases] == ["cancelled"]
        assert (await maya.get("/api/orders?status=bogus")).status_code == 400


async def test_saved_addresses(sam: ApiClient) -> None:
    await sam.register("maya")
    first = await sam.post("/api/user-addresses", json={**ADDRESS, "isDefault": True})
    assert first.status_code == 201 and first.json()["isDefault"] is True
    bad = await sam.post("/api/user-addresses", json={"fullName": "M"})
    assert bad.status_code == 400
    mine: list[dict[str, Any]] = (await sam.get("/api/user-addresses")).json()
    assert [a["city"] for a in mine] == ["Boston"]


async def test_a_double_submit_never_saves_more_than_twenty_addresses(sam: ApiClient) -> None:
    """18 saved, then four different ones at once (double clicks in two tabs): the saves take
    turns on the member's row, so two are kept and two are refused (409), never 22."""
    await sam.register("maya")
    for n in range(18):
        made = await sam.post("/api/user-addresses",
                              json={**ADDRESS, "addressLine1": f"{n + 1} Market Street"})
        assert made.status_code == 201, made.text
    racing = await asyncio.gather(*(
        sam.post("/api/user-addresses", json={**ADDRESS, "addressLine1": f"{n} Elm Street"})
        for n in range(1, 5)))
    assert sorted(r.status_code for r in racing) == [201, 201, 409, 409], [
        r.text for r in racing]
    assert len((await sam.get("/api/user-addresses")).json()) == 20


async def test_unknown_orders_and_bad_bodies(sam: ApiClient) -> None:
    await sam.register("maya")
    assert (await sam.get("/api/orders/999")).status_code == 404
    assert (await sam.post("/api/orders", json={"productId": 999})).status_code == 404
    assert (await sam.post("/api/orders", json={})).status_code == 400
    assert (await sam.post("/api/orders", json={"productId": "x"})).status_code == 400
    assert (await sam.put("/api/orders/999/status",
                             json={"status": "shipped"})).status_code == 404


async def test_quote_shows_the_server_total(sam: ApiClient, app: Litestar) -> None:
    product = await listed(sam, "19.99")
    async with another(app, "maya") as maya:
        quote = await maya.get(f"/api/orders/quote?productId={product}")
        assert quote.json() == {"price": "19.99", "serviceFee": "1.00", "shipping": "5.00",
                                "total": "25.99", "subtotal": "19.99", "discount": "0.00",
                                "discountPercent": 0, "itemCount": 1}
        assert (await maya.get("/api/orders/quote?productId=999")).status_code == 404
        assert (await maya.get("/api/orders/quote?productId=0")).status_code == 400
        assert (await maya.post("/api/orders", json={"productId": 2**40})).status_code == 400


async def test_orders_are_paged_newest_first(sam: ApiClient, app: Litestar) -> None:
    await sam.register("sam")
    products = [int((await create(sam, title=f"Coat {n}"))["id"]) for n in range(3)]
    async with another(app, "maya") as maya:
        for product in products:
            assert (await maya.post("/api/orders", json={"productId": product})).status_code == 201
        first = (await maya.get("/api/orders?limit=2")).json()
        assert [o["product"]["id"] for o in first["items"]] == products[:0:-1]
        rest = (await maya.get(f"/api/orders?limit=2&cursor={first['nextCursor']}")).json()
        assert [o["product"]["id"] for o in rest["items"]] == products[:1]
        assert rest["nextCursor"] is None
        assert (await maya.get("/api/orders?cursor=garbage")).status_code == 400
        assert (await maya.get("/api/orders?limit=0")).status_code == 400


async def kinds(client: ApiClient) -> list[str]:
    return [n["kind"] for n in (await client.get("/api/notifications")).json()["items"]]


async def test_watchers_are_told_when_the_item_sells_not_when_cancelled(
        sam: ApiClient, app: Litestar) -> None:
    """'Watched item sold' reaches the listing's watchers (not its buyer) once the item is
    sold: paid, or shipped by the seller; never on the seller's confirmation of an unpaid
    order; a cancelled order tells nobody."""
    product = await listed(sam)
    async with another(app, "maya") as maya, another(app, "lee") as lee, \
            another(app, "theo") as theo:
        for watcher in (maya, lee, theo):
            added = await watcher.post("/api/favorites", json={"productId": product})
            assert added.status_code == 201, added.text
        first = (await theo.post("/api/orders", json={"productId": product})).json()
        await theo.put(f"/api/orders/{first['id']}/status", json={"status": "cancelled"})
        assert "item_sold" not in await kinds(lee)
        oid = (await maya.post("/api/orders", json={"productId": product})).json()["id"]
        assert "item_sold" not in await kinds(lee)  # reserved, not sold
        confirmed = await sam.put(f"/api/orders/{oid}/status", json={"status": "confirmed"})
        assert confirmed.status_code == 200, confirmed.text
        assert "item_sold" not in await kinds(lee)  # confirmed but unpaid: still reserved
        assert (await sam.get(f"/api/products/{product}")).json()["status"] == "reserved"
        await sam.put(f"/api/orders/{oid}/status", json={
            "status": "shipped", "trackingNumber": "1Z999"})
        told = (await lee.get("/api/notifications")).json()["items"]
        sold = [n for n in told if n["kind"] == "item_sold"]
        assert [(n["title"], n["link"]) for n in sold] == [
            ("Sold: Wool coat", f"/product/{product}")]
        assert (await kinds(theo)).count("item_sold") == 1
        assert "item_sold" not in await kinds(maya) and "item_sold" not in await kinds(sam)
        await sam.put(f"/api/orders/{oid}/status", json={"status": "delivered"})
        assert (await kinds(lee)).count("item_sold") == 1
