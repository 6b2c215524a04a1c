"""ApiClient: a test client that sends the CSRF header the way the webapp does (API tests)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from typing import Any

import httpx
from httpx import Response
from litestar import Litestar
from litestar.testing import AsyncTestClient

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


class ApiClient:
    """A test client that behaves like the webapp: fetches the CSRF cookie, sends the header."""

    def __init__(self, raw: AsyncTestClient[Any]) -> None:
        self.raw = raw

    async def request(self, method: str, url: str, *, csrf: bool = True, **kwargs: Any
                      ) -> Response:
        headers = dict(kwargs.pop("headers", {}) or {})
        if method.upper() in UNSAFE and csrf:
            if "csrftoken" not in self.raw.cookies:
                await self.raw.get("/api/csrf")
            headers["x-csrftoken"] = self.raw.cookies["csrftoken"]
        return await self.raw.request(method, url, headers=headers, **kwargs)

    async def get(self, url: str, **kwargs: Any) -> Response:
        return await self.request("GET", url, **kwargs)

    async def post(self, url: str, **kwargs: Any) -> Response:
        return await self.request("POST", url, **kwargs)

    async def put(self, url: str, **kwargs: Any) -> Response:
        return await self.request("PUT", url, **kwargs)

    async def delete(self, url: str, **kwargs: Any) -> Response:
        return await self.request("DELETE", url, **kwargs)

    async def register(self, username: str = "maya", password: str = "secret123",
                       email: str | None = None, display_name: str = "Maya Chen") -> Response:
        return await self.post("/api/register", json={
            "username": username, "displayName": display_name,
            "email": email or f"{username}@example.com", "password": password})

    async def login(self, username: str, password: str = "secret123") -> Response:
        return await self.post("/api/login", json={"username": username, "password": password})

    async def register_each(self, *names: str) -> dict[str, int]:
        """Register each name, displayed as ``Name`` (the last stays logged in); their ids."""
        ids = {}
        for name in names:
            await self.post("/api/logout")
            made = await self.register(name, display_name=name.title())
            assert made.status_code == 201, made.text
            ids[name] = made.json()["id"]
        return ids


@asynccontextmanager
async def people(app: Litestar, *names: str) -> AsyncIterator[dict[str, ApiClient]]:
    """One registered, logged-in client per name (displayed as ``Name``), each with its own
    cookies, all calling ``app`` in the test's own event loop (so their requests really run
    concurrently)."""
    async with AsyncExitStack() as stack:
        clients = {}
        for name in names:
            raw = await stack.enter_async_context(httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app), base_url="http://testserver.local"))
            client = ApiClient(raw)  # type: ignore[arg-type]
            made = await client.register(name, display_name=name.title())
            assert made.status_code == 201, made.text
            clients[name] = client
        yield clients
