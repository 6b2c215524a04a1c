"""Request ids, the access log and Prometheus metrics: what every request leaves behind.

One ASGI middleware (:func:`telemetry`) on the app, so every route (the SPA and media
included) is covered without doing anything, and a ``before_send`` hook
(:func:`unmatched`) for the answers the router gives before any route runs (an unknown
``/api`` path, a 405):

- **Request id**: the client's ``X-Request-ID`` when it is a plain token of at most 64
  characters (a proxy's, so its log and ours line up), else a new one; echoed in the
  response's ``X-Request-ID`` and added to every log record made while the request runs
  (``entrypoints/logs.py``).
- **Access log**: one JSON line per request on the ``rethread.access`` logger (request id,
  method, path, route template, status, milliseconds, client address), through Litestar's
  queue handler, so the request never waits on the write. On by default;
  ``RETHREAD_ACCESS_LOG=0`` turns it off.
- **Metrics** (prometheus-client): requests by method, route template and status; latency
  histograms by method and route; open WebSocket connections; rate-limit refusals (429s) by
  route; and the gauges an area hands the app as a :data:`GaugeSource` (the search index's
  lag behind the outbox, its documents, its last commit's age), read when ``/metrics`` is
  scraped. With ``--workers N`` each worker
  writes its own files under ``<data dir>/metrics`` and ``/metrics`` adds them up
  (prometheus-client's multiprocess mode).

``GET /metrics`` answers administrators and the loopback address (a collector on the same
host) only, unless ``RETHREAD_METRICS_PUBLIC=1``.
"""

from __future__ import annotations

import logging
import os
import re
import uuid
from collections.abc import Awaitable, Callable, Iterator
from time import perf_counter
from typing import Any, Final

from litestar import Request, Response, get
from litestar.enums import ScopeType
from litestar.types import ASGIApp, HTTPScope, Message, Receive, Scope, Send
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector

from application.ports import Clock
from application.system import SystemService
from domain.accounts import User
from domain.errors import Forbidden, NotAuthenticated
from entrypoints.logs import request_id_var

REQUEST_ID: Final = "rethread.request_id"  # in the scope: the request's id
_TOKEN = re.compile(rb"[A-Za-z0-9._:-]{1,64}")
UNMATCHED = "<unmatched>"
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})

access = logging.getLogger("rethread.access")
disable_created_metrics()  # (a *_created sample beside every series: noise for a scraper)

REQUESTS = Counter("rethread_http_requests", "HTTP requests answered",
                   ["method", "route", "status"])
LATENCY = Histogram("rethread_http_request_duration_seconds",
                    "Time from a request reaching the app to its answer's end",
                    ["method", "route"],
                    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0,
                             2.5, 5.0, 10.0))
SOCKETS = Gauge("rethread_websocket_connections", "Open /ws connections",
                multiprocess_mode="livesum")
REFUSALS = Counter("rethread_rate_limit_refusals", "Requests refused with 429 (rate limits)",
                   ["route"])

#: A reader of figures an area owns, called at each scrape: (name, help, value) triples.
#: The app's sources are in ``app.state.gauges`` (wired in ``entrypoints/http/app.py``).
GaugeSource = Callable[[], Awaitable[list[tuple[str, str, float]]]]


def _request_id(scope: Scope) -> bytes:
    for name, value in scope["headers"]:
        if name == b"x-request-id" and _TOKEN.fullmatch(value):
            return value
    return uuid.uuid4().hex.encode()


def _record(scope: HTTPScope, request_id: bytes, status: int, seconds: float | None,
            log_access: bool) -> None:
    method, route = scope["method"], scope.get("path_template") or UNMATCHED
    REQUESTS.labels(method, route, str(status)).inc()
    if seconds is not None:
        LATENCY.labels(method, route).observe(seconds)
    if status == 429:
        REFUSALS.labels(route).inc()
    if log_access:
        client = scope.get("client")
        access.info("%s %s %d", method, scope["path"], status, extra={
            "request_id": request_id.decode(), "method": method, "path": scope["path"],
            "route": route, "status": status,
            "ms": None if seconds is None else round(seconds * 1000, 2),
            "client": client[0] if client else None})


def telemetry(log_access: bool) -> Callable[[ASGIApp], ASGIApp]:
    """The middleware factory installed on the app (see the module docstring)."""

    def middleware(app: ASGIApp) -> ASGIApp:
        async def observed(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] == ScopeType.WEBSOCKET:
                SOCKETS.inc()
                try:
                    await app(scope, receive, send)
                finally:
                    SOCKETS.dec()
                return
            if scope["type"] != ScopeType.HTTP:
                await app(scope, receive, send)
                return
            request_id = _request_id(scope)
            # Read back by ``unmatched`` below. Litestar's Scope type lists only the keys it
            # knows; ASGI lets middleware add its own.
            scope[REQUEST_ID] = request_id  # type: ignore[typeddict-unknown-key]  # ASGI: own keys
            token = request_id_var.set(request_id.decode())
            started, status = perf_counter(), 500

            async def sending(message: Message) -> None:
                nonlocal status
                if message["type"] == "http.response.start":
                    status = message["status"]
                    message["headers"] = [*message.get("headers", []),
                                          (b"x-request-id", request_id)]
                await send(message)

            try:
                await app(scope, receive, sending)
            finally:
                request_id_var.reset(token)
                _record(scope, request_id, status, perf_counter() - started, log_access)

        return observed

    return middleware


def unmatched(log_access: bool) -> Callable[[Message, Scope], Awaitable[None]]:
    """A ``before_send`` hook: the id, count and log line of an answer no route gave."""

    async def before_send(message: Message, scope: Scope) -> None:
        if message["type"] != "http.response.start" or scope["type"] != ScopeType.HTTP \
                or REQUEST_ID in scope:
            return
        request_id = _request_id(scope)
        message["headers"] = [*message.get("headers", []), (b"x-request-id", request_id)]
        _record(scope, request_id, message["status"], None, log_access)

    return before_send


class _Figures:
    """A collector of figures read for this scrape."""

    def __init__(self, figures: list[tuple[str, str, float]]) -> None:
        self.figures = figures

    def collect(self) -> Iterator[GaugeMetricFamily]:
        for name, description, value in self.figures:
            family = GaugeMetricFamily(name, description)
            family.add_metric([], value)
            yield family


async def _exposition(sources: list[GaugeSource]) -> bytes:
    figures = [figure for read in sources for figure in await read()]
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
    else:
        registry = REGISTRY
    extra = CollectorRegistry(auto_describe=False)
    extra.register(_Figures(figures))
    return generate_latest(registry) + generate_latest(extra)


def _may_read_metrics(request: Request[Any, Any, Any], viewer: User | None) -> bool:
    if request.app.state.settings.metrics_public:
        return True
    client = request.client.host if request.client else None
    return client in LOOPBACK or (viewer is not None and viewer.is_admin)


@get("/metrics", summary="Prometheus metrics", tags=["system"],
     description="Request counts and latency per route, open WebSockets, rate-limit "
                 "refusals and the areas' gauges, in Prometheus' text format. Administrators "
                 "and the loopback address only, unless RETHREAD_METRICS_PUBLIC=1.",
     opt={"errors": {401, 403}, "exclude_from_csrf": True}, media_type=CONTENT_TYPE_LATEST)
async def metrics(request: Request[Any, Any, Any], viewer: User | None) -> Response[bytes]:
    if not _may_read_metrics(request, viewer):
        if viewer is None:
            raise NotAuthenticated("You need to be logged in.")
        raise Forbidden("Only administrators can read the metrics.")
    sources: list[GaugeSource] = getattr(request.app.state, "gauges", [])
    return Response(await _exposition(sources), media_type=CONTENT_TYPE_LATEST,
                    headers={"Cache-Control": "no-store"})


def search_gauges(system: Callable[[], SystemService], clock: Clock) -> GaugeSource:
    """The search index's figures for /metrics: its lag behind the outbox, its documents and
    the age of its last commit (docs/search.md, "Operations")."""

    async def read() -> list[tuple[str, str, float]]:
        status = await system().search_status()
        if status is None:
            return []
        figures = [
            ("rethread_search_lag_rows", "Outbox rows this host's search index has still to "
             "apply", float(status.lag)),
            ("rethread_search_documents", "Listings in this host's search index",
             float(status.documents))]
        if status.committed_at is not None:
            figures.append(("rethread_search_commit_age_seconds", "Seconds since this host's "
                            "search index last committed",
                            (clock.now() - status.committed_at).total_seconds()))
        return figures

    return read
