"""The search index against SQL at full size: the bench's random searches answered both ways.

    .venv/bin/python bench/index_vs_sql.py --data-dir DIR [--count 300] [--sort price]
    RETHREAD_DATABASE_URL=postgresql+asyncpg://... .venv/bin/python bench/index_vs_sql.py ...

Runs on a database that ``make bench`` (or ``rethread demo seed``) already filled. It draws
``--count`` search URLs exactly as ``bench/http_bench.py`` does (``--sort price``: only
those sorted by price, whose pages the index may look for band by band; ``--sort any``:
all), answers each through the catalog service twice, once with the in-memory index
(``adapters/listing_index.py``) and once in SQL (``RETHREAD_SEARCH_INDEX=0``), and
compares the first page, the second page through its cursor, and the total. It prints
every difference and exits 1 if there was one.

The unit tests hold the index to brute force on small drawn catalogs; this holds it to the
database on the bench's million listings, where the walks, bands and counts take the paths
a small catalog never reaches.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from application.catalog_search import SearchPage, SearchRequest
from bench.http_bench import search_paths
from bench.search_profile import request_of
from entrypoints.container import Container, build_container, shutdown, start_search_index
from entrypoints.settings import load_settings


def ids(page: SearchPage) -> list[int | None]:
    return [view.listing.id for view in page.items]


async def both(indexed: Container, in_sql: Container, request: SearchRequest
               ) -> tuple[SearchPage, SearchPage]:
    return (await indexed.catalog().search(request), await in_sql.catalog().search(request))


async def compare(count: int, price_only: bool) -> int:
    indexed = build_container(load_settings())
    in_sql = build_container(load_settings({**os.environ, "RETHREAD_SEARCH_INDEX": "0"}))
    await start_search_index(indexed)
    index = indexed.listing_index()
    assert index is not None and in_sql.listing_index() is None
    await index.wait()
    paths = [path for path in search_paths(random.Random(77), 20 * count)
             if not price_only or "sort=price_" in path][:count]
    differ, started = 0, time.perf_counter()
    try:
        for path in paths:
            request = request_of(path)
            first, expected = await both(indexed, in_sql, request)
            found = [(ids(first), first.total, first.total_capped)]
            wanted = [(ids(expected), expected.total, expected.total_capped)]
            if first.next_cursor and expected.next_cursor:
                second, expected_second = await both(
                    indexed, in_sql, replace(request, cursor=first.next_cursor))
                found.append((ids(second), second.total, second.total_capped))
                wanted.append((ids(expected_second), expected_second.total,
                               expected_second.total_capped))
            if found != wanted:
                differ += 1
                print(f"differs: {path}\n  index {found}\n  SQL   {wanted}")
    finally:
        await shutdown(indexed)
        await shutdown(in_sql)
    print(f"{len(paths)} searches ({'sorted by price' if price_only else 'any sort'}), "
          f"first and second pages and totals: {differ} differ "
          f"({time.perf_counter() - started:.0f} s)")
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--sort", choices=("price", "any"), default="price")
    args = parser.parse_args()
    os.environ["RETHREAD_DATA_DIR"] = str(args.data_dir)
    sys.exit(1 if asyncio.run(compare(args.count, args.sort == "price")) else 0)


if __name__ == "__main__":
    main()
