"""``rethread serve``: the API, /ws, media and the built SPA in one server.

The server is Granian, as it ships, with the ASGI interface Litestar documents
(``docs/decisions/server.md``: why not uvicorn). Its own settings bound every request
before the app sees it: a request head is read into a buffer of at most
:data:`HEAD_BUFFER_BYTES` (a larger head, or more than 100 header lines, is answered 431
and the connection closed), and a connection that has not sent a whole head within
``RETHREAD_HEADER_TIMEOUT_SECONDS`` (10 by default: a new connection or an idle kept-alive
one) is closed. The app then holds the head to exactly 64 KB (``entrypoints/http/guards.py``).
"""

from __future__ import annotations

import atexit
import errno
import os
import shutil
import socket
import tempfile
from typing import Any

import typer
from granian.constants import HTTPModes, Interfaces, Loops
from granian.http import HTTP1Settings
from granian.server import Server

from entrypoints.cli.malloc import limit_malloc_arenas
from entrypoints.cli.runtime import ensure_database, ensure_redis
from entrypoints.logs import logging_config
from entrypoints.settings import (
    BIND_ADDRESSES,
    Settings,
    SettingsError,
    bind_address,
    get_settings,
    make_folder,
)

SHUTDOWN_GRACE_SECONDS = 10
#: Granian's read buffer for a request head. hyper (Granian's HTTP parser) answers 431 once
#: the buffer it has read holds this much without a whole head; reads come in growing
#: chunks, so a head up to about twice this can reach the app, which refuses anything over
#: 64 KB itself (``guards.MAX_HEAD_BYTES``). Memory per connection stays bounded either way.
HEAD_BUFFER_BYTES = 64 * 1024


def server_options(settings: Settings, host: str, port: int, workers: int) -> dict[str, Any]:
    """What ``rethread serve`` asks of Granian."""
    return dict(
        # the app with its long-lived heap frozen (entrypoints/cli/frozen_heap.py)
        target="entrypoints.cli.frozen_heap:create_served_app",
        factory=True,
        address=host,
        port=port,
        interface=Interfaces.ASGI,
        workers=workers,
        loop=Loops(settings.event_loop),
        # HTTP/1.1 only: a reverse proxy speaks it to its upstreams, and HTTP/2's own limits
        # (a 16 MB header block by default) would be a second set to keep bounded.
        http=HTTPModes.http1,
        websockets=True,
        http1_settings=HTTP1Settings(
            header_read_timeout=settings.header_timeout_seconds * 1000,
            keep_alive=True,
            max_buffer_size=HEAD_BUFFER_BYTES),
        # Our JSON logs (entrypoints/logs.py); the access log is the app's own, one JSON
        # line per request with its id and route (entrypoints/http/telemetry.py).
        log_enabled=True,
        log_dictconfig=logging_config(),
        log_access=False,
        # A worker that dies is started again; on SIGTERM, requests in flight get this long.
        respawn_failed_workers=True,
        workers_kill_timeout=SHUTDOWN_GRACE_SECONDS,
    )


def check_port_free(host: str, port: int) -> None:
    """Refuse, in one line, an address this server cannot have. Granian binds its port with
    ``SO_REUSEPORT``, so a second server started on a port one already serves (a second
    ``make run`` that forgot ``RETHREAD_PORT``) would share it without a word, each answering
    part of the requests from its own data. A plain bind first is refused instead, as it is
    for a port another program holds or an address this machine does not have."""
    if port == 0:  # (any free port)
        return
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # (a server that just stopped leaves connections in TIME_WAIT: no obstacle)
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            what_to_do = ("another server (another `rethread serve`?) holds the port: stop it, "
                          "or choose another RETHREAD_PORT (--port)"
                          if error.errno == errno.EADDRINUSE else
                          "RETHREAD_HOST (--host) must be an address of this machine")
            raise SettingsError(f"Cannot serve on {host}:{port}: {error.strerror}; "
                                f"{what_to_do}.") from None


def metrics_dir() -> str:
    """Where ``--workers N`` keep their metrics files (``/metrics`` adds them up): a new
    folder of this host's for each ``rethread serve``, removed when it stops. Never under
    the data dir, which several hosts (or two servers of one host) may share: their
    processes would count into, and clear, each other's files."""
    folder = tempfile.mkdtemp(prefix="rethread-metrics-")
    owner = os.getpid()

    def remove() -> None:
        if os.getpid() == owner:  # (not in a forked worker that ran the handlers it inherited)
            shutil.rmtree(folder, ignore_errors=True)

    atexit.register(remove)
    return folder


def ip_address(value: str | None) -> str | None:
    """``--host``: an IP address, as RETHREAD_HOST (``settings.bind_address``); anything
    else is a usage error about the option, not about the variable it sets."""
    if value is not None:
        try:
            bind_address(value)
        except ValueError:
            raise typer.BadParameter(f"{value!r} is not an IP address of this machine "
                                     f"({BIND_ADDRESSES})") from None
    return value


def serve(
    host: str = typer.Option(None, callback=ip_address,
                             help="IP address to bind (default RETHREAD_HOST; 0.0.0.0: "
                                  "every interface)."),
    port: int = typer.Option(None, min=0, max=65535, help="Port (default RETHREAD_PORT)."),
    workers: int = typer.Option(1, min=1, help="Server processes sharing the port."),
) -> None:
    """Serve the API, /ws, media and the built webapp (run `rethread db upgrade` first)."""
    # The flags are the variables: every worker, and the address links name when
    # RETHREAD_PUBLIC_URL is unset (settings.local_url), see the same host and port.
    for name, value in (("RETHREAD_HOST", host), ("RETHREAD_PORT", port)):
        if value is not None:
            os.environ[name] = str(value)
            get_settings.cache_clear()
    settings = get_settings()
    check_port_free(settings.host, settings.port)
    limit_malloc_arenas(settings.malloc_arenas)  # (before any thread or worker starts)
    # What the workers need is checked now: a database that is down or never migrated would
    # answer every request 500; a Redis that is down or a search folder that cannot be made
    # would fail each worker's start-up until the supervisor gives up.
    ensure_database(settings.database_url)
    ensure_redis(settings.redis_url)
    make_folder("RETHREAD_SEARCH_DIR", settings.search_dir)
    if workers > 1:
        # Each worker counts its own requests; /metrics adds up every worker's files.
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir()
    Server(**server_options(settings, settings.host, settings.port, workers)).serve()
