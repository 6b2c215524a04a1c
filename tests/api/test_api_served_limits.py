"""The limits ``rethread serve`` puts on a request before the app answers it, against a
live server (``entrypoints/cli/serve.py``, ``docs/decisions/server.md``): a head over 64 KB
or over 100 header lines is answered 431 and the connection closed; a client that has not
sent a whole head within the head timeout is disconnected; the request's Host is never
copied into what the server writes. A server setting, not a database's: SQLite only."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import subprocess
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from tests.live_server import RETHREAD, launched, server_env

# One worker runs the module (pytest-xdist): its server starts once per run.
pytestmark = [pytest.mark.api, pytest.mark.xdist_group("served_limits")]

SECRET = "test-secret-key-test-secret-key-0123456789"
HEAD_TIMEOUT = 2  # seconds (10 by default; short here so the test waits little)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    data_dir = tmp_path_factory.mktemp("limits")
    env = server_env(data_dir, SECRET, RETHREAD_HEADER_TIMEOUT_SECONDS=str(HEAD_TIMEOUT),
                     RETHREAD_PUBLIC_URL="https://rethread.example")
    subprocess.run([RETHREAD, "db", "upgrade"], env=env, check=True, capture_output=True)
    with launched(env, data_dir) as [(_, url)]:
        parts = urlsplit(url)
        yield parts.hostname or "127.0.0.1", parts.port or 80


def exchange(address: tuple[str, int], head: bytes, wait: float = 30) -> tuple[bytes, float]:
    """Send ``head``, read until the server closes; (what it sent, seconds it took)."""
    with socket.create_connection(address, timeout=wait) as sock:
        started = time.monotonic()
        # (the server may refuse and close while the rest is still being sent)
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(head)
        received = b""
        try:
            while chunk := sock.recv(65536):
                received += chunk
        except ConnectionResetError:
            pass
        return received, time.monotonic() - started


def get(path: str, *headers: bytes) -> bytes:
    return b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"".join(
        h + b"\r\n" for h in headers) + b"\r\n"


def status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


@pytest.mark.parametrize("size", [64 * 1024 + 100, 100 * 1024, 1024 * 1024, 48 * 1024 * 1024])
async def test_a_head_over_64_kb_is_431_and_closed(server: tuple[str, int], size: int) -> None:
    head = get("/api/health", b"X-Big: " + b"a" * size)
    answer, took = await asyncio.to_thread(exchange, server, head)
    assert status(answer) == 431 and b"connection: close" in answer.lower()
    assert took < HEAD_TIMEOUT  # closed at once, not left to time out


async def test_a_head_just_under_the_limits_is_answered(server: tuple[str, int]) -> None:
    lines = [b"X-Line-%d: 1" % n for n in range(97)]  # + Host and Connection
    answer, _ = await asyncio.to_thread(
        exchange, server, get("/api/health", b"Connection: close", *lines))
    assert status(answer) == 200
    big = b"X-Big: " + b"a" * (60 * 1024)
    answer, _ = await asyncio.to_thread(
        exchange, server, get("/api/health", b"Connection: close", big))
    assert status(answer) == 200


@pytest.mark.parametrize("count", [101, 5000])
async def test_more_than_100_header_lines_is_431_and_closed(server: tuple[str, int],
                                                            count: int) -> None:
    lines = [b"X-Line-%d: 1" % n for n in range(count)]
    answer, took = await asyncio.to_thread(exchange, server, get("/api/health", *lines))
    assert status(answer) == 431 and took < HEAD_TIMEOUT


@pytest.mark.parametrize("sent", [b"", b"GET /api/health HTTP/1.1\r\nHost: x\r\n"])
async def test_a_client_that_never_finishes_its_head_is_disconnected(
        server: tuple[str, int], sent: bytes) -> None:
    answer, took = await asyncio.to_thread(exchange, server, sent)
    assert b"200 OK" not in answer
    assert HEAD_TIMEOUT - 0.5 <= took < HEAD_TIMEOUT + 5


async def test_the_request_host_is_never_reflected(server: tuple[str, int]) -> None:
    evil = b"Host: evil.example"
    for path in ("/sitemap.xml", "/robots.txt", "/api/products"):
        head = get(path, b"Connection: close").replace(b"Host: 127.0.0.1", evil)
        answer, _ = await asyncio.to_thread(exchange, server, head)
        assert status(answer) < 500, path
        assert b"evil.example" not in answer, path
