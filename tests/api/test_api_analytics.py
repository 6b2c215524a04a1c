"""GET /api/analytics/summary: administrators only, figures from activity the API records."""

from __future__ import annotations

import pytest
from litestar import Litestar

from entrypoints.http.caching import INDEX_VERSION
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api
SUMMARY = "/api/analytics/summary"


async def logout(client: ApiClient) -> None:
    assert (await client.post("/api/logout")).status_code in (200, 204)


async def test_only_admins_read_the_summary(client: ApiClient) -> None:
    assert (await client.get(SUMMARY)).status_code == 401
    await client.register("sofia")
    refused = await client.get(SUMMARY)
    assert refused.status_code == 403
    assert refused.json()["message"] == (
        "You need to be logged in as an administrator to access this page.")
    await logout(client)
    await client.register("maya")
    await create(client)
    assert (await client.get("/api/user")).json()["role"] == "seller"
    assert (await client.get(SUMMARY)).status_code == 403
    await logout(client)
    await client.register("boss", email="boss@example.com")
    assert (await client.get(SUMMARY)).status_code == 200


async def test_sign_ups_visits_listings_and_searches_are_counted(client: ApiClient) -> None:
    await client.register("maya")
    await client.get("/api/user")
    await client.get("/api/user")  # one visit a day, however many requests
    await create(client, title="Levi's 501 jeans")
    await create(client, title="Levi's trucker jacket")
    first = (await client.get("/api/products?q=levi&limit=1")).json()
    assert first["nextCursor"]
    await client.get(f"/api/products?q=levi&limit=1&cursor={first['nextCursor']}")  # a page
    await client.get("/api/products")  # browsing without words is not a search
    # The post editor's "Tag items" box searches to pick listings, not to shop (issue 36).
    tagging = await client.get("/api/products?q=levi&limit=6&purpose=tagging")
    assert tagging.status_code == 200 and tagging.json()["items"]
    await logout(client)
    await client.get("/api/products?q=jacket")  # a visitor's search counts too
    await client.register("boss", email="boss@example.com")
    response = await client.get(SUMMARY)
    assert response.status_code == 200
    body = response.json()
    assert {k: body[k] for k in ("totalUsers", "newSignupsThisWeek", "activeUsersToday",
                                 "buyerCount", "sellerCount", "buyerToSellerRatio",
                                 "transactionSuccessRate")} == {
        "totalUsers": 2, "newSignupsThisWeek": 2, "activeUsersToday": 2, "buyerCount": 0,
        "sellerCount": 1, "buyerToSellerRatio": 0.0, "transactionSuccessRate": 0.0}
    today = body["dailyMetrics"][-1]
    assert len(body["dailyMetrics"]) == 30
    assert today == {"date": today["date"], "activeUsers": 2, "newSignups": 2, "newListings": 2,
                     "completedSales": 0, "searchQueries": 2, "messagesSent": 0,
                     "offersMade": 0}
    kinds = [(e["kind"], e["username"]) for e in body["recentActivity"]]
    assert kinds[:4] == [("visit", "boss"), ("signup", "boss"), ("search", None),
                         ("search", "maya")]  # newest first by time
    assert ("visit", "maya") in kinds


async def test_a_visitors_search_the_response_cache_answers_is_counted(
        app: Litestar, client: ApiClient) -> None:
    """Visitors' searches are kept a second by the response cache (docs/decisions/
    http-caching.md): one it answers counts as a computed one does; a later page or the tag
    box's search does not, kept or not."""
    await client.register("maya")
    await create(client, title="Levi's 501 jeans")
    await create(client, title="Levi's trucker jacket")
    await logout(client)
    store = app.response_cache_config.get_store_from_app(app)
    version = getattr(app.state, INDEX_VERSION)()
    first = (await client.get("/api/products?q=levi&limit=1")).json()
    later = f"/api/products?cursor={first['nextCursor']}&limit=1&q=levi"
    for path in ("/api/products?limit=1&q=levi", later,
                 "/api/products?limit=6&purpose=tagging&q=levi"):
        if path != "/api/products?limit=1&q=levi":
            assert (await client.get(path)).status_code == 200
        kept = await store.get(f"{path}#index:{version}")
        assert kept is not None, path
        # (kept longer than its second, so the test does not race the clock)
        await store.set(f"{path}#index:{version}", kept, expires_in=10)
        for _ in range(2):  # answered by the response cache
            assert (await client.get(path)).status_code == 200
    await client.register("boss", email="boss@example.com")
    today = (await client.get(SUMMARY)).json()["dailyMetrics"][-1]
    assert today["searchQueries"] == 3


async def test_a_sent_message_is_counted(client: ApiClient) -> None:
    theo = (await client.register("theo")).json()
    await logout(client)
    await client.register("maya")
    sent = await client.post("/api/messages", json={
        "receiverId": theo["id"], "content": "Is the jacket still available?",
        "messageType": "text"})
    assert sent.status_code in (200, 201), sent.text
    await logout(client)
    await client.register("boss", email="boss@example.com")
    body = (await client.get(SUMMARY)).json()
    assert body["dailyMetrics"][-1]["messagesSent"] == 1
    assert ("message_sent", "maya") in [(e["kind"], e["username"])
                                        for e in body["recentActivity"]]


async def test_a_made_offer_is_counted_and_a_refused_one_is_not(client: ApiClient) -> None:
    await client.register("theo")
    coat = await create(client, title="Wool coat", price="80.00")
    await logout(client)
    await client.register("maya")
    made = await client.post("/api/offers", json={"productId": coat["id"], "offerPrice": "60"})
    assert made.status_code == 201, made.text
    again = await client.post("/api/offers", json={"productId": coat["id"], "offerPrice": "61"})
    assert again.status_code == 409  # one open offer per buyer: nothing recorded
    await logout(client)
    await client.register("boss", email="boss@example.com")
    body = (await client.get(SUMMARY)).json()
    assert body["dailyMetrics"][-1]["offersMade"] == 1
    assert [e["username"] for e in body["recentActivity"]
            if e["kind"] == "offer_made"] == ["maya"]


async def test_orders_placed_completed_and_cancelled_are_counted(client: ApiClient) -> None:
    """Two sales completed and one order cancelled: 2 / (2 + 1) of the ended orders sold;
    theo only bought, so he is a buyer; the sales are the seller's, maya's."""
    await client.register("maya")
    coats = [(await create(client, title=f"Wool coat {n}", price="80.00"))["id"]
             for n in range(3)]
    await logout(client)
    await client.register("boss", email="boss@example.com")
    await logout(client)
    await client.register("theo")
    orders = [(await client.post("/api/orders", json={"productId": coat})).json()["id"]
              for coat in coats]
    cancelled = await client.put(f"/api/orders/{orders[2]}/status", json={"status": "cancelled"})
    assert cancelled.status_code == 200, cancelled.text
    await logout(client)
    await client.login("boss")
    for oid in orders[:2]:
        assert (await client.post(f"/api/orders/{oid}/confirm-payment")).status_code == 200
    await logout(client)
    await client.login("maya")
    for oid in orders[:2]:
        for step in ({"status": "shipped", "trackingNumber": "1Z999"}, {"status": "delivered"}):
            assert (await client.put(f"/api/orders/{oid}/status", json=step)).status_code == 200
    await logout(client)
    await client.login("theo")
    for oid in orders[:2]:
        done = await client.put(f"/api/orders/{oid}/status", json={"status": "completed"})
        assert done.status_code == 200, done.text
    await logout(client)
    await client.login("boss")
    body = (await client.get(SUMMARY)).json()
    assert (body["buyerCount"], body["sellerCount"], body["transactionSuccessRate"]) == (
        1, 1, 0.6667)
    assert body["dailyMetrics"][-1]["completedSales"] == 2
    orders_seen = [(e["kind"], e["username"]) for e in body["recentActivity"]
                   if e["kind"] in ("order_placed", "sale_completed", "order_cancelled")]
    assert sorted(orders_seen) == sorted(
        [("order_placed", "theo")] * 3 + [("order_cancelled", "theo")]
        + [("sale_completed", "maya")] * 2)
