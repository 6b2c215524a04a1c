"""ApiClient: a test client that sends the CSRF header the way the webapp does (API tests)."""

from __future__ import annotations

from typing import Any

from httpx import Response
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
