"""/metrics and the access log (``entrypoints/http/telemetry.py``): Prometheus text with the
per-route counts and latency histograms, WebSocket connections and rate-limit refusals;
administrators and loopback only unless RETHREAD_METRICS_PUBLIC=1; every answer echoes a
request id, which the JSON access log carries."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from litestar import Litestar

from entrypoints.container import build_container, shutdown
from entrypoints.http.app import create_app
from tests.conftest import make_settings
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api


async def _from(app: Litestar, address: str) -> AsyncIterator[ApiClient]:
    transport = httpx.ASGITransport(app=app, client=(address, 4000))
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver.local") as raw:
        yield ApiClient(raw)  # type: ignore[arg-type]


@pytest.fixture
async def remote(app: Litestar) -> AsyncIterator[ApiClient]:
    async for made in _from(app, "203.0.113.9"):
        yield made


@pytest.fixture
async def local(app: Litestar) -> AsyncIterator[ApiClient]:
    async for made in _from(app, "127.0.0.1"):
        yield made


def sample(text: str, name: str, **labels: str) -> float:
    """The value of the sample ``name{labels}`` in Prometheus text (0 when absent)."""
    for line in text.splitlines():
        if line.startswith(name + "{") or line.startswith(name + " "):
            head, _, value = line.rpartition(" ")
            if all(f'{k}="{v}"' in head for k, v in labels.items()):
                return float(value)
    return 0.0


async def test_metrics_count_requests_per_route_with_latency(local: ApiClient,
                                                             remote: ApiClient) -> None:
    await remote.register("maya")
    for _ in range(3):
        assert (await remote.get("/api/products/987")).status_code == 404
    await remote.get("/api/no-such-route")
    scraped = await local.get("/metrics")
    assert scraped.status_code == 200
    # Prometheus' own type, its charset named once (Prometheus 3 refuses a duplicate).
    kind = scraped.headers["content-type"]
    assert kind.startswith("text/plain; version=") and kind.count("charset=utf-8") == 1, kind
    text = scraped.text
    route = "/api/products/{product_id}"
    assert sample(text, "rethread_http_requests_total", method="GET", route=route,
                  status="404") >= 3
    assert sample(text, "rethread_http_request_duration_seconds_count", method="GET",
                  route=route) >= 3
    assert sample(text, "rethread_http_requests_total", route="<unmatched>",
                  status="404") >= 1
    assert "rethread_websocket_connections" in text
    assert "rethread_rate_limit_refusals" in text


async def test_metrics_show_the_search_index_against_its_outbox(local: ApiClient,
                                                                remote: ApiClient) -> None:
    """The index's documents and lag behind the outbox (tests index each commit inline, so
    the lag is 0 once the listings answered)."""
    await remote.register("maya")
    for title in ("Denim jacket", "Wool coat"):
        await create(remote, title=title)
    text = (await local.get("/metrics")).text
    assert sample(text, "rethread_search_documents") == 2
    assert "rethread_search_lag_rows 0.0" in text
    assert "rethread_search_commit_age_seconds" in text


async def test_metrics_answer_admins_and_loopback_only(remote: ApiClient,
                                                       local: ApiClient) -> None:
    assert (await remote.get("/metrics")).status_code == 401
    await remote.register("maya")
    assert (await remote.get("/metrics")).status_code == 403
    assert (await local.get("/metrics")).status_code == 200


async def test_metrics_can_be_public(db: str, tmp_path: Path) -> None:
    settings = make_settings(db, tmp_path, RETHREAD_METRICS_PUBLIC="1")
    container = build_container(settings)
    try:
        async for client in _from(create_app(settings, container), "203.0.113.9"):
            assert (await client.get("/metrics")).status_code == 200
    finally:
        await shutdown(container)


async def test_every_answer_echoes_a_request_id_the_access_log_carries(
        app: Litestar, remote: ApiClient, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[bytes] = []
    monkeypatch.setattr(app.state.access_log, "write", written.append)
    given = await remote.get("/api/health", headers={"x-request-id": "proxy-42"})
    made = await remote.get("/api/nope")
    hostile = await remote.get("/api/health", headers={"x-request-id": "a b\tc" * 30})
    refused = await remote.get("/api/products?q=%00")  # (refused by guards.py: a 400)
    app.state.access_log.flush()
    assert given.headers["x-request-id"] == "proxy-42"
    assert len(made.headers["x-request-id"]) == 32
    assert hostile.headers["x-request-id"] != "a b\tc" * 30
    assert refused.status_code == 400 and len(refused.headers["x-request-id"]) == 32
    lines: list[dict[str, Any]] = [json.loads(line) for chunk in written
                                   for line in chunk.decode().splitlines()]
    assert all(line["logger"] == "rethread.access" and line["level"] == "info"
               and line["time"].endswith("+00:00") for line in lines)
    health = next(line for line in lines if line["request_id"] == "proxy-42")
    assert health["route"] == "/api/health" and health["status"] == 200
    assert health["method"] == "GET" and health["ms"] >= 0
    assert health["message"] == "GET /api/health 200"
    assert any(line["request_id"] == made.headers["x-request-id"] and line["status"] == 404
               and line["route"] == "<unmatched>" for line in lines)
    assert any(line["request_id"] == refused.headers["x-request-id"] and line["status"] == 400
               and line["route"] == "/api/products" for line in lines)
