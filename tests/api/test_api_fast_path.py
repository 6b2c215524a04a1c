"""Product pages and visitors' searches served before the framework
(entrypoints/http/fast_path.py), on every database.

The fast path must send exactly what the controller sends, headers included (the security
headers come from the app's ``before_send`` hook for both), and must leave every other
request, and every failure, to the framework.
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from litestar import Litestar

from adapters.sqlalchemy.catalog import SqlListingRepository
from adapters.sqlalchemy.unit_of_work import SqlAlchemyUnitOfWork
from entrypoints.cli.http_protocol import catalog_pages
from entrypoints.http.fast_path import CatalogPages
from entrypoints.http.guards import MAX_ID
from tests.api.test_api_catalog import reserve
from tests.catalog_support import create, data_url, png, titles
from tests.support import ApiClient

pytestmark = pytest.mark.api


async def fetch(client: ApiClient, path: str, method: str = "GET"
                ) -> tuple[int, list[Any], bytes]:
    """One request through the app (on the test client's loop): status, headers, body."""
    response = await client.request(method, path)
    return response.status_code, list(response.headers.raw), response.content


class Framework:
    """The app's framework handler, counting the requests the fast path passed on."""

    def __init__(self, app: Litestar, client: ApiClient) -> None:
        assert isinstance(app.asgi_handler, CatalogPages)
        self.app, self.client, self.served = app, client, app.asgi_handler
        self.inner = self.served.framework
        self.reached: list[str] = []

        async def counting(scope: Any, receive: Any, send: Any) -> None:
            self.reached.append(scope["path"])
            await self.inner(scope, receive, send)

        self.served.framework = counting
        # the services the fast path built: proof that it, not the framework, answered
        self.built = 0
        build = self.served.catalog

        def counted() -> Any:
            self.built += 1
            return build()

        self.served.catalog = counted

    async def answer(self, path: str) -> tuple[int, list[Any], bytes]:
        """What the framework alone answers (the fast path taken out)."""
        self.app.asgi_handler = self.inner
        try:
            return await fetch(self.client, path)
        finally:
            self.app.asgi_handler = self.served


async def test_the_fast_path_sends_the_controllers_bytes_and_headers(
        client: ApiClient, app: Litestar, settings: Any) -> None:
    await client.register("maya")
    framework = Framework(app, client)
    with_photos = await create(client, images=[data_url(png()), data_url(png(colour="red"))])
    cheaper = await client.put(f"/api/products/{with_photos['id']}", json={"price": "30.00"})
    assert cheaper.status_code == 200
    reserved = await create(client, title="Reserved coat", brand="Zara")
    await reserve(settings, reserved["id"])
    for product in (with_photos, reserved):
        path = f"/api/products/{product['id']}"
        framework.reached.clear()
        built = framework.built
        fast = await fetch(client, path)
        assert framework.reached == [], "the fast path passed a product page on"
        assert framework.built == built + 1, "the fast path did not answer"
        assert fast == await framework.answer(path)
        status, headers, body = fast
        assert status == 200 and (b"x-frame-options", b"DENY") in headers
        assert body.startswith(b'{"id":%d,' % product["id"])
    page = (await client.get(f"/api/products/{with_photos['id']}")).json()
    assert page["price"] == "30.00" and page["priceDrop"] is True and len(page["images"]) == 2
    assert (await client.get(f"/api/products/{reserved['id']}")).json()["status"] == "reserved"


@pytest.mark.parametrize("path", ["/api/products/999", f"/api/products/{MAX_ID + 1}",
                                  "/api/products/0", "/api/products/{id}/",
                                  "/api/products/0{id}", "/api/products/{id}/tagged-posts"])
async def test_everything_else_is_the_frameworks(client: ApiClient, app: Litestar,
                                                 path: str) -> None:
    await client.register("maya")
    path = path.format(id=(await create(client))["id"])
    framework = Framework(app, client)
    answer = await fetch(client, path)
    assert framework.reached == [path]
    again = await framework.answer(path)
    # The same answer (each of these two may mint its own CSRF cookie: not a public read).
    assert (answer[0], answer[2]) == (again[0], again[2])
    if path.endswith(("999", str(MAX_ID + 1), "/0")):
        assert answer[0] == 404 and b"not found" in answer[2].lower()


async def test_head_and_other_methods_are_the_frameworks(client: ApiClient,
                                                         app: Litestar) -> None:
    await client.register("maya")
    path = f"/api/products/{(await create(client))['id']}"
    framework = Framework(app, client)
    head = await fetch(client, path, method="HEAD")
    assert framework.reached == [path] and head[0] == 405


async def test_a_failing_read_is_answered_by_the_framework(client: ApiClient, app: Litestar,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """The database gone mid-request: the framework's own 500 (JSON, logged), not a crash
    of the fast path and not a page."""
    await client.register("maya")
    path = f"/api/products/{(await create(client))['id']}"
    framework = Framework(app, client)

    async def broken(self: Any, listing_id: int) -> Any:
        raise RuntimeError("database unavailable")

    monkeypatch.setattr(SqlListingRepository, "get", broken)
    status, headers, body = await fetch(client, path)
    assert framework.reached == [path]
    assert b"message" in body
    assert status == 500 and (b"content-type", b"application/json") in headers
    assert (b"x-content-type-options", b"nosniff") in headers


async def catalog_of_four(client: ApiClient, app: Litestar) -> None:
    """Four listings by Maya (indexed inline), and the client a visitor again."""
    await client.register("maya")
    for title, brand, price, category in (
            ("Linen shirt", "Zara", "12.00", "tops"), ("Wool coat", "Levi's", "80.00",
                                                       "outerwear"),
            ("Denim jacket", "Levi's", "45.50", "outerwear"), ("Été dress", "H&M", "30.00",
                                                              "dresses")):
        await create(client, title=title, brand=brand, price=price, category=category)
    client.raw.cookies.clear()


async def same_answer(framework: Framework, client: ApiClient, path: str) -> bool:
    """Whether the fast path answered ``path`` itself, having checked that its answer is
    the framework's own, byte for byte."""
    framework.reached.clear()
    built = framework.built
    answer = await fetch(client, path)
    assert answer == await framework.answer(path), path
    served = framework.reached == []
    # (a bad search is tried here first, then declined)
    assert not served or framework.built == built + 1, path
    return served


async def test_a_visitors_search_is_the_controllers_bytes(client: ApiClient,
                                                          app: Litestar) -> None:
    await catalog_of_four(client, app)
    framework = Framework(app, client)
    paths = ["/api/products", "/api/products?q=shirt", "/api/products?q=jackt",
             "/api/products?q=%C3%A9t%C3%A9", "/api/products?q=linen+shirt&q=coat",
             "/api/products?brand=levi%27s&brand=zara&sort=price_high_low",
             "/api/products?category=outerwear&minPrice=40&maxPrice=100&limit=1",
             "/api/products?size=m&condition=good&sort=most_popular&q=",
             "/api/products?q=zzzz", "/api/products?limit=500"]
    first = (await client.get("/api/products?limit=2&sort=price_low_high")).json()
    paths.append("/api/products?" + urlencode(
        {"limit": "2", "sort": "price_low_high", "cursor": first["nextCursor"]}))
    for path in paths:
        assert await same_answer(framework, client, path), f"{path} was not served fast"
    page = (await client.get(paths[2])).json()
    assert page["didYouMean"] == "jacket" and page["items"][0]["title"] == "Denim jacket"
    assert await titles(client, "?category=outerwear&minPrice=40&maxPrice=100&limit=1") == [
        "Denim jacket"]


@pytest.mark.parametrize("query", [
    "sellerId=1", "includeSold=true", "exact=true", "limit=024", "limit=0", "limit=",
    "limit=abc", "page=2", "sort=cheapest", "minPrice=abc", "minPrice=50&maxPrice=10",
    "category=hats", "limit=1000", "cursor=nonsense"])
async def test_other_searches_are_the_frameworks(client: ApiClient, app: Litestar,
                                                 query: str) -> None:
    """Parameters the fast path does not read, and every bad one (the framework's 400)."""
    await catalog_of_four(client, app)
    framework = Framework(app, client)
    assert not await same_answer(framework, client, f"/api/products?{query}")


async def test_signed_in_searches_and_searches_before_the_index_are_the_frameworks(
        client: ApiClient, app: Litestar) -> None:
    """A signed-in shopper's search is counted for them (the framework knows the viewer)."""
    await catalog_of_four(client, app)
    framework = Framework(app, client)
    assert await same_answer(framework, client, "/api/products?q=coat")
    await client.post("/api/login", json={"username": "maya", "password": "secret123"})
    assert not await same_answer(framework, client, "/api/products?q=coat")


async def test_facets_are_the_controllers_bytes_for_everyone(client: ApiClient,
                                                              app: Litestar) -> None:
    """Facets know no viewer: a signed-in shopper's are served too."""
    await catalog_of_four(client, app)
    framework = Framework(app, client)
    paths = ["/api/products/facets", "/api/products/facets?q=coat",
             "/api/products/facets?q=jackt", "/api/products/facets?brand=levi%27s&size=m",
             "/api/products/facets?category=outerwear&minPrice=40&maxPrice=100&q="]
    for path in paths:
        assert await same_answer(framework, client, path), f"{path} was not served fast"
    facets = (await client.get(paths[3])).json()
    assert facets["categories"] == [{"value": "outerwear", "count": 2}]
    assert (await client.get(paths[2])).json()["didYouMean"] == "jacket"
    await client.post("/api/login", json={"username": "maya", "password": "secret123"})
    assert await same_answer(framework, client, paths[1])
    for declined in ("sort=price_low_high", "limit=2", "sellerId=1", "exact=true",
                     "minPrice=abc"):
        assert not await same_answer(framework, client, f"/api/products/facets?{declined}")


@pytest.mark.parametrize("path", ["/api/products", "/api/products/facets"])
async def test_any_query_string_gets_the_frameworks_answer(client: ApiClient,
                                                           app: Litestar, path: str) -> None:
    """Random query strings of known, unknown, repeated, blank and badly escaped
    parameters: whether the fast path answers or declines, the bytes are the framework's."""
    await catalog_of_four(client, app)
    framework = Framework(app, client)
    rng = random.Random(16)
    values = {"q": ["shirt", "coat jacket", "%C3%A9t%C3%A9", "%ff%fe", "caf%E9", "", "a+b",
                    "%00", "%", "jackt"],
              "brand": ["zara", "Levi%27s", "levis", "", "h%26m"],
              "category": ["tops", "outerwear", "TOPS", "hats", ""],
              "size": ["m", "xs", "huge"], "condition": ["good", "like_new", "worn"],
              "minPrice": ["10", "40.5", "abc", "", "-1", "1e3"],
              "maxPrice": ["100", "45.50", "9.999", ""],
              "sort": ["price_low_high", "most_recent", "relevance", "PRICE_HIGH_LOW",
                       "cheap", ""],
              "limit": ["1", "2", "24", "100", "101", "0", "07", "x"],
              "cursor": ["", "abc"], "sellerId": ["1"], "other": ["1"]}
    served = 0
    for _ in range(60):
        pairs = [(name, rng.choice(values[name]))
                 for name in rng.sample(sorted(values), rng.randint(0, 4))]
        if rng.random() < 0.2 and pairs:
            pairs.append(rng.choice(pairs))
        query = "&".join(f"{quote(name)}={value}" for name, value in pairs)
        served += await same_answer(framework, client, f"{path}?{query}")
    assert served > 5, "the fast path answered almost nothing"


def test_the_served_protocol_asks_the_apps_catalog_pages(app: Litestar) -> None:
    """``rethread serve``'s protocol finds them in the app (and answers as requests are
    read: ``tests/unit/test_http_protocol.py``, ``tests/api/test_api_served_pages.py``)."""
    assert catalog_pages(app) is app.asgi_handler


async def test_the_health_check_is_the_frameworks(
        client: ApiClient, app: Litestar, monkeypatch: pytest.MonkeyPatch) -> None:
    """The health check reports the search index's lag now: always the framework's."""
    framework = Framework(app, client)

    async def unanswered(self: Any) -> bool:
        return False

    with monkeypatch.context() as patched:
        patched.setattr(SqlAlchemyUnitOfWork, "ping", unanswered)
        status, _, body = await fetch(client, "/api/health")
    assert framework.reached == ["/api/health"]
    assert status == 503 and body == b'{"status":"unavailable"}'
    framework.reached.clear()
    answer = await fetch(client, "/api/health")
    assert framework.reached == ["/api/health"]
    assert answer[0] == 200 and answer[2] == b'{"status":"ok","searchLag":0}'
