"""Behind a reverse proxy: the shopper's address comes from X-Forwarded-For, but only when
the request arrives from a proxy named in RETHREAD_FORWARDED_ALLOW_IPS (entrypoints/cli/
serve.py). Measured through the contact form's per-address limit (5 an hour), on real
``rethread serve`` processes, since uvicorn applies the setting before the app sees the
request. A server setting, not a database's: each server runs on SQLite in its own data
dir."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.api.test_api_contact import FORM
from tests.live_server import RETHREAD, launched, server_env

pytestmark = pytest.mark.api

SECRET = "test-secret-key-test-secret-key-0123456789"


async def sent_from(url: str, addresses: list[str]) -> list[int]:
    """The status of one contact message per address, each claiming it in X-Forwarded-For."""
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        await http.get("/api/csrf")
        token = http.cookies["csrftoken"]
        return [(await http.post("/api/contact", json=FORM, headers={
            "x-csrftoken": token, "x-forwarded-for": address})).status_code
                for address in addresses]


@pytest.mark.parametrize(("trusted", "last"), [("127.0.0.1", 201), ("", 429)])
async def test_the_forwarded_address_counts_only_from_a_trusted_proxy(
        tmp_path: Path, trusted: str, last: int) -> None:
    env = server_env(tmp_path, SECRET, RETHREAD_FORWARDED_ALLOW_IPS=trusted)
    await asyncio.to_thread(subprocess.run, [RETHREAD, "db", "upgrade"], env=env, check=True,
                            capture_output=True)
    with launched(env, tmp_path) as [(_, url)]:
        statuses = await sent_from(url, ["203.0.113.5"] * 6 + ["198.51.100.7"])
        async with httpx.AsyncClient(base_url=url, timeout=30) as http:
            health = await http.get("/api/health")
    # (and the served headers: no server software named, the security headers, a date)
    assert health.headers["server"] == "rethread"
    assert health.headers["x-content-type-options"] == "nosniff"
    assert health.headers["date"]
    # The sixth from one address is refused either way (from the proxy's own address when
    # the header is not believed); the seventh is another shopper only behind a trusted proxy.
    assert statuses == [201] * 5 + [429, last]
