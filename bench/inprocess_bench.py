"""What one request costs in CPU, the app driven in-process through ASGI (no server, no wrk).

    RETHREAD_DATA_DIR=/dev/shm/b .venv/bin/python bench/inprocess_bench.py \
        [--requests 2000] [--runs 5] [--only product,search] [--profile product] [--queries]

The data dir must hold a seeded catalog (``make bench ... --reuse`` or ``rethread demo seed``
and ``rethread search rebuild``). Each scenario sends ``--requests`` GETs one after the
other to the app's ASGI callable, as a visitor (no cookie), with the response cache
emptied before every run so each product page and search is computed; the best of
``--runs`` runs is printed, in microseconds per request:

- ``cpu``: the process's CPU time (every thread: the event loop's and the database
  driver's), the figure that does not depend on other processes' load;
- ``loop``: the event loop thread's alone;
- ``wall``: elapsed time, one request at a time.

``--queries`` counts the SQL statements per request (SQLAlchemy's ``before_cursor_execute``
event); ``--profile NAME`` prints cProfile's top functions for that scenario (the event
loop thread's CPU time).

Scenarios: ``hello`` (a bare Litestar app, the same ASGI driver), ``health``, ``product``
(random ids), ``search`` and ``facets`` (``bench/http_bench.py``'s random URLs),
``suggestions``, ``similar`` (a product page's similar items, random ids).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import random
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.http_bench import facet_paths, search_paths, suggestion_paths


def _scope(path: str) -> dict[str, Any]:
    raw, _, query = path.partition("?")
    return {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1", "method": "GET", "scheme": "http", "path": raw,
            "raw_path": raw.encode(), "query_string": query.encode(), "root_path": "",
            "headers": [(b"host", b"127.0.0.1:8000"), (b"accept", b"*/*")],
            "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000), "state": {}}


async def _get(app: Any, path: str) -> int:
    status = 0

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    await app(_scope(path), receive, send)
    return status


async def _lifespan(app: Any) -> Callable[[], Any]:
    """Start the app's lifespan; answers a coroutine function that shuts it down."""
    inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    task = asyncio.create_task(app({"type": "lifespan", "asgi": {"version": "3.0"},
                                    "state": {}}, inbox.get, outbox.put))
    await inbox.put({"type": "lifespan.startup"})
    started = await outbox.get()
    assert started["type"] == "lifespan.startup.complete", started

    async def stop() -> None:
        await inbox.put({"type": "lifespan.shutdown"})
        await outbox.get()
        await task

    return stop


async def _run(app: Any, paths: list[str], count: int, rng: random.Random,
               clear: Callable[[], Awaitable[None]]) -> tuple[float, float, float, int]:
    await clear()
    picked = [rng.choice(paths) for _ in range(count)]
    bad = 0
    cpu, loop, wall = time.process_time(), time.thread_time(), time.perf_counter()
    for path in picked:
        bad += await _get(app, path) != 200
    return ((time.process_time() - cpu) / count * 1e6, (time.thread_time() - loop) / count * 1e6,
            (time.perf_counter() - wall) / count * 1e6, bad)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="hello,health,product,search,facets,suggestions")
    parser.add_argument("--profile", default="")
    parser.add_argument("--queries", action="store_true")
    args = parser.parse_args()
    os.environ.setdefault("RETHREAD_ACCESS_LOG", "0")

    from litestar import Litestar, get
    from sqlalchemy import event, text

    from entrypoints.http.app import create_app

    @get("/api/health")
    async def hello() -> dict[str, str]:
        return {"status": "ok"}

    bare = Litestar([hello])
    app = create_app()
    container = app.state.container
    stop = await _lifespan(app)
    statements = [0]
    if args.queries:
        reads = getattr(container, "listing_reads", None)  # (absent before it existed)
        engines = [container.engine().sync_engine,
                   getattr(reads(), "sqlite", None) if reads is not None else None]
        for engine in filter(None, engines):
            event.listen(engine, "before_cursor_execute",
                         lambda *_: statements.__setitem__(0, statements[0] + 1))
    async with container.engine().connect() as connection:
        low = int((await connection.scalar(text("SELECT min(id) FROM products"))) or 0)
        high = int((await connection.scalar(text("SELECT max(id) FROM products"))) or 0)
    rng = random.Random(16)
    store = app.stores.get("response_cache")

    async def clear() -> None:  # every product page and search computed, none cached
        await store.delete_all()

    scenarios: dict[str, tuple[Any, list[str]]] = {
        "hello": (bare, ["/api/health"]),
        "health": (app, ["/api/health"]),
        "product": (app, [f"/api/products/{rng.randint(low, high)}" for _ in range(5000)]),
        "search": (app, search_paths(rng, 3000)),
        "facets": (app, facet_paths(rng, 3000)),
        "suggestions": (app, suggestion_paths(rng, 3000)),
        "similar": (app, [f"/api/products/{rng.randint(low, high)}/similar"
                          for _ in range(5000)]),
    }
    print(f"load {os.getloadavg()[0]:.1f}; {args.requests} requests x {args.runs} runs, best")
    for name in [n.strip() for n in args.only.split(",") if n.strip()]:
        target, paths = scenarios[name]
        await _run(target, paths, 200, rng, clear)  # warm up
        if args.profile == name:
            profile = cProfile.Profile(time.thread_time)  # the loop's CPU
            profile.enable()
            await _run(target, paths, args.requests, rng, clear)
            profile.disable()
            pstats.Stats(profile).sort_stats("tottime").print_stats(35)
            pstats.Stats(profile).sort_stats("cumulative").print_stats(60)
        best = None
        for _ in range(args.runs):
            statements[0] = 0
            result = await _run(target, paths, args.requests, rng, clear)
            per = statements[0] / args.requests
            if best is None or result[0] < best[0][0]:
                best = (result, per)
        assert best is not None
        (cpu, loop, wall, bad), per = best
        print(f"  {name:<12} cpu {cpu:7.0f} us  loop {loop:7.0f} us  wall {wall:7.0f} us"
              + (f"  {per:.2f} queries" if args.queries else "")
              + (f"  non-200 {bad}" if bad else ""), flush=True)
    await stop()


if __name__ == "__main__":
    asyncio.run(main())
