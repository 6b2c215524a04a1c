"""Real ``rethread serve`` processes and WebSocket clients for the realtime tests."""

from __future__ import annotations

import asyncio
import json
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from tests.live_server import launched, server_env


@contextmanager
def serving(database_url: str, data_dir: Path, count: int = 1, redis_url: str | None = None,
            workers: int = 1) -> Iterator[list[tuple[subprocess.Popen[bytes], str]]]:
    """``count`` separate ``rethread serve --workers N`` on one database (and one Redis when
    given): their processes and URLs.

    The limits are scaled up: these tests sign people up, they are not about the limits, and
    a shared Redis keeps every earlier run's sign-ups from 127.0.0.1 for an hour."""
    extra = {"RETHREAD_DATABASE_URL": database_url, "RETHREAD_RATE_LIMIT_SCALE": "100"}
    if redis_url:
        extra["RETHREAD_REDIS_URL"] = redis_url
    env = server_env(data_dir, "test-secret-key-test-secret-key-0123456789", **extra)
    with launched(env, data_dir, count, workers) as started:
        yield started


@contextmanager
def servers(database_url: str, data_dir: Path, count: int = 1,
            redis_url: str | None = None) -> Iterator[list[str]]:
    """``count`` separate one-worker server processes (see :func:`serving`): their URLs."""
    with serving(database_url, data_dir, count, redis_url) as started:
        yield [url for _, url in started]


class Person:
    """A browser-like HTTP client (cookies, CSRF header) for one user on one server."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.http = httpx.AsyncClient(base_url=base_url)
        self.id = 0
        self.name = ""

    async def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        if "csrftoken" not in self.http.cookies:
            await self.http.get("/api/csrf")
        return await self.http.post(path, json=body,
                                    headers={"x-csrftoken": self.http.cookies["csrftoken"]})

    async def register(self, name: str) -> Person:
        response = await self.post("/api/register", {
            "username": name, "displayName": name.title(), "email": f"{name}@example.com",
            "password": "secret123"})
        assert response.status_code in (200, 201), response.text
        self.id, self.name = response.json()["id"], name
        return self

    async def login_as(self, other: Person) -> Person:
        """The same user as ``other`` but through this client's server."""
        response = await self.post("/api/login", {"username": other.name,
                                                  "password": "secret123"})
        assert response.status_code == 200, response.text
        self.id, self.name = other.id, other.name
        return self

    async def socket(self) -> ClientConnection:
        cookies = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        ws_url = self.base_url.replace("http://", "ws://") + "/ws"
        return await connect(ws_url, additional_headers={"Cookie": cookies} if cookies else {})

    async def aclose(self) -> None:
        await self.http.aclose()


async def authed_socket(person: Person) -> ClientConnection:
    ws = await person.socket()
    await ws.send(json.dumps({"type": "auth", "userId": person.id}))
    assert await next_event(ws) == {"type": "auth_success", "userId": person.id}
    return ws


WAIT_SECONDS = 10


async def next_event(ws: ClientConnection) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(ws.recv(), WAIT_SECONDS))


async def events_until(ws: ClientConnection, kind: str) -> list[dict[str, Any]]:
    """Every event up to and including the first of type ``kind``."""
    seen = []
    while True:
        event = await next_event(ws)
        seen.append(event)
        if event["type"] == kind:
            return seen
