"""Search benchmark: seed N listings through the bulk path, then time typical searches.

    .venv/bin/python bench/search_bench.py [--listings 100000] [--repeat 25] [--data-dir D]

Seeds a fresh SQLite database in a temporary directory (and, when
RETHREAD_TEST_DATABASE_URL is set, that PostgreSQL database too; its public schema is
dropped and recreated, as the test suite does) with the demo seeder, then runs each query
through the catalog service (search + total + sellers + photos, as the API does) and prints
p50 / p95 milliseconds. Photos come from a tiny flat drawing here: this measures search.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from dependency_injector import providers
from PIL import Image
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from sqlalchemy import text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adapters.demo.images import SHAPES
from adapters.migrations import upgrade
from adapters.sqlalchemy.engine import reset_postgres_schema
from application.catalog_search import SearchRequest
from application.ports.catalog import ListingFilter
from application.ports.media import GarmentLook, GarmentPhotos, OutfitPhoto
from entrypoints.container import Container, build_container, shutdown
from entrypoints.settings import load_settings

console = Console()


async def settle(container: Container) -> None:
    """PostgreSQL: VACUUM ANALYZE, as autovacuum would soon after a bulk load, so the
    timings show the steady state (index-only scans need the visibility map)."""
    if not container.settings().database_url.startswith("postgresql"):
        return
    engine = container.engine()
    async with engine.connect() as connection:
        autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
        await autocommit.execute(text("VACUUM ANALYZE products"))
        await autocommit.execute(text("VACUUM ANALYZE product_images"))


class FlatPictures:
    kinds = tuple(SHAPES)

    async def draw(self, look: GarmentLook) -> GarmentPhotos:
        out = io.BytesIO()
        Image.new("RGB", (40, 50), (30 * look.pose % 255, len(look.kind) * 25, 90)).save(
            out, format="PNG")
        return GarmentPhotos(out.getvalue(), out.getvalue())

    async def draw_outfit(self, looks: list[GarmentLook], variant: int) -> OutfitPhoto:
        """The demo's style posts draw outfits too; a flat picture is enough here."""
        out = io.BytesIO()
        Image.new("RGB", (40, 50), (90, 30 * variant % 255, 60)).save(out, format="PNG")
        return OutfitPhoto(out.getvalue(), tuple((0.5, 0.5) for _ in looks))


async def seed(container: Container, listings: int) -> float:
    container.garment_pictures.override(providers.Object(FlatPictures()))
    started = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=console, transient=True) as bar:
        tasks: dict[str, Any] = {}

        def report(step: str, done: int, total: int) -> None:
            if step not in tasks:
                tasks[step] = bar.add_task(f"Seeding {step}", total=total)
            bar.update(tasks[step], completed=done, total=total)

        await container.demo_seeder().seed(listings=listings, progress=report)
    return time.perf_counter() - started


def queries(maya_id: int) -> dict[str, SearchRequest]:
    return {
        "newest, first page (with total)": SearchRequest(),
        "category=dresses": SearchRequest(categories=["dresses"]),
        "brand=nike & size=m": SearchRequest(brands=["nike"], sizes=["m"]),
        "price 20-60, low to high": SearchRequest(min_price="20", max_price="60",
                                                   sort="price_low_high"),
        "price high to low": SearchRequest(sort="price_high_low"),
        "most popular": SearchRequest(sort="most_popular"),
        "q=nik (prefix)": SearchRequest(q="nik"),
        "q=levi jeans": SearchRequest(q="levi jeans"),
        "q=wool + category=outerwear": SearchRequest(q="wool", categories=["outerwear"]),
        "q=zzzz (no match)": SearchRequest(q="zzzz"),
        "q=jackets (plural, relevance)": SearchRequest(q="jackets"),
        "q=h&m (one term)": SearchRequest(q="h&m"),
        "q=outerwear (category word)": SearchRequest(q="outerwear"),
        "q=jakcet (typo, corrected)": SearchRequest(q="jakcet"),
        "sellerId (one seller)": SearchRequest(seller_id=maya_id),
    }


async def timed(call: Callable[[], Awaitable[Any]], repeat: int) -> list[float]:
    await call()  # warm caches and prepared statements
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        await call()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def bench(container: Container, label: str, listings: int, repeat: int) -> None:
    await asyncio.to_thread(upgrade, container.settings().database_url)
    if await container.demo_seeder().is_seeded():
        listings = await container.search().count(ListingFilter(include_unavailable=True))
        console.print(f"[bold]{label}[/]: reusing {listings:,} seeded listings")
    else:
        seconds = await seed(container, listings)
        console.print(f"[bold]{label}[/]: seeded {listings:,} listings in {seconds:.1f} s")
    await settle(container)
    started = time.perf_counter()
    await container.search_indexer().rebuild()  # the seed's outbox, all at once
    console.print(f"search index rebuilt in {time.perf_counter() - started:.1f} s")
    catalog = container.catalog()
    async with container.uow() as uow:
        maya = await uow.users.get_by_login("maya")
    table = Table(title=f"{label}, {listings:,} listings (ms, {repeat} runs)")
    for column in ("query", "p50", "p95", "total"):
        table.add_column(column, justify="left" if column == "query" else "right")
    for name, request in queries(maya.id).items():
        samples = await timed(lambda r=request: catalog.search(r), repeat)
        total = (await catalog.search(request)).total
        table.add_row(name, f"{statistics.median(samples):.1f}",
                      f"{percentile(samples, 0.95):.1f}", f"{total:,}")
    first = await catalog.search(SearchRequest())
    deep = first
    for _ in range(50):
        deep = await catalog.search(SearchRequest(cursor=deep.next_cursor))
    for name, request in {
        "next page (cursor)": SearchRequest(cursor=first.next_cursor),
        "page 52 (cursor)": SearchRequest(cursor=deep.next_cursor),
    }.items():
        samples = await timed(lambda r=request: catalog.search(r), repeat)
        table.add_row(name, f"{statistics.median(samples):.1f}",
                      f"{percentile(samples, 0.95):.1f}", f"{first.total:,}")
    for name, request in {"facets, no filter": SearchRequest(),
                          "facets, q=jacket": SearchRequest(q="jacket")}.items():
        samples = await timed(lambda r=request: catalog.facets(r), repeat)
        table.add_row(name, f"{statistics.median(samples):.1f}",
                      f"{percentile(samples, 0.95):.1f}", "")
    suggest = getattr(catalog, "suggest", None)
    if suggest is not None:  # the header's suggestions (issue 14)
        samples = await timed(lambda: suggest("le"), repeat)
        table.add_row("suggestions, q=le", f"{statistics.median(samples):.1f}",
                      f"{percentile(samples, 0.95):.1f}", "")
    console.print(table)


async def main(listings: int, repeat: int, data_dir: str | None) -> None:
    with tempfile.TemporaryDirectory(prefix="rethread-bench-") as temporary:
        tmp = data_dir or temporary
        targets = [("SQLite", f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}")]
        postgres = os.environ.get("RETHREAD_TEST_DATABASE_URL")
        if postgres:
            if not data_dir:
                await reset_postgres_schema(postgres)
            targets.append(("PostgreSQL", postgres))
        for label, url in targets:
            settings = load_settings({"RETHREAD_DATA_DIR": tmp, "RETHREAD_DATABASE_URL": url,
                                      "RETHREAD_SECRET_KEY": "bench"})
            container = build_container(settings)
            try:
                await bench(container, label, listings, repeat)
            finally:
                await shutdown(container)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--listings", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=25)
    parser.add_argument("--data-dir", help="keep the databases here and reuse them next time "
                        "(PostgreSQL is then not reset either)")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.listings, arguments.repeat, arguments.data_dir))
