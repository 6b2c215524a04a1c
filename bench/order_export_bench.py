"""CSV export benchmark: time and peak memory of ``rethread orders export`` at 10,000 and
100,000 orders.

    .venv/bin/python bench/order_export_bench.py [--orders 100000] [--database-url URL]

Seeds a temporary SQLite database (or the given one, whose public schema is reset when it is
PostgreSQL) with 50 sellers, 50 buyers, 500 listings and the orders (bulk inserts), then runs
the real command in a child process, once at a tenth of the orders and once at all of them,
and prints rows, seconds, rows per second and the child's peak RSS. Constant memory means the
peak RSS barely moves while the row count grows tenfold.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import os
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adapters.migrations import upgrade
from adapters.sqlalchemy.engine import create_engine, create_session_factory, reset_postgres_schema
from adapters.sqlalchemy.orders import OrderRow
from adapters.sqlalchemy.unit_of_work import SqlAlchemyUnitOfWork
from domain.accounts import Role, User
from domain.catalog import Category, Condition, Size
from domain.listings import Listing, ListingImage
from domain.order_rules import OrderStatus

ROOT = Path(__file__).resolve().parent.parent
console = Console()
STATUSES = [s.value for s in OrderStatus]
START = datetime(2025, 1, 1, tzinfo=UTC)
CHUNK = 5000


async def seed_people(url: str) -> tuple[list[int], list[tuple[int, int]]]:
    """Buyers' ids and (listing id, seller id) pairs; awkward names included."""
    engine = create_engine(url)
    uow = SqlAlchemyUnitOfWork(create_session_factory(engine))
    async with uow:
        buyers, listings = [], []
        for i in range(50):
            buyer = await uow.users.add(User(f"buyer{i}", f'Buyer "{i}", Esq.', f"b{i}@ex.com",
                                             "x", START))
            seller = await uow.users.add(User(f"seller{i}", f"=Seller {i}\nShop", f"s{i}@ex.com",
                                              "x", START, role=Role.SELLER))
            assert buyer.id is not None and seller.id is not None
            buyers.append(buyer.id)
            for j in range(10):
                listing = await uow.listings.add(Listing(
                    seller_id=seller.id, title=f"Coat {i}-{j}, wool", description="Warm coat.",
                    price=Decimal("25.00"), brand="Zara", size=Size.M,
                    condition=Condition.GOOD, category=Category.OUTERWEAR, created_at=START,
                    images=[ListingImage("/media/a.webp", "/media/a-t.webp")]))
                assert listing.id is not None
                listings.append((listing.id, seller.id))
        await uow.commit()
    await engine.dispose()
    return buyers, listings


async def seed_orders(url: str, first: int, last: int, buyers: list[int],
                      listings: list[tuple[int, int]]) -> None:
    engine = create_engine(url)
    async with engine.begin() as connection:
        for start in range(first, last, CHUNK):
            rows = []
            for n in range(start, min(start + CHUNK, last)):
                product, seller = listings[n % len(listings)]
                at = START + timedelta(minutes=n)
                rows.append({"order_number": f"{n % 100:02d}-{n:06X}", "product_id": product,
                             "buyer_id": buyers[n % len(buyers)], "seller_id": seller,
                             "price_cents": 1000 + n % 9000, "status": STATUSES[n % 7],
                             "created_at": at, "status_changed_at": at})
            await connection.execute(OrderRow.__table__.insert(), rows)
    await engine.dispose()


def export(url: str, data_dir: Path, out: Path) -> tuple[int, float, float]:
    """Run the command in a child; (rows written, seconds, the child's peak RSS in MB)."""
    env = {**os.environ, "RETHREAD_DATABASE_URL": url, "RETHREAD_DATA_DIR": str(data_dir),
           "RETHREAD_SECRET_KEY": "bench-secret-key-bench-secret-key-0123456789"}
    code = ("import resource, sys\nfrom entrypoints.cli.main import app\n"
            "try:\n    app(['orders', 'export', '--out', sys.argv[1]])\n"
            "except SystemExit as done:\n    assert not done.code, done.code\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", code, str(out)], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    peak_kb = int(result.stdout.strip().splitlines()[-1])
    with out.open(newline="", encoding="utf-8") as handle:
        rows = sum(1 for _ in csv.reader(handle)) - 1
    return rows, seconds, peak_kb / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--orders", type=int, default=100_000)
    parser.add_argument("--database-url")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        url = args.database_url or f"sqlite+aiosqlite:///{data / 'bench.db'}"
        if url.startswith("postgresql"):
            asyncio.run(reset_postgres_schema(url))
        upgrade(url)
        buyers, listings = asyncio.run(seed_people(url))
        table = Table(title=f"rethread orders export ({url.split(':')[0]})")
        for column in ("orders", "seconds", "rows/s", "peak RSS (MB)"):
            table.add_column(column, justify="right")
        seeded = 0
        for size in (args.orders // 10, args.orders):
            started = time.perf_counter()
            asyncio.run(seed_orders(url, seeded, size, buyers, listings))
            console.print(f"seeded {size - seeded} orders in "
                          f"{time.perf_counter() - started:.1f} s")
            seeded = size
            rows, seconds, peak = export(url, data, data / f"orders-{size}.csv")
            assert rows == size, (rows, size)
            table.add_row(f"{rows:,}", f"{seconds:.2f}", f"{rows / seconds:,.0f}", f"{peak:.0f}")
        console.print(table)


if __name__ == "__main__":
    main()
