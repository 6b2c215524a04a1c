"""``deploy/nginx.conf`` in front of a live ``rethread serve --workers 2`` (docs/deploy.md):
visitors' catalog answers are micro-cached and revalidated as the app's Cache-Control says,
a session cookie skips the cache, answers that set cookies or are private are never stored,
the shopper's address reaches the app through X-Forwarded-For, and /ws upgrades. Runs where
Debian's nginx is installed (the CI machine has it)."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect

from bench._support import NGINX, nginx
from tests.live_server import (
    RETHREAD,
    free_port,
    launched,
    run_shared_dir,
    seeded_copy,
    server_env,
)

# One worker runs the module (pytest-xdist): its server, two app workers and nginx start once
# per run, not once on each worker that gets one of its tests.
pytestmark = [pytest.mark.api, pytest.mark.xdist_group("nginx"),
              pytest.mark.skipif(not NGINX.exists(), reason="Debian's nginx is not installed")]

SECRET = "test-secret-key-test-secret-key-0123456789"


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data_dir = tmp_path_factory.mktemp("nginx")
    env = server_env(data_dir, SECRET, RETHREAD_FORWARDED_ALLOW_IPS="127.0.0.1",
                     RETHREAD_HEADER_TIMEOUT_SECONDS="10")
    # A copy of the demo seeded once for the run (the schemathesis server's too).
    seeded_copy(data_dir, SECRET, 8, run_shared_dir(tmp_path_factory))
    with launched(env, data_dir, workers=2) as [(_, url)]:
        port = free_port()
        with nginx(data_dir / "nginx", port, [int(url.rsplit(":", 1)[1])]):
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    if httpx.get(f"{base}/api/health").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.2)
            yield base


def test_visitors_catalog_answers_are_cached_and_signed_in_ones_are_not(proxied: str) -> None:
    with httpx.Client(base_url=proxied) as visitor:
        first = visitor.get("/api/products/3")
        second = visitor.get("/api/products/3")
        assert first.status_code == second.status_code == 200
        assert first.headers["x-cache-status"] in ("MISS", "EXPIRED")
        assert second.headers["x-cache-status"] == "HIT"
        assert second.content == first.content and "set-cookie" not in second.headers
        etag = first.headers["etag"]
        assert visitor.get("/api/products/3", headers={"if-none-match": etag}
                           ).status_code == 304
        # Answers the app marks private or no-cache, or that set a cookie, are not stored.
        for url in ("/api/csrf", "/api/health", "/"):
            visitor.get(url)
            assert visitor.get(url).headers.get("x-cache-status") != "HIT", url
    with httpx.Client(base_url=proxied, cookies={"rethread_session": "someone"}) as shopper:
        answer = shopper.get("/api/products/3")
        assert answer.headers["x-cache-status"] == "BYPASS"
        assert answer.headers["cache-control"] == "private, no-cache"


def test_a_changed_page_reaches_visitors_once_the_cached_copy_expires(proxied: str) -> None:
    """nginx keeps a visitor's copy for the app's max-age (10 s), then serves it stale once
    while it fetches the new one, and from then on the new one (read from the cache's new
    file, not through a descriptor its open-file cache kept for the old)."""
    url = "/api/products/4"
    with httpx.Client(base_url=proxied) as visitor:
        before = visitor.get(url).json()
        assert visitor.get(url).headers["x-cache-status"] == "HIT"
        with httpx.Client(base_url=proxied) as seller:
            seller.get("/api/csrf")
            token = {"x-csrftoken": seller.cookies["csrftoken"]}
            assert seller.post("/api/login", headers=token, json={
                "username": before["seller"]["username"], "password": "rethread-demo"}).is_success
            price = "123.45" if before["price"] != "123.45" else "124.00"
            assert seller.put(url, headers=token, json={"price": price}).is_success
        assert visitor.get(url).json()["price"] == before["price"]  # (the cached copy)
        deadline = time.monotonic() + 45  # max-age, then one stale answer while it updates
        while visitor.get(url).json()["price"] != price:
            assert time.monotonic() < deadline, "the proxy kept the old page"
            time.sleep(0.5)
        again = visitor.get(url)
        assert again.headers["x-cache-status"] == "HIT" and again.json()["price"] == price


def test_pages_and_json_are_compressed_and_still_revalidate(proxied: str) -> None:
    """The app sends HTML and JSON plain; nginx gzips them for a browser that asks, and a
    gzipped answer's (now weak) ETag still earns a 304."""
    with httpx.Client(base_url=proxied, headers={"accept-encoding": "gzip"}) as browser:
        for url in ("/", "/marketplace", "/api/products?limit=24"):
            answer = browser.get(url)
            assert answer.status_code == 200, url
            assert answer.headers.get("content-encoding") == "gzip", url
            assert "accept-encoding" in answer.headers.get("vary", "").lower(), url
        # (A product's JSON is under gzip_min_length; a page of them has an ETag too.)
        url = "/api/products?limit=24"
        listed = browser.get(url)
        assert listed.headers["etag"].startswith('W/"'), listed.headers["etag"]
        assert browser.get(url, headers={"if-none-match": listed.headers["etag"]}
                           ).status_code == 304
    with httpx.Client(base_url=proxied, headers={"accept-encoding": "identity"}) as plain:
        assert "content-encoding" not in plain.get("/").headers


def test_the_request_id_and_the_shoppers_address_pass_through(proxied: str) -> None:
    answer = httpx.get(f"{proxied}/api/health")
    assert len(answer.headers["x-request-id"]) == 32  # nginx's $request_id


async def test_the_websocket_upgrades_through_the_proxy(proxied: str) -> None:
    async with connect(proxied.replace("http", "ws") + "/ws") as socket:
        event = json.loads(await socket.recv())
    assert event["type"] == "error"  # (a visitor: "You need to be logged in.")


def test_the_shipped_configuration_is_valid(tmp_path: Path) -> None:
    from bench._support import render_nginx

    conf = render_nginx(tmp_path, free_port(), [free_port(), free_port()])
    checked = subprocess.run([str(NGINX), "-t", "-p", str(tmp_path), "-c", str(conf)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert RETHREAD.exists()
