"""Messages and notifications over HTTP on every configured database (spec §7, issue 11)."""

from __future__ import annotations

import asyncio

import pytest
from litestar import Litestar

from tests.support import ApiClient, people
from tests.support.catalog import create
from tests.support.offers import listing, offer

pytestmark = pytest.mark.api


async def as_user(client: ApiClient, name: str) -> None:
    await client.post("/api/logout")
    assert (await client.login(name)).status_code == 200


async def send(client: ApiClient, sender: int, receiver: int, content: str) -> dict:
    response = await client.post("/api/messages", json={
        "senderId": sender, "receiverId": receiver, "content": content, "messageType": "text"})
    assert response.status_code == 201, response.text
    return response.json()


async def test_send_read_thread_and_conversations(client: ApiClient) -> None:
    ids = await client.register_each("maya", "theo", "sofia")
    sofia, maya, theo = ids["sofia"], ids["maya"], ids["theo"]
    first = await send(client, sofia, maya, "  Is the jacket still available?  ")
    assert first["content"] == "Is the jacket still available?"
    assert first["messageType"] == "text" and first["read"] is False
    await send(client, sofia, theo, "Hi Theo")
    await as_user(client, "maya")
    assert (await client.get(f"/api/users/{maya}/unread-messages")).json() == {"count": 1}
    await send(client, maya, sofia, "Yes it is!")
    conversations = (await client.get(f"/api/users/{maya}/conversations")).json()
    assert [c["username"] for c in conversations] == ["sofia"]
    assert conversations[0]["unreadCount"] == 1
    assert conversations[0]["lastMessage"]["content"] == "Yes it is!"
    thread = (await client.get(f"/api/messages/{maya}/{sofia}")).json()
    assert [m["content"] for m in thread["items"]] == ["Is the jacket still available?",
                                                      "Yes it is!"]
    marked = await client.post("/api/messages/mark-read",
                               json={"senderId": sofia, "receiverId": maya})
    assert marked.status_code == 200 and marked.json() == {"updated": 1}
    assert (await client.get(f"/api/users/{maya}/unread-messages")).json() == {"count": 0}
    await as_user(client, "sofia")
    mine = (await client.get(f"/api/users/{sofia}/conversations")).json()
    assert [c["username"] for c in mine] == ["maya", "theo"]  # newest first


async def test_thread_pages_newest_last(client: ApiClient) -> None:
    ids = await client.register_each("maya", "sofia")
    for n in range(5):
        await send(client, ids["sofia"], ids["maya"], f"message {n}")
    url = f"/api/messages/{ids['sofia']}/{ids['maya']}"
    page = (await client.get(url, params={"limit": 2})).json()
    assert [m["content"] for m in page["items"]] == ["message 3", "message 4"]
    older = (await client.get(url, params={"limit": 2, "cursor": page["nextCursor"]})).json()
    assert [m["content"] for m in older["items"]] == ["message 1", "message 2"]
    last = (await client.get(url, params={"limit": 2, "cursor": older["nextCursor"]})).json()
    assert [m["content"] for m in last["items"]] == ["message 0"]
    assert last["nextCursor"] is None
    bad = await client.get(url, params={"cursor": "not-a-cursor"})
    assert bad.status_code == 400


async def test_validation_and_permissions(client: ApiClient) -> None:
    ids = await client.register_each("maya", "theo", "sofia")
    sofia, maya, theo = ids["sofia"], ids["maya"], ids["theo"]
    empty = await client.post("/api/messages", json={"senderId": sofia, "receiverId": maya,
                                                     "content": "   "})
    assert empty.status_code == 400 and empty.json()["message"] == "Message cannot be empty"
    long = await client.post("/api/messages", json={"senderId": sofia, "receiverId": maya,
                                                    "content": "x" * 2001})
    assert long.status_code == 400
    assert (await client.post("/api/messages", json={
        "senderId": sofia, "receiverId": maya, "content": "x" * 2000})).status_code == 201
    spoof = await client.post("/api/messages", json={"senderId": maya, "receiverId": theo,
                                                     "content": "pretending"})
    assert spoof.status_code == 403
    assert (await client.post("/api/messages", json={
        "senderId": sofia, "receiverId": sofia, "content": "me"})).status_code == 400
    assert (await client.post("/api/messages", json={
        "senderId": sofia, "receiverId": 99999, "content": "hi"})).status_code == 404
    assert (await client.post("/api/messages", json={
        "receiverId": maya, "content": "hi", "messageType": "offer"})).status_code == 400
    assert (await client.get(f"/api/messages/{maya}/{theo}")).status_code == 403
    assert (await client.get(f"/api/users/{maya}/conversations")).status_code == 403
    assert (await client.get(f"/api/users/{maya}/unread-messages")).status_code == 403
    assert (await client.post("/api/messages/mark-read", json={
        "senderId": sofia, "receiverId": maya})).status_code == 403
    assert (await client.get(f"/api/messages/{sofia}/{2**40}")).status_code == 404  # guard
    await client.post("/api/logout")
    assert (await client.get(f"/api/users/{maya}/unread-messages")).status_code == 401
    assert (await client.post("/api/messages", json={
        "receiverId": maya, "content": "hi"})).status_code == 401
    assert (await client.get("/api/notifications")).status_code == 401


async def test_message_notifies_once_per_sender_until_read(client: ApiClient) -> None:
    ids = await client.register_each("maya", "sofia")
    await send(client, ids["sofia"], ids["maya"], "first")
    await send(client, ids["sofia"], ids["maya"], "second")
    await as_user(client, "maya")
    page = (await client.get("/api/notifications")).json()
    assert page["unreadCount"] == 1
    assert [(n["kind"], n["link"]) for n in page["items"]] == [
        ("message", f"/messages/{ids['sofia']}")]
    assert page["items"][0]["title"] == "New message from Sofia"
    await client.post("/api/messages/mark-read", json={"senderId": ids["sofia"],
                                                       "receiverId": ids["maya"]})
    assert (await client.get("/api/notifications")).json()["unreadCount"] == 0


async def test_notifications_page_and_mark_read(client: ApiClient) -> None:
    ids = await client.register_each("maya", "theo", "sofia", "lena")
    for name in ("maya", "theo", "sofia"):
        await as_user(client, name)
        await send(client, ids[name], ids["lena"], f"hello from {name}")
    await as_user(client, "lena")
    first = (await client.get("/api/notifications", params={"limit": 2})).json()
    assert first["unreadCount"] == 3 and len(first["items"]) == 2
    assert first["items"][0]["title"] == "New message from Sofia"
    rest = (await client.get("/api/notifications",
                             params={"limit": 2, "cursor": first["nextCursor"]})).json()
    assert [n["title"] for n in rest["items"]] == ["New message from Maya"]
    one = await client.post("/api/notifications/read", json={"ids": [rest["items"][0]["id"]]})
    assert one.json() == {"updated": 1}
    everything = await client.post("/api/notifications/read", json={})
    assert everything.status_code == 200 and everything.json() == {"updated": 2}
    assert (await client.get("/api/notifications")).json()["unreadCount"] == 0


async def test_watchers_hear_of_a_price_drop(client: ApiClient) -> None:
    ids = await client.register_each("sofia", "maya")
    product = await create(client, price="40.00")
    await as_user(client, "sofia")
    watched = await client.post("/api/favorites",
                                json={"userId": ids["sofia"], "productId": product["id"]})
    assert watched.status_code in (200, 201), watched.text
    await as_user(client, "maya")
    raised = await client.put(f"/api/products/{product['id']}", json={"price": "45.00"})
    assert raised.status_code == 200, raised.text
    dropped = await client.put(f"/api/products/{product['id']}", json={"price": "30.00"})
    assert dropped.status_code == 200, dropped.text
    assert (await client.get("/api/notifications")).json()["items"] == []  # not the seller
    await as_user(client, "sofia")
    items = (await client.get("/api/notifications")).json()["items"]
    assert [(n["kind"], n["link"]) for n in items] == [
        ("price_drop", f"/product/{product['id']}")]
    assert items[0]["body"] == "Now $30.00 (was $45.00)"


async def test_concurrent_sends_and_reads_all_land(client: ApiClient) -> None:
    """Double clicks and two tabs: every send is stored once, and counts stay exact."""
    ids = await client.register_each("maya", "sofia")
    sofia, maya = ids["sofia"], ids["maya"]
    sends = [client.post("/api/messages", json={"senderId": sofia, "receiverId": maya,
                                                "content": f"quick {n}"}) for n in range(6)]
    results = await asyncio.gather(*sends)
    assert sorted(r.status_code for r in results) == [201] * 6
    thread = (await client.get(f"/api/messages/{sofia}/{maya}")).json()["items"]
    assert sorted(m["content"] for m in thread) == [f"quick {n}" for n in range(6)]
    await as_user(client, "maya")
    marks = [client.post("/api/messages/mark-read", json={"senderId": sofia,
                                                          "receiverId": maya})
             for _ in range(3)]
    updated = [r.json()["updated"] for r in await asyncio.gather(*marks)]
    assert sum(updated) == 6
    assert (await client.get(f"/api/users/{maya}/unread-messages")).json() == {"count": 0}


async def test_a_thread_says_the_price_the_two_agreed_on_a_listing(app: Litestar) -> None:
    """After an accepted offer (and then its order) the thread's newest page says the agreed
    price of that listing, to both people; a listing with no deal between them, a deal with
    someone else, and an older page say none."""
    async with people(app, "maya", "sofia", "theo") as p:
        maya, sofia, theo = p["maya"], p["sofia"], p["theo"]
        ids = {name: int((await c.get("/api/user")).json()["id"]) for name, c in p.items()}
        coat = await listing(maya, price="65.00", title="Red wool coat")
        scarf = await listing(maya, price="20.00", title="Silk scarf")
        hat = await listing(maya, price="30.00", title="Wool hat")
        sent = await sofia.post("/api/messages", json={
            "senderId": ids["sofia"], "receiverId": ids["maya"], "content": "Hi",
            "productId": scarf})
        assert sent.status_code == 201, sent.text

        async def agreed(reader: str, partner: str) -> list[dict[str, object]]:
            page = await p[reader].get(f"/api/messages/{ids[reader]}/{ids[partner]}")
            assert page.status_code == 200, page.text
            return list(page.json()["agreedPrices"])

        assert await agreed("maya", "sofia") == []
        made = await offer(sofia, coat, "58.00")
        accepted = await maya.put(f"/api/offers/{made['id']}/respond",
                                  json={"status": "accepted"})
        assert accepted.status_code == 200, accepted.text
        theos = await offer(theo, hat, "25.00")
        assert (await maya.put(f"/api/offers/{theos['id']}/respond",
                               json={"status": "accepted"})).status_code == 200
        deal = [{"productId": coat, "price": "58.00"}]
        assert await agreed("maya", "sofia") == deal
        assert await agreed("sofia", "maya") == deal
        placed = await sofia.post("/api/orders", json={"productId": coat,
                                                       "offerId": made["id"]})
        assert placed.status_code == 201, placed.text
        assert await agreed("maya", "sofia") == deal  # the order holds it now, at 58.00
        assert await agreed("maya", "theo") == [{"productId": hat, "price": "25.00"}]
        first = await sofia.get(f"/api/messages/{ids['sofia']}/{ids['maya']}",
                                params={"limit": 1})
        older = await sofia.get(f"/api/messages/{ids['sofia']}/{ids['maya']}",
                                params={"limit": 1, "cursor": first.json()["nextCursor"]})
        assert older.status_code == 200 and older.json()["agreedPrices"] == []
