"""What a plain Tantivy query costs on a built index, next to what our search port costs.

    .venv/bin/python bench/engine_cost.py DATA_DIR [--queries 500]

``DATA_DIR`` is a data dir the HTTP bench seeded (``--data-dir``, its ``search/`` index).
In-process, one thread, no HTTP, no database: each line is milliseconds per query.

- ``plain``: a plain Tantivy query of the kind the issue's prototype ran (the status term,
  maybe a word and a category as exact terms, the top 24 by a fast field, no count): what
  the engine costs for a search with none of the shop's rules or of the port's shortcuts.
- ``plain + count``: the same with the total counted.
- ``port: count`` and ``port: page``: ``TantivySearch.count`` (capped as the shop shows it)
  and ``TantivySearch.ids`` (24 ids, exact order) for the HTTP bench's own random search
  URLs (``http_bench.search_paths``: words with their stems, filters, price ranges, sorts),
  as ``CatalogService.search`` asks them; the first 100 warm its kept windows and queries.

Read with ``docs/performance.md`` ("What the unmet targets cost"): a worker cannot answer
more searches a second than its cores divided by these times.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tantivy
from tantivy import Occur, Order, Query

from adapters.search.documents import live_path, open_index
from adapters.search.engine import SCHEMA, TantivySearch
from application.catalog import TOTAL_CAP
from application.catalog_search import SearchRequest, parse_filter, parse_sort
from bench.http_bench import CATEGORIES, WORDS, search_paths

WARM = 100


def _request(path: str) -> SearchRequest:
    found = parse_qs(urlsplit(path).query)
    one = lambda name: found.get(name, [None])[0]  # noqa: E731
    return SearchRequest(q=one("q"), brands=found.get("brand", []),
                         categories=found.get("category", []), sizes=found.get("size", []),
                         conditions=found.get("condition", []), min_price=one("minPrice"),
                         max_price=one("maxPrice"), sort=one("sort"))


def _line(name: str, times: list[float]) -> None:
    times = sorted(times)
    print(f"  {name:<16} p50 {times[len(times) // 2]:6.2f}  p95 "
          f"{times[int(len(times) * 0.95)]:6.2f}  mean {statistics.mean(times):6.2f} ms")


def plain(searcher: tantivy.Searcher, queries: int, count: bool) -> list[float]:
    rng = random.Random(1)
    times = []
    for _ in range(queries):
        parts = [(Occur.Must, Query.term_query(SCHEMA, "status", "available"))]
        if rng.random() < 0.5:
            parts.append((Occur.Must, Query.term_query(SCHEMA, "terms", rng.choice(WORDS))))
        if rng.random() < 0.4:
            parts.append((Occur.Must, Query.term_query(SCHEMA, "category",
                                                       rng.choice(CATEGORIES))))
        started = time.perf_counter()
        searcher.search(Query.boolean_query(parts), limit=24, count=count,
                        order_by_field=rng.choice(("created", "price")), order=Order.Desc)
        times.append((time.perf_counter() - started) * 1000)
    return times


async def port(engine: TantivySearch, queries: int) -> tuple[list[float], list[float]]:
    counts, pages = [], []
    for path in search_paths(random.Random(16), queries + WARM):
        request = _request(path)
        query = parse_filter(request)
        sort = parse_sort(request.sort, bool(query.words))
        started = time.perf_counter()
        total = await engine.count(query, up_to=TOTAL_CAP + 1)
        counted = time.perf_counter()
        if total:
            await engine.ids(query, sort, 25, None)
        counts.append((counted - started) * 1000)
        pages.append((time.perf_counter() - counted) * 1000)
    return counts[WARM:], pages[WARM:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data_dir", type=Path)
    parser.add_argument("--queries", type=int, default=500)
    args = parser.parse_args()
    live = live_path(args.data_dir / "search")
    if live is None:
        sys.exit(f"no search index in {args.data_dir / 'search'}")
    searcher = open_index(live).searcher()
    print(f"{searcher.num_docs:,} documents in {searcher.num_segments} segments, "
          f"{args.queries} queries each, one thread")
    _line("plain", plain(searcher, args.queries, count=False))
    _line("plain + count", plain(searcher, args.queries, count=True))
    counts, pages = asyncio.run(port(TantivySearch(args.data_dir / "search"), args.queries))
    _line("port: count", counts)
    _line("port: page", pages)
    _line("port: both", [c + p for c, p in zip(counts, pages, strict=True)])


if __name__ == "__main__":
    main()
