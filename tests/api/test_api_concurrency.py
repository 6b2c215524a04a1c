"""Races a user can cause, 50 at a time, on every configured database (issue 9).

Each burst goes through the real app and the real database (SQLite always, PostgreSQL when
configured). A request either succeeds or is refused with a clean 409; never a 500.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest
from httpx import ASGITransport, AsyncClient, Response
from litestar import Litestar

from entrypoints.container import Container
from tests.support import ApiClient
from tests.support.catalog import create

# Fifty sign-ups from one address in a second: the sign-up limit has its own tests.
pytestmark = [pytest.mark.api, pytest.mark.rate_limit_scale(10)]

BURST = 50


@pytest.fixture
async def client(app: Litestar, container: Container) -> Any:
    """Requests really in parallel: Litestar's test client runs one request at a time, so
    this one drives the app through httpx's ASGI transport on the test's event loop."""
    transport = ASGITransport(app=app, client=("127.0.0.1", 40000))
    async with AsyncClient(transport=transport, base_url="http://testserver.local") as raw:
        yield ApiClient(raw)  # type: ignore[arg-type]


async def burst(client: ApiClient, method: str, url: str, bodies: list[Any]) -> list[Response]:
    """Send every body at once (one task each) and return the responses in order."""
    if "csrftoken" not in client.raw.cookies:
        await client.get("/api/csrf")
    return list(await asyncio.gather(*(client.request(method, url, json=body)
                                       for body in bodies)))


def statuses(responses: list[Response]) -> Counter[int]:
    return Counter(r.status_code for r in responses)


def assert_only(responses: list[Response], allowed: set[int]) -> None:
    seen = statuses(responses)
    assert set(seen) <= allowed, (seen, [r.text for r in responses if r.status_code >= 500][:3])
    for response in responses:
        if response.status_code == 409:
            assert response.json()["message"]


async def test_50_parallel_registrations_all_succeed(client: ApiClient) -> None:
    bodies = [{"username": f"user{i}", "displayName": f"User {i}",
               "email": f"user{i}@example.com", "password": "secret123"} for i in range(BURST)]
    responses = await burst(client, "POST", "/api/register", bodies)
    assert statuses(responses) == Counter({201: BURST})
    ids = {r.json()["id"] for r in responses}
    assert len(ids) == BURST


async def test_50_parallel_registrations_of_one_name_let_exactly_one_win(
        client: ApiClient) -> None:
    bodies = [{"username": "maya", "displayName": "Maya", "email": f"maya{i}@example.com",
               "password": "secret123"} for i in range(BURST)]
    responses = await burst(client, "POST", "/api/register", bodies)
    assert_only(responses, {201, 409})
    assert statuses(responses)[201] == 1


async def test_50_parallel_logins_of_one_account_all_succeed(client: ApiClient) -> None:
    assert (await client.register("maya")).status_code == 201
    responses = await burst(client, "POST", "/api/login",
                            [{"username": "maya", "password": "secret123"}] * BURST)
    assert statuses(responses) == Counter({200: BURST})


async def test_50_parallel_favorites_of_one_listing_keep_one_row(client: ApiClient) -> None:
    await client.register("maya")
    product = await create(client)
    await client.post("/api/logout")
    await client.register("sofia")
    responses = await burst(client, "POST", "/api/favorites",
                            [{"productId": product["id"]}] * BURST)
    assert_only(responses, {200, 201, 409})
    watched = (await client.get("/api/favorites")).json()
    assert [w["productId"] for w in watched] == [product["id"]]
    detail = (await client.get(f"/api/products/{product['id']}")).json()
    assert detail["watchCount"] == 1


async def test_50_parallel_follows_keep_one_row(client: ApiClient) -> None:
    maya = (await client.register("maya")).json()["id"]
    await client.post("/api/logout")
    sofia = (await client.register("sofia")).json()["id"]
    responses = await burst(client, "POST", "/api/follows",
                            [{"followerId": sofia, "followingId": maya}] * BURST)
    assert_only(responses, {200, 201, 409})
    followers = (await client.get(f"/api/users/{maya}/followers")).json()
    assert [u["id"] for u in followers] == [sofia]
    profile = (await client.get(f"/api/users/{maya}")).json()
    assert profile["followerCount"] == 1


async def test_50_parallel_posts_with_one_title_get_the_next_free_suffixes(
        client: ApiClient) -> None:
    await client.register("maya")
    body = {"title": "Denim Care Basics", "content": "How to wash raw denim, and how often.",
            "published": True}
    responses = await burst(client, "POST", "/api/blogs", [body] * BURST)
    assert statuses(responses) == Counter({201: BURST})
    slugs = sorted(r.json()["slug"] for r in responses)
    expected = sorted(["denim-care-basics"] + [f"denim-care-basics-{n}"
                                               for n in range(2, BURST + 1)])
    assert slugs == expected
