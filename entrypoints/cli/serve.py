"""``rethread serve``: the API, /ws, media and the built SPA in one server."""

from __future__ import annotations

import logging
import sys
from typing import Any

import typer
import uvicorn
from uvicorn.main import STARTUP_FAILURE
from uvicorn.supervisors import Multiprocess

from entrypoints.cli import reuseport
from entrypoints.cli.http_protocol import ServedHttpProtocol
from entrypoints.settings import Settings, get_settings

SHUTDOWN_GRACE_SECONDS = 10
logger = logging.getLogger("uvicorn.error")

WORKER_HEALTHCHECK_SECONDS = 60


def event_loop(settings: Settings, workers: int) -> str:
    """The event loop ``rethread serve --workers N`` runs on (``RETHREAD_EVENT_LOOP``)."""
    if settings.event_loop != "auto":
        return settings.event_loop
    # asyncio's loop had the even latencies; uvloop spread connections better over
    # several workers sharing one socket, which they do only where each cannot have
    # its own (SO_REUSEPORT: entrypoints/cli/reuseport.py; docs/performance.md).
    return "uvloop" if reuseport.shared_socket(workers) else "asyncio"


def serve(
    host: str = typer.Option(None, help="Interface to bind (default RETHREAD_HOST)."),
    port: int = typer.Option(None, help="Port (default RETHREAD_PORT)."),
    workers: int = typer.Option(1, min=1, help="Server processes sharing the port."),
) -> None:
    """Serve Rethread."""
    settings = get_settings()
    options: dict[str, Any] = dict(
        # the app with its long-lived heap frozen (entrypoints/cli/frozen_heap.py)
        app="entrypoints.cli.frozen_heap:create_served_app",
        factory=True,
        host=host or settings.host,
        port=port or settings.port,
        workers=workers,
        loop=event_loop(settings, workers),
        http=ServedHttpProtocol,
        # Behind a reverse proxy the peer is the proxy: believe its X-Forwarded-For (the
        # shopper's address, which the login and contact limits count) only when it is one
        # of RETHREAD_FORWARDED_ALLOW_IPS (docs/deploy.md); never from anyone else.
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
        log_level="info",
        access_log=settings.access_log,
        # Idle keep-alive connections close after this long (RETHREAD_KEEP_ALIVE_SECONDS:
        # above a reverse proxy's own idle timeout, docs/deploy.md).
        timeout_keep_alive=settings.keep_alive_seconds,
        # With --workers the parent pings each worker and replaces one that does not answer
        # within this many seconds. uvicorn's 5 s is shorter than a worker's start (imports)
        # on a busy 2-core machine: workers were killed and restarted while starting, and a
        # worker killed under load takes all its WebSockets with it.
        timeout_worker_healthcheck=WORKER_HEALTHCHECK_SECONDS,
        # On SIGTERM, requests still queued at the admission gate get this long to finish;
        # without it they held the shutdown up to the pool timeout (60 s).
        timeout_graceful_shutdown=SHUTDOWN_GRACE_SECONDS,
        # /ws events are small JSON: compressing each costs CPU on both ends and a zlib
        # context per socket (docs/performance.md, "Realtime"), for little gain.
        ws_per_message_deflate=False,
        # No "server: uvicorn" on every response: it tells a scanner which server's flaws
        # to try, and is one header less to check and send (the Date header stays).
        server_header=False,
    )
    if workers == 1 or reuseport.shared_socket(workers):
        uvicorn.run(**options)
        return
    # Several workers: a listening socket each (entrypoints/cli/reuseport.py), under
    # uvicorn's own supervisor.
    config = uvicorn.Config(**options)
    try:
        reserved = reuseport.bind_reuseport(config.host, config.port)
    except OSError as error:
        logger.error("cannot bind %s:%s: %s", config.host, config.port, error)
        sys.exit(STARTUP_FAILURE)
    bound = reserved.getsockname()[1]  # the port itself when 0 asked for any free one
    logger.info("Uvicorn running on http://%s:%d (%d workers, a socket each)",
                config.host, bound, workers)
    each: Any = reuseport.ReusePortBinding(config.host, bound)
    try:
        Multiprocess(config, sockets=[each]).run()
    finally:
        reserved.close()
