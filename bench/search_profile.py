"""Where a search's time goes: the bench's random URLs, one at a time, every statement timed.

    .venv/bin/python bench/search_profile.py --data-dir DIR [--kind search|facets]
        [--count 400] [--seed 7] [--show 8] [--cache]
    RETHREAD_DATABASE_URL=postgresql+asyncpg://... .venv/bin/python bench/search_profile.py ...

Runs on a database that ``make bench`` (or ``rethread demo seed``) already filled: the data
dir's SQLite file, or the database ``RETHREAD_DATABASE_URL`` names. It draws ``--count``
search (or facet) URLs exactly as ``bench/http_bench.py`` does, runs each through the
catalog service in-process (no HTTP, no other request running), and prints:

1. the distribution of the whole request (median, p90, p95, max, mean);
2. the time per shape of query (words ``q``, a price range ``p``, facet filters ``f``, sorted
   by price or not), so the kind of search that costs most stands out;
3. the slowest ``--show`` searches with their two slowest statements and parameters: a
   plan gone wrong shows as one statement taking hundreds of milliseconds.

The search cache is off unless ``--cache``: each search pays for its count, as a new
question does. This is how "Query plans at a million" in ``docs/performance.md`` was found.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import event

from application.catalog_search import SearchRequest
from bench.http_bench import facet_paths, search_paths
from entrypoints.container import build_container, shutdown
from entrypoints.settings import load_settings

FACET_PARAMS = ("brand=", "category=", "size=", "condition=")


def request_of(path: str) -> SearchRequest:
    query = parse_qs(urlsplit(path).query)

    def one(name: str) -> str | None:
        return query.get(name, [None])[0]

    return SearchRequest(q=one("q"), brands=query.get("brand", []),
                         categories=query.get("category", []), sizes=query.get("size", []),
                         conditions=query.get("condition", []), min_price=one("minPrice"),
                         max_price=one("maxPrice"), sort=one("sort"),
                         limit=int(one("limit") or 24))


def shape(path: str) -> str:
    """``qpf price``: words, a price range, facet filters, sorted by price (``-`` if not)."""
    return (("q" if "q=" in path else "-") + ("p" if "minPrice" in path else "-")
            + ("f" if any(name in path for name in FACET_PARAMS) else "-")
            + (" by price" if "sort=price" in path else " other sort"))


async def profile(kind: str, count: int, seed: int, show: int, warm: bool = False) -> None:
    container = build_container(load_settings())
    statements: list[tuple[float, str, Any]] = []
    engine = container.engine().sync_engine

    def started(conn: Any, *_: Any) -> None:
        conn.info["bench_started"] = time.perf_counter()

    def finished(conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        took = (time.perf_counter() - conn.info.pop("bench_started")) * 1000
        statements.append((took, statement, parameters))

    event.listen(engine, "before_cursor_execute", started)
    event.listen(engine, "after_cursor_execute", finished)
    catalog = container.catalog()
    rng = random.Random(seed)
    paths = search_paths(rng, count) if kind == "search" else facet_paths(rng, count)
    runs = []
    index = container.listing_index()
    if index is not None:  # the in-memory index (RETHREAD_SEARCH_INDEX=0: SQL alone)
        began = time.perf_counter()
        await index.wait()
        print(f"search index loaded in {time.perf_counter() - began:.1f} s")
    try:
        # Fill the index's word cache first, with other URLs than the measured ones (so no
        # facet pass or bitmap of a measured filter is cached, only the catalog's words).
        other = random.Random(seed + 1000)
        warming = search_paths(other, count) if kind == "search" else facet_paths(other, count)
        for path in warming if warm else ():
            await (catalog.search if kind == "search" else catalog.facets)(request_of(path))
        for path in paths:
            statements.clear()
            begun = time.perf_counter()
            if kind == "search":
                await catalog.search(request_of(path))
            else:
                await catalog.facets(request_of(path))
            runs.append(((time.perf_counter() - begun) * 1000, path, list(statements)))
    finally:
        await shutdown(container)
    runs.sort(key=lambda run: run[0])
    took = [run[0] for run in runs]

    def at(share: float) -> float:
        return took[min(len(took) - 1, int(len(took) * share))]

    print(f"{kind}, {count} random URLs (seed {seed}), ms: median {at(0.5):.1f}  "
          f"p90 {at(0.9):.1f}  p95 {at(0.95):.1f}  max {took[-1]:.1f}  "
          f"mean {sum(took) / len(took):.1f}")
    shapes: dict[str, list[float]] = {}
    for ms, path, _ in runs:
        shapes.setdefault(shape(path), []).append(ms)
    print("by shape (q words, p price range, f facet filters), most total time first:")
    for name, times in sorted(shapes.items(), key=lambda item: -sum(item[1])):
        print(f"  {name:16} {len(times):4} searches  total {sum(times):7.0f} ms  "
              f"mean {sum(times) / len(times):6.1f} ms")
    for ms, path, ran in runs[-show:] if show else []:
        print(f"\n{ms:8.1f} ms  {path}")
        for statement_ms, statement, parameters in sorted(ran, key=lambda s: -s[0])[:2]:
            print(f"  {statement_ms:8.1f} ms  {' '.join(statement.split())[:300]}  "
                  f"{str(parameters)[:160]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data-dir", default=os.environ.get("RETHREAD_DATA_DIR"))
    parser.add_argument("--kind", choices=("search", "facets"), default="search")
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show", type=int, default=8, help="slowest searches to print")
    parser.add_argument("--cache", action="store_true", help="keep the search cache on")
    parser.add_argument("--warm", action="store_true",
                        help="run as many other URLs first (a warm word cache)")
    args = parser.parse_args()
    if args.data_dir:
        os.environ["RETHREAD_DATA_DIR"] = args.data_dir
    if not args.cache:
        os.environ["RETHREAD_SEARCH_CACHE_SECONDS"] = "0"
    asyncio.run(profile(args.kind, args.count, args.seed, args.show, args.warm))


if __name__ == "__main__":
    main()
