"""HTTP caching the standard way (``entrypoints/http/caching.py``): every GET route answers
HEAD and a matching ``If-None-Match`` with 304, from the route table so a route added later
is covered; public reads say ``public`` to visitors and ``private, no-cache`` to signed-in
shoppers and set no cookie; Litestar's response cache serves visitors' repeated reads and a
write empties it. On both databases."""

from __future__ import annotations

import re
from typing import Any

import pytest
from httpx import Response
from litestar import Litestar
from sqlalchemy import text

from entrypoints.container import Container
from entrypoints.http.caching import PRIVATE, PUBLIC_READ, VISITOR
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api


class Visitor:
    """The test client's requests without its cookies (one client: the app's database pool
    belongs to that client's event loop)."""

    def __init__(self, client: ApiClient) -> None:
        self.raw = client.raw

    async def request(self, method: str, url: str, **kwargs: Any) -> Response:
        kept = dict(self.raw.cookies)
        self.raw.cookies.clear()
        try:
            return await self.raw.request(method, url, **kwargs)
        finally:
            self.cookies = dict(self.raw.cookies)  # what this answer set
            self.raw.cookies.clear()
            self.raw.cookies.update(kept)

    async def get(self, url: str, **kwargs: Any) -> Response:
        return await self.request("GET", url, **kwargs)

    async def head(self, url: str, **kwargs: Any) -> Response:
        return await self.request("HEAD", url, **kwargs)


@pytest.fixture
def visitor(client: ApiClient) -> Visitor:
    return Visitor(client)


def get_routes(app: Litestar) -> list[tuple[str, bool]]:
    """(path template, public read?) of every GET route, the API documentation's included:
    the SPA's catch-all aside."""
    found = []
    for route in app.routes:
        if "{path:path}" in route.path:
            continue
        for handler in getattr(route, "route_handlers", []):
            if "GET" in handler.http_methods:
                found.append((route.path, bool(handler.opt.get(PUBLIC_READ))))
    return sorted(set(found))


def filled(path: str, ids: dict[str, int | str]) -> str:
    return re.sub(r"\{(\w+):(\w+)\}", lambda m: str(ids.get(m[1], 1)), path)


async def seeded(client: ApiClient) -> dict[str, int | str]:
    me = (await client.register("maya")).json()
    product = await create(client)
    blog = await client.post("/api/blogs", json={
        "title": "Care guide", "slug": "care-guide", "published": True,
        "content": "How to wash wool without tears."})
    return {"product_id": product["id"], "user_id": me["id"], "partner_id": me["id"],
            "post_id": blog.json().get("id", 1), "slug": "care-guide"}


async def test_every_get_route_answers_head_and_304(app: Litestar, client: ApiClient,
                                                    visitor: Visitor) -> None:
    ids = await seeded(client)
    revalidated = 0
    routes = get_routes(app)
    assert len(routes) >= 30
    for who in (client.raw, visitor):
        for path, _ in routes:
            url = filled(path, ids)
            full = await who.get(url)
            head = await who.head(url)
            assert head.status_code == full.status_code, (url, head.status_code)
            assert head.content == b"", url
            if full.status_code != 200 or "etag" not in full.headers:
                continue
            assert head.headers["etag"] == full.headers["etag"], url
            again = await who.get(url, headers={"if-none-match": full.headers["etag"]})
            assert again.status_code == 304 and again.content == b"", url
            assert again.headers["etag"] == full.headers["etag"]
            changed = await who.get(url, headers={"if-none-match": '"not-this-one"'})
            assert changed.status_code == 200 and changed.content == full.content, url
            revalidated += 1
    assert revalidated >= 30  # (each 200 with a known length has an ETag)


async def test_public_reads_are_public_for_visitors_and_private_when_signed_in(
        app: Litestar, client: ApiClient, visitor: Visitor) -> None:
    ids = await seeded(client)
    public = [path for path, is_public in get_routes(app) if is_public]
    assert {"/schema", "/schema/openapi.json"} <= {path for path, _ in get_routes(app)}
    # Searches and facets are not marked public: a write must show in the next search, so they
    # stay out of the 10 s response cache (docs/search.md).
    assert {"/api/products/{product_id:int}", "/api/blogs", "/api/users/{user_id:int}"} <= set(
        public)
    assert not {"/api/products", "/api/products/facets"} & set(public)
    answered = 0
    for path in public:
        url = filled(path, ids)
        seen = await visitor.get(url)
        if seen.status_code == 404 and "/posts/" in url:
            continue  # (no style post seeded: its error is no cacheable answer)
        assert seen.status_code == 200, (url, seen.text)
        answered += 1
        assert seen.headers["cache-control"] == VISITOR.decode(), url
        assert "set-cookie" not in seen.headers, url
        assert visitor.cookies == {}, url
        mine = await client.get(url)
        assert mine.headers["cache-control"] == PRIVATE.decode(), url
    assert answered >= 12


async def test_visitors_repeated_reads_come_from_the_response_cache_until_a_write(
        client: ApiClient, visitor: Visitor, container: Container) -> None:
    await client.register("maya")
    product = await create(client, title="Denim jacket")
    url = f"/api/products/{product['id']}"
    first = await visitor.get(url)
    assert first.json()["title"] == "Denim jacket"
    tag = {"if-none-match": first.headers["etag"]}
    revalidated = await visitor.get(url, headers=tag)
    assert revalidated.status_code == 304 and revalidated.headers["etag"] == tag["if-none-match"]
    assert revalidated.headers["cache-control"] == VISITOR.decode()
    # Changed behind the HTTP layer's back (as the order timers do): the cached copy is
    # still what visitors get, while a signed-in shopper reads the database.
    # (The pool's connections belong to the client's loop: none kept across the two.)
    await container.engine().dispose()
    async with container.engine().begin() as connection:
        await connection.execute(text("UPDATE products SET title = 'Renamed' WHERE id = :id"),
                                 {"id": product["id"]})
    await container.engine().dispose()
    assert (await visitor.get(url)).json()["title"] == "Denim jacket"
    assert (await client.get(url)).json()["title"] == "Renamed"
    # Any write through HTTP empties the cache.
    assert (await client.put(url, json={"price": "41.00"})).status_code == 200
    # A visitor revalidating the old copy gets the new one, never a 304 for it.
    again = await visitor.get(url, headers=tag)
    assert again.status_code == 200 and again.headers["etag"] != tag["if-none-match"]
    fresh = again.json()
    assert fresh["title"] == "Renamed" and fresh["price"] == "41.00"
    assert (await visitor.get(url, headers={"if-none-match": again.headers["etag"]})
            ).status_code == 304



async def test_visitors_suggestions_are_kept_in_the_response_cache_until_a_write(
        app: Litestar, client: ApiClient, visitor: Visitor) -> None:
    """Suggestions (words and brands with counts, never a listing shown as available) are
    a public read: a visitor's answer is kept in the response cache, served from it, and a
    listing created over HTTP empties it like any write."""
    await client.register("maya")
    await create(client, title="Denim jacket", brand="Levi's")
    store = app.response_cache_config.get_store_from_app(app)
    path = "/api/products/suggestions?q=den"
    first = await visitor.get(path)
    assert first.json()["words"] == ["denim"]
    assert first.headers["cache-control"] == VISITOR.decode()
    kept = await store.get(path)
    assert kept is not None
    # What the store holds is what visitors get (a planted copy is answered as it is).
    await store.set(path, kept.replace(b"denim", b"DENIM"), expires_in=10)
    assert (await visitor.get(path)).json()["words"] == ["DENIM"]
    assert (await client.get(path)).json()["words"] == ["denim"]  # (signed in: never)
    await create(client, title="Nuptse puffer", brand="North Face")
    assert await store.get(path) is None
    assert (await visitor.get(path)).json()["words"] == ["denim"]
