"""Request ids, the access log and Prometheus metrics: what every request leaves behind.

:class:`Telemetry`: one ASGI middleware on the app, so every route (the SPA and media
included) is covered without doing anything, and a ``before_send`` hook that sees every
answer, also those the router gives before any route runs (an unknown ``/api`` path, a 405)
and the refusals of ``guards.py``:

- **Request id**: the client's ``X-Request-ID`` when it is a plain token of at most 64
  characters (a proxy's, so its log and ours line up), else a new one; echoed in the
  response's ``X-Request-ID`` and added to every log record made while the request runs
  (``entrypoints/logs.py``).
- **Access log**: one JSON line per request named ``rethread.access`` (request id, method,
  path, route template, status, milliseconds, client address), on standard error beside
  the other logs, written once per turn of the event loop for all the requests answered in
  it (``entrypoints/logs.py``, :class:`AccessLog`). On by default;
  ``RETHREAD_ACCESS_LOG=0`` turns it off.
- **Metrics** (prometheus-client): requests by method, route template and status; latency
  histograms by method and route; open WebSocket connections; rate-limit refusals (429s) by
  route; and the gauges an area hands the app as a :data:`GaugeSource` (the search index's
  lag behind the outbox, its documents, its last commit's age), read when ``/metrics`` is
  scraped. With ``--workers N`` each worker
  writes its own files in the folder ``rethread serve`` made for them
  (``entrypoints/cli/serve.py`` ``metrics_dir``) and ``/metrics`` adds them up
  (prometheus-client's multiprocess mode).

``GET /metrics`` answers administrators and the loopback address (a collector on the same
host) only, unless ``RETHREAD_METRICS_PUBLIC=1``.
"""

from __future__ import annotations

import itertools
import os
import re
from collections.abc import Awaitable, Callable, Iterator
from time import perf_counter
from typing import Any, Final, cast

from litestar import Request, Response, get
from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send
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
from entrypoints.logs import AccessLog, request_id_var

REQUEST_ID: Final = "rethread.request_id"  # in the scope: the request's id
_STARTED: Final = "rethread.started"  # in the scope: perf_counter() when a route began
_STATUS: Final = "rethread.status"  # in the scope: the answer's status, until its end
_TOKEN = re.compile(rb"[A-Za-z0-9._:-]{1,64}")
UNMATCHED = "<unmatched>"
LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
#: Prometheus' text format without its charset: Litestar adds ``; charset=utf-8`` to every
#: text/* type, and a Content-Type naming the charset twice is refused by a strict parser
#: (Prometheus 3 fails the scrape).
METRICS_MEDIA_TYPE: Final = CONTENT_TYPE_LATEST.partition("; charset=")[0]

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


class _Ids:
    """Request ids: the client's when it is a plain token, else this process's random
    prefix and a counter (32 hex digits, unique per process without a random draw each)."""

    def __init__(self) -> None:
        self.prefix = os.urandom(8).hex()
        self.counter = itertools.count(1)

    def of(self, scope: Scope) -> bytes:
        for name, value in scope["headers"]:
            if name == b"x-request-id" and _TOKEN.fullmatch(value):
                return bytes(value)
        return f"{self.prefix}{next(self.counter):016x}".encode()


#: Each (method, route, status)'s counters and (method, route)'s histogram, looked up once
#: (prometheus-client's ``labels()`` takes a lock and joins strings on every call).
_SERIES: dict[tuple[str, str, int], tuple[Any, Any, Any]] = {}


def _count(method: str, route: str, status: int, seconds: float | None) -> None:
    series = _SERIES.get((method, route, status))
    if series is None:
        series = _SERIES[method, route, status] = (
            REQUESTS.labels(method, route, str(status)), LATENCY.labels(method, route),
            REFUSALS.labels(route) if status == 429 else None)
    requests, latency, refusals = series
    requests.inc()
    if seconds is not None:
        latency.observe(seconds)
    if refusals is not None:
        refusals.inc()


class Telemetry:
    """The middleware and the ``before_send`` hook installed on the app (see the module
    docstring). The middleware marks a routed request (its id, when it started); the hook
    sees every answer's start and end, routed or not (an unknown path, a 405, a refusal of
    ``guards.py`` raised before the route's own error handling), so every answer is counted
    and logged with its real status and carries its id."""

    def __init__(self, log_access: bool) -> None:
        self.ids = _Ids()
        self.access = AccessLog() if log_access else None

    def middleware(self, app: ASGIApp) -> ASGIApp:
        ids = self.ids

        async def observed(scope: Scope, receive: Receive, send: Send) -> None:
            kind = scope["type"]
            if kind == ScopeType.HTTP:
                request_id = ids.of(scope)
                # Read back by the hook (ASGI lets middleware add its own keys to the scope;
                # Litestar's Scope type lists only those it knows).
                own = cast("dict[str, Any]", scope)
                own[REQUEST_ID], own[_STARTED] = request_id, perf_counter()
                token = request_id_var.set(request_id.decode())
                try:
                    await app(scope, receive, send)
                finally:
                    request_id_var.reset(token)
            elif kind == ScopeType.WEBSOCKET:
                SOCKETS.inc()
                try:
                    await app(scope, receive, send)
                finally:
                    SOCKETS.dec()
            else:
                await app(scope, receive, send)

        return observed

    def before_send(self, message: Message, scope: Scope) -> None:
        """Called (synchronously) for every message the app sends."""
        sent, own = cast("dict[str, Any]", message), cast("dict[str, Any]", scope)
        kind = sent["type"]
        if kind == "http.response.start":
            if own["type"] != ScopeType.HTTP:
                return
            request_id = own.get(REQUEST_ID)
            if request_id is None:  # (no route ran: its id is made here)
                request_id = own[REQUEST_ID] = self.ids.of(scope)
            own[_STATUS] = sent["status"]
            sent["headers"] = [*sent.get("headers", ()), (b"x-request-id", request_id)]
        elif kind == "http.response.body" and not sent.get("more_body", False):
            status = own.pop(_STATUS, None)
            if status is not None:
                self._record(own, status)

    def _record(self, scope: dict[str, Any], status: int) -> None:
        started = scope.get(_STARTED)
        seconds = None if started is None else perf_counter() - started
        method, route = scope["method"], scope.get("path_template") or UNMATCHED
        _count(method, route, status, seconds)
        if self.access is not None:
            client = scope.get("client")
            self.access.line(
                scope[REQUEST_ID].decode(), method, scope["path"], route, status,
                None if seconds is None else round(seconds * 1000, 2),
                client[0] if client else None)


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


@get("/metrics", tags=["system"],
     opt={"errors": {401, 403}, "exclude_from_csrf": True}, media_type=METRICS_MEDIA_TYPE)
async def metrics(request: Request[Any, Any, Any], viewer: User | None) -> Response[bytes]:
    """Read the Prometheus metrics.

    Request counts and latency per route, open WebSockets, rate-limit refusals and the
    areas' gauges (search lag, documents), in Prometheus' text format, never cached.
    Administrators and callers on the loopback address only, unless the server runs with
    `RETHREAD_METRICS_PUBLIC=1`: 401 for other visitors, 403 for other members.
    """
    if not _may_read_metrics(request, viewer):
        if viewer is None:
            raise NotAuthenticated("You need to be logged in.")
        raise Forbidden("Only administrators can read the metrics.")
    sources: list[GaugeSource] = getattr(request.app.state, "gauges", [])
    return Response(await _exposition(sources), media_type=METRICS_MEDIA_TYPE,
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
