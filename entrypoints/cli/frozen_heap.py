"""The app as ``rethread serve`` runs it: the long-lived heap kept out of the collector's way.

A full (generation 2) collection of CPython's cycle collector walks every tracked object.
In a server process those are ~120,000 objects that live as long as it does (modules, the
framework's routes and types, the container); walking them took 50-70 ms on this
machine, during which no request moved, and under load one came every few seconds: the
p99 of every scenario of the benchmark, a health check included, sat at 90-190 ms
(``docs/performance.md``). ``gc.freeze()`` moves the objects alive at that moment to a
permanent generation that collections skip; objects made later are collected as before,
and frozen ones are still freed by reference counting when the last reference goes.

Only the served process freezes: tests create many apps in one process, and a frozen app
held in a reference cycle would never be collected.
"""

from __future__ import annotations

import gc

from granian.utils.proxies import wrap_asgi_with_proxy_headers
from litestar import Litestar
from litestar.types import ASGIApp

from entrypoints.http.app import create_app
from entrypoints.settings import get_settings


def create_served_app() -> ASGIApp:
    """:func:`create_app`, freezing the heap once started.

    Behind a reverse proxy the peer is the proxy: its X-Forwarded-For (the shopper's
    address, which the login and contact limits count) and X-Forwarded-Proto are believed
    only when it is one of ``RETHREAD_FORWARDED_ALLOW_IPS`` (docs/deploy.md), through
    Granian's own wrapper; never from anyone else."""
    app = create_app()
    app.on_startup.append(freeze_when_loaded)
    trusted = get_settings().forwarded_allow_ips
    if trusted:
        wrapped: ASGIApp = wrap_asgi_with_proxy_headers(app, trusted_hosts=trusted)  # (untyped)
        return wrapped
    return app


async def freeze_when_loaded(app: Litestar) -> None:
    _freeze()


def _freeze() -> None:
    gc.collect()  # garbage first (once, ~70 ms), so that no cycle of it is kept for good
    gc.freeze()
