"""Product pages served before the framework (entrypoints/http/fast_path.py), on every database.

The fast path must send exactly what the controller sends, headers included (the security
headers come from the app's ``before_send`` hook for both), and must leave every other
request, and every failure, to the framework.
"""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar

from adapters.sqlalchemy.lean import LeanListingReads
from entrypoints.http.fast_path import ProductPages
from entrypoints.http.guards import MAX_ID
from tests.api.test_api_catalog import reserve
from tests.catalog_support import create, data_url, png
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
        assert isinstance(app.asgi_handler, ProductPages)
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

    monkeypatch.setattr(LeanListingReads, "get", broken)
    status, headers, body = await fetch(client, path)
    assert framework.reached == [path]
    assert b"message" in body
    assert status == 500 and (b"content-type", b"application/json") in headers
    assert (b"x-content-type-options", b"nosniff") in headers
