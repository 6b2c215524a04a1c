"""Built assets go out precompressed (Brotli, else gzip) with Content-Encoding and Vary."""

from __future__ import annotations

import gzip
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from entrypoints.container import build_container, shutdown
from entrypoints.http.app import create_app
from entrypoints.http.precompressed import accepted
from tests.conftest import make_settings

pytestmark = [pytest.mark.api, pytest.mark.one_database]
SOURCE = b"console.log('a fairly long line of javascript');\n" * 100
BROTLI = b"(the build's Brotli copy; its bytes are opaque here)"


@pytest.fixture
async def spa(db: str, tmp_path: Path) -> AsyncIterator[AsyncTestClient]:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Rethread</title>")
    (dist / "assets" / "app-123.js").write_bytes(SOURCE)
    (dist / "assets" / "app-123.js.gz").write_bytes(gzip.compress(SOURCE))
    (dist / "assets" / "app-123.js.br").write_bytes(BROTLI)
    (dist / "assets" / "plain-1.css").write_bytes(b"body{}")
    settings = make_settings(db, tmp_path, RETHREAD_WEBAPP_DIR=str(dist))
    container = build_container(settings)
    async with AsyncTestClient(create_app(settings, container)) as client:
        yield client
    await shutdown(container)


async def fetch(spa: AsyncTestClient, path: str, accept: str) -> tuple[int, dict[str, str], bytes]:
    """The raw (still encoded) answer, as a browser receives it."""
    async with spa.stream("GET", path, headers={"Accept-Encoding": accept}) as response:
        body = b"".join([chunk async for chunk in response.aiter_raw()])
        return response.status_code, dict(response.headers), body


@pytest.mark.parametrize(("accept", "coding"), [
    ("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"),
    ("identity", None), ("", None)])
async def test_the_best_accepted_copy_is_sent_with_its_encoding(
        spa: AsyncTestClient, accept: str, coding: str | None) -> None:
    status, headers, body = await fetch(spa, "/assets/app-123.js", accept)
    assert status == 200
    assert "javascript" in headers["content-type"]
    assert "immutable" in headers["cache-control"]
    assert headers["vary"].lower() == "accept-encoding"
    assert headers.get("content-encoding") == coding
    assert int(headers["content-length"]) == len(body)
    expected = {"br": BROTLI, "gzip": gzip.compress(SOURCE), None: SOURCE}[coding]
    assert (gzip.decompress(body) if coding == "gzip" else body) == (
        SOURCE if coding == "gzip" else expected)


async def test_files_without_copies_and_index_html_go_out_as_they_are(
        spa: AsyncTestClient) -> None:
    status, headers, body = await fetch(spa, "/assets/plain-1.css", "gzip, br")
    assert (status, body) == (200, b"body{}")
    assert "content-encoding" not in headers
    status, headers, body = await fetch(spa, "/", "gzip, br")
    assert status == 200 and body.startswith(b"<!doctype html>")
    assert "content-encoding" not in headers


def test_accept_encoding_is_read_with_its_weights() -> None:
    assert accepted("gzip, br;q=0.5, deflate;q=0") == {"gzip", "br"}
    assert accepted("GZIP;q=bad, *") == {"*"}
