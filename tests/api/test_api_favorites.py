"""The watch list over HTTP on every configured database (spec §2 Favorites, §7)."""

from __future__ import annotations

import asyncio

import pytest

from tests.support import ApiClient
from tests.support.catalog import create, titles

pytestmark = pytest.mark.api


async def two_listings(client: ApiClient) -> tuple[int, int]:
    """Maya lists two items; Sofia is logged in afterwards."""
    await client.register("maya")
    first = (await create(client, title="Wool coat"))["id"]
    second = (await create(client, title="Silk scarf"))["id"]
    await client.post("/api/logout")
    await client.register("sofia")
    return first, second


async def test_favorites_need_login(client: ApiClient) -> None:
    assert (await client.get("/api/favorites")).status_code == 401
    assert (await client.get("/api/favorites/check/1")).status_code == 401
    assert (await client.post("/api/favorites", json={"productId": 1})).status_code == 401
    assert (await client.delete("/api/favorites/1")).status_code == 401
    assert (await client.request("DELETE", "/api/favorites",
                                 json={"productId": 1})).status_code == 401


async def test_add_check_list_and_remove(client: ApiClient) -> None:
    coat, scarf = await two_listings(client)
    added = await client.post("/api/favorites", json={"productId": coat})
    assert added.status_code == 201
    body = added.json()
    assert body["productId"] == coat and body["id"] and body["createdAt"]
    await client.post("/api/favorites", json={"productId": scarf})
    check = await client.get(f"/api/favorites/check/{coat}")
    assert check.json() == {"isFavorited": True}
    listed = (await client.get("/api/favorites")).json()
    assert [f["productId"] for f in listed] == [scarf, coat]  # newest first
    assert listed[1]["product"]["title"] == "Wool coat"
    assert listed[1]["product"]["watchCount"] == 1
    assert listed[1]["product"]["seller"]["username"] == "maya"
    assert set(listed[0]) >= {"id", "productId", "createdAt", "product"}
    assert (await client.delete(f"/api/favorites/{coat}")).status_code == 204
    by_body = await client.request("DELETE", "/api/favorites", json={"productId": scarf})
    assert by_body.status_code == 204
    assert (await client.get("/api/favorites")).json() == []
    assert (await client.get(f"/api/favorites/check/{coat}")).json() == {"isFavorited": False}
    product = (await client.get(f"/api/products/{coat}")).json()
    assert product["watchCount"] == 0


async def test_adding_twice_or_concurrently_makes_one_favorite(client: ApiClient) -> None:
    coat, _ = await two_listings(client)
    first = await client.post("/api/favorites", json={"productId": coat})
    again = await client.post("/api/favorites", json={"productId": coat})
    assert again.status_code in (200, 201)
    assert again.json()["id"] == first.json()["id"]
    await client.delete(f"/api/favorites/{coat}")
    results = await asyncio.gather(*(client.post("/api/favorites", json={"productId": coat})
                                     for _ in range(5)))
    assert {r.status_code for r in results} <= {200, 201}
    assert len({r.json()["id"] for r in results}) == 1
    assert len((await client.get("/api/favorites")).json()) == 1
    assert (await client.get(f"/api/products/{coat}")).json()["watchCount"] == 1


async def test_removing_is_idempotent_and_unknown_products_are_404(client: ApiClient) -> None:
    coat, _ = await two_listings(client)
    assert (await client.delete(f"/api/favorites/{coat}")).status_code == 204
    assert (await client.delete("/api/favorites/999")).status_code == 204
    missing = await client.post("/api/favorites", json={"productId": 999})
    assert missing.status_code == 404
    assert missing.json()["message"] == "Product not found"
    no_id = await client.post("/api/favorites", json={})
    assert no_id.status_code == 400
    assert no_id.json()["errors"] == {"productId": "productId is required"}
    wrong = await client.post("/api/favorites", json={"productId": "abc"})
    assert wrong.status_code == 400


async def test_deleted_listing_leaves_the_watch_list(client: ApiClient) -> None:
    coat, _ = await two_listings(client)
    await client.post("/api/favorites", json={"productId": coat})
    await client.post("/api/logout")
    await client.login("maya")
    assert (await client.delete(f"/api/products/{coat}")).status_code == 204
    await client.post("/api/logout")
    await client.login("sofia")
    assert (await client.get("/api/favorites")).json() == []


async def test_most_popular_sorts_by_watchers(client: ApiClient) -> None:
    await client.register("maya")
    quiet = await create(client, title="Quiet scarf")
    loved = await create(client, title="Loved scarf")
    await create(client, title="Other scarf")
    for name in ("sofia", "emma"):
        await client.post("/api/logout")
        await client.register(name)
        await client.post("/api/favorites", json={"productId": loved["id"]})
    await client.post("/api/favorites", json={"productId": quiet["id"]})
    assert await titles(client, "?sort=most_popular") == [
        "Loved scarf", "Quiet scarf", "Other scarf"]


async def test_a_seller_cannot_watch_their_own_listing(client: ApiClient) -> None:
    """A watch is a shopper's and counts in the listing's popularity (Most Watched): its
    seller gets 403, and the count stays where shoppers put it."""
    await client.register("maya")
    coat = (await create(client, title="Wool coat"))["id"]
    refused = await client.post("/api/favorites", json={"productId": coat})
    assert refused.status_code == 403, refused.text
    assert refused.json()["message"] == "You cannot watch your own listing."
    assert (await client.get("/api/favorites")).json() == []
    assert (await client.get(f"/api/products/{coat}")).json()["watchCount"] == 0
