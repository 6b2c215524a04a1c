"""``rethread serve``: the API, /ws, media and the built SPA in one server."""

from __future__ import annotations

import os

import typer
import uvicorn

from entrypoints.cli.nodelay import NoDelayHttpToolsProtocol
from entrypoints.settings import get_settings

SHUTDOWN_GRACE_SECONDS = 10

WORKER_HEALTHCHECK_SECONDS = 60


def serve(
    host: str = typer.Option(None, help="Interface to bind (default RETHREAD_HOST)."),
    port: int = typer.Option(None, help="Port (default RETHREAD_PORT)."),
    workers: int = typer.Option(1, min=1, help="Server processes sharing the port."),
) -> None:
    """Serve Rethread."""
    settings = get_settings()
    if workers > 1 and not settings.redis_url:
        # The search cache is invalidated per process without Redis; several processes
        # without it would serve one another's stale facets (docs/deploy.md).
        os.environ["RETHREAD_SEARCH_CACHE_SECONDS"] = "0"
    uvicorn.run(
        # the app with its long-lived heap frozen (entrypoints/cli/frozen_heap.py)
        "entrypoints.cli.frozen_heap:create_served_app",
        factory=True,
        host=host or settings.host,
        port=port or settings.port,
        workers=workers,
        loop=settings.loop_for(workers),
        http=NoDelayHttpToolsProtocol,
        # Behind a reverse proxy the peer is the proxy: believe its X-Forwarded-For (the
        # shopper's address, which the login and contact limits count) only when it is one
        # of RETHREAD_FORWARDED_ALLOW_IPS (docs/deploy.md); never from anyone else.
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
        log_level="info",
        access_log=settings.access_log,
        # With --workers the parent pings each worker and replaces one that does not answer
        # within this many seconds. uvicorn's 5 s is shorter than a worker's start (imports)
        # on a busy 2-core machine: workers were killed and restarted while starting, and a
        # worker killed under load takes all its WebSockets with it.
        timeout_worker_healthcheck=WORKER_HEALTHCHECK_SECONDS,
        # /ws events are small JSON: compressing each costs CPU on both ends and a zlib
        # context per socket (docs/performance.md, "Realtime"), for little gain.
        ws_per_message_deflate=False,
    )
