"""A listening socket per worker for ``rethread serve --workers N`` (``SO_REUSEPORT``).

uvicorn binds one socket in its parent process and every worker accepts from it. Which
worker takes a new connection is then whichever wakes first, and under 64 connections one
worker held most of them and queued their requests while the other had little to do:
search p95 442 ms and facets 216 ms on two workers, against 108-136 and 44-49 on one
(``docs/performance.md``). With ``SO_REUSEPORT`` each worker binds a socket of its own to
the same address and the kernel spreads new connections over them by a hash of their
addresses.

uvicorn's supervisor (worker restarts, health checks, signals) is kept: it hands each
worker the parent's list of sockets, pickled, and :class:`ReusePortBinding` is what it
carries; unpickled in the worker it is that worker's own bound socket. The parent binds
one too (it never listens, so the kernel gives it no connection): a port that is taken
fails at once, as uvicorn's own bind does.
"""

from __future__ import annotations

import socket
from typing import Any


def bind_reuseport(host: str, port: int) -> socket.socket:
    """A TCP socket bound to (host, port) with ``SO_REUSEPORT``; not yet listening."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


class ReusePortBinding:
    """Stands for a socket in the supervisor's list; each worker unpickles its own."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port

    def __reduce__(self) -> tuple[Any, tuple[str, int]]:
        return bind_reuseport, (self.host, self.port)


def supported() -> bool:
    return hasattr(socket, "SO_REUSEPORT")


def shared_socket(workers: int) -> bool:
    """Must ``workers`` share one listening socket (uvicorn's own), for want of
    ``SO_REUSEPORT``? The serve command binds by it and the event loop is chosen by it."""
    return workers > 1 and not supported()
