"""A queued search whose client has gone never runs (entrypoints/http/abandoned.py).

The app's heavy-read gate is filled by the test itself, so the search has to queue; the
client then disconnects. The search must leave the queue (and the app finish the request)
while the gate is still full, and a search whose client stays must still be answered."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar

from entrypoints.container import Container
from entrypoints.settings import Settings
from tests.conftest import make_settings
from tests.support import ApiClient

pytestmark = pytest.mark.api


@pytest.fixture
def settings(db: str, tmp_path: Path) -> Settings:
    """Searches in SQL: the in-memory search index answers without queueing, and this is
    about the reads that do queue (a seller's shop, any search while the index loads)."""
    return make_settings(db, tmp_path, RETHREAD_SEARCH_INDEX="0")


def scope(path: str, query: str) -> dict[str, Any]:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
            "query_string": query.encode(), "root_path": "", "client": ("127.0.0.1", 5000),
            "server": ("127.0.0.1", 8000), "headers": [(b"host", b"127.0.0.1:8000")],
            "state": {}}


class Client:
    """One request over ASGI whose client can hang up."""

    def __init__(self, app: Litestar, path: str, query: str) -> None:
        self.hung_up = asyncio.Event()
        self.sent: list[dict[str, Any]] = []
        self._body = [{"type": "http.request", "body": b"", "more_body": False}]
        self.task = asyncio.create_task(app(scope(path, query), self.receive, self.send))

    async def receive(self) -> dict[str, Any]:
        if self._body:
            return self._body.pop(0)
        await self.hung_up.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    @property
    def status(self) -> int:
        return int(self.sent[0]["status"])


async def queued(gate: Any, count: int) -> None:
    for _ in range(500):
        if gate.waiting == count:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{gate.waiting} waiting, expected {count}")


@pytest.mark.parametrize(("path", "query"), [
    ("/api/products", "q=jacket"), ("/api/products", "category=tops&sort=price_low_high"),
    ("/api/products/facets", "q=jacket&minPrice=10")])
async def test_a_queued_search_whose_client_left_leaves_the_queue(
        client: ApiClient, app: Litestar, container: Container, path: str, query: str
        ) -> None:
    container.search_cache().entries.clear()
    gate = container.heavy_reads()
    for _ in range(gate.limit):  # every slot busy: the next heavy read queues
        await gate.__aenter__()
    try:
        gone, stays = Client(app, path, query), Client(app, path, query)
        await queued(gate, 2)
        gone.hung_up.set()
        await asyncio.wait_for(gone.task, 10)  # finished while the gate is still full
        assert gate.waiting == 1 and gate.running == gate.limit
        assert gone.status == 503
    finally:
        for _ in range(gate.limit):
            await gate.__aexit__(None, None, None)
    await asyncio.wait_for(stays.task, 10)
    assert stays.status == 200
    assert (gate.running, gate.waiting) == (0, 0)
