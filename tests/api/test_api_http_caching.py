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

from domain.moderation import HiddenKind
from entrypoints.container import Container
from entrypoints.http.caching import (
    INDEX_VERSION,
    INDEXED,
    INDEXED_VISITOR,
    PRIVATE,
    PUBLIC_READ,
    VISITOR,
)
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


def get_routes(app: Litestar) -> list[tuple[str, bool | str]]:
    """(path template, public read: False, True or INDEXED) of every GET route, the API
    documentation's included: the SPA's catch-all aside."""
    found = []
    for route in app.routes:
        if "{path:path}" in route.path:
            continue
        for handler in getattr(route, "route_handlers", []):
            if "GET" in handler.http_methods:
                found.append((route.path, handler.opt.get(PUBLIC_READ) or False))
    return sorted(set(found), key=str)


def filled(path: str, ids: dict[str, int | str]) -> str:
    return re.sub(r"\{(\w+):(\w+)\}", lambda m: str(ids.get(m[1], 1)), path)


async def seeded(client: ApiClient) -> dict[str, int | str]:
    me = (await client.register("maya")).json()
    product = await create(client)
    blog = await client.post("/api/blogs", json={
        "title": "Care guide", "slug": "care-guide", "published": True,
        "content": "How to wash wool without tears."})
    return {"product_id": product["id"], "user_id": me["id"], "partner_id": me["id"],
            "post_id": blog.json().get("id", 1), "slug": "care-guide", "username": "maya"}


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
    public = {path: read for path, read in get_routes(app) if read}
    assert {"/schema", "/schema/openapi.json"} <= {path for path, _ in get_routes(app)}
    assert {"/api/products/{product_id:int}", "/api/blogs", "/api/users/{user_id:int}"} <= set(
        public)
    # What the search engine answers is kept a second, under the index's version.
    assert {path for path, read in public.items() if read == INDEXED} == {
        "/api/products", "/api/products/facets", "/api/products/{product_id:int}/similar"}
    answered = 0
    for path, read in public.items():
        url = filled(path, ids)
        seen = await visitor.get(url)
        if seen.status_code == 404 and "/posts/" in url:
            continue  # (no style post seeded: its error is no cacheable answer)
        assert seen.status_code == 200, (url, seen.text)
        answered += 1
        policy = INDEXED_VISITOR if read == INDEXED else VISITOR
        assert seen.headers["cache-control"] == policy.decode(), url
        assert "set-cookie" not in seen.headers, url
        assert visitor.cookies == {}, url
        mine = await client.get(url)
        assert mine.headers["cache-control"] == PRIVATE.decode(), url
    assert answered >= 15


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


async def test_visitors_searches_are_kept_until_the_index_moves(
        app: Litestar, client: ApiClient, visitor: Visitor, container: Container) -> None:
    """A visitor's search is served from the response cache under the index's version: a
    change the index applies without going through HTTP (a listing hidden from the command
    line, a sale the order timers complete) moves the version, so the next search is read
    again at once instead of when the kept copy expires."""
    await client.register("maya")
    await create(client, title="Denim jacket")
    skirt = await create(client, title="Denim skirt")
    store = app.response_cache_config.get_store_from_app(app)
    path = "/api/products?q=denim"
    first = await visitor.get(path)
    assert sorted(i["title"] for i in first.json()["items"]) == ["Denim jacket", "Denim skirt"]
    assert first.headers["cache-control"] == INDEXED_VISITOR.decode()
    assert "set-cookie" not in first.headers and first.headers["etag"]
    key = f"{path}#index:{getattr(app.state, INDEX_VERSION)()}"
    kept = await store.get(key)
    assert kept is not None
    # What the store holds under this version is what visitors get (a planted copy, kept
    # longer than a second so the test does not race the clock).
    await store.set(key, kept.replace(b"Denim skirt", b"DENIM SKIRT"), expires_in=10)
    assert "DENIM SKIRT" in {i["title"] for i in (await visitor.get(path)).json()["items"]}
    assert "Denim skirt" in {i["title"] for i in (await client.get(path)).json()["items"]}
    # Hidden outside HTTP: nothing empties the response cache, but the index commits.
    # (The pool's connections belong to the client's loop: none kept across the two.)
    await container.engine().dispose()
    await container.moderation().hide(None, HiddenKind.LISTING, skirt["id"])
    await container.engine().dispose()
    assert [i["title"] for i in (await visitor.get(path)).json()["items"]] == ["Denim jacket"]
    assert await store.get(key) is not None  # (the old version's copy, read no more)


async def test_an_error_from_a_public_read_is_kept_by_no_cache(
        client: ApiClient, visitor: Visitor) -> None:
    """A visitor's 404 (a listing hidden, then restored) or 400 from a public read says
    nothing a browser or a proxy would keep: the restored listing must show on the next
    visit, and one visitor's refusal is nobody else's answer."""
    await client.register("maya")
    product = await create(client, title="Denim jacket")
    url = f"/api/products/{product['id']}"
    for path, status in ((f"/api/products/{product['id'] + 100}", 404),
                         ("/api/products?minPrice=abc", 400),
                         ("/api/products/facets?category=nothing", 400)):
        answer = await visitor.get(path)
        assert answer.status_code == status, (path, answer.text)
        assert "cache-control" not in answer.headers, path
        assert "public" not in answer.headers.get("cache-control", ""), path
    assert (await visitor.get(url)).headers["cache-control"] == VISITOR.decode()
