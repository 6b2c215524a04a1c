"""Catalog pages as a real ``rethread serve`` answers them: as soon as the request is read
(``entrypoints/cli/http_protocol.py``), with exactly the status, headers and body that the
ASGI path answers with (that path is ``tests/api/test_api_fast_path.py``'s, held there to
the controllers' bytes). A request with ``Connection: close`` takes the ASGI path, so each
URL is asked both ways on the same server."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.live_server import seeded_server

pytestmark = pytest.mark.api

SECRET = "test-secret-key-test-secret-key-served-pages"
NOT_COMPARED = {"date", "connection"}


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data_dir = tmp_path_factory.mktemp("served-pages")
    with seeded_server(data_dir, SECRET, listings=30) as base:
        deadline = time.monotonic() + 60  # the search index loads in the background
        while "search index:" not in (data_dir / "server-0.log").read_text(errors="replace"):
            assert time.monotonic() < deadline, "the search index did not load"
            time.sleep(0.1)
        yield base


def compared(response: httpx.Response) -> tuple[int, list[tuple[str, str]], bytes]:
    return (response.status_code,
            [(name, value) for name, value in response.headers.multi_items()
             if name not in NOT_COMPARED], response.content)


@pytest.mark.parametrize("path", [
    "/api/products/1", "/api/products/30", "/api/products?q=jacket", "/api/products?limit=2",
    "/api/products?q=jakcet&sort=price_low_high", "/api/products?category=tops&size=m",
    "/api/products/facets", "/api/products/facets?q=dress&brand=zara",
    # declined: the framework's answers, also when tried first
    "/api/products/999999", "/api/products?sellerId=1", "/api/products?limit=abc",
    "/api/products/facets?sort=price_low_high", "/api/health"])
async def test_an_answer_as_it_is_read_is_the_asgi_paths(url: str, path: str) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        read = await http.get(path)
        again = await http.get(path)  # (the same connection, kept alive)
        ordinary = await http.get(path, headers={"connection": "close"})
    assert compared(read) == compared(ordinary) == compared(again)
    assert ordinary.headers["connection"] == "close" and "connection" not in read.headers
    assert read.headers["date"] and read.headers["x-content-type-options"] == "nosniff"


async def test_many_answers_on_one_connection_and_many_connections(url: str) -> None:
    """Keep-alive and concurrency: every answer arrives whole, each with its own body."""
    async def one_client(n: int) -> list[int]:
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            return [(await http.get(f"/api/products/{1 + (n + i) % 30}")).json()["id"]
                    for i in range(20)]

    answered = await asyncio.gather(*(one_client(n) for n in range(8)))
    assert answered == [[1 + (n + i) % 30 for i in range(20)] for n in range(8)]


