"""Activity recording benchmark: what analytics adds to the requests it rides on.

    .venv/bin/python bench/activity_bench.py [--listings 300] [--users 100] [--repeat 100]

Seeds a small catalog in a temporary SQLite database (and RETHREAD_TEST_DATABASE_URL's
PostgreSQL when set; its public schema is reset, as the tests do), then times, through the
services the API calls, with recording on and with a unit of work whose activity log does
nothing (the baseline):
- a search with words (records one ``search`` row and commits),
- resolving a session on the first request of a user's day (records the ``visit``),
- resolving it again (the in-memory VisitLog answers; no write).
Runs are interleaved so both sides see the same machine load. Prints p50 / mean in ms.
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
from datetime import datetime
from pathlib import Path
from typing import Any, Self

from dependency_injector import providers
from PIL import Image
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adapters.demo.images import SHAPES
from adapters.migrations import upgrade
from adapters.sqlalchemy.engine import reset_postgres_schema
from adapters.sqlalchemy.unit_of_work import SqlAlchemyUnitOfWork
from application.account_sessions import hash_token
from application.analytics import VisitLog
from application.catalog import SearchRequest
from application.ports.media import GarmentLook, GarmentPhotos, OutfitPhoto
from entrypoints.container import Container, build_container, shutdown
from entrypoints.settings import load_settings

console = Console()


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


class NoActivity:
    async def record(self, kind: str, user_id: int | None, at: datetime) -> None:
        return None


class UnrecordedUnitOfWork(SqlAlchemyUnitOfWork):
    """The real unit of work with an activity log that writes nothing: the baseline."""

    async def __aenter__(self) -> Self:
        await super().__aenter__()
        self.activity = NoActivity()  # type: ignore[assignment]
        return self


async def timed(call: Callable[[], Awaitable[Any]]) -> float:
    started = time.perf_counter()
    await call()
    return (time.perf_counter() - started) * 1000


async def sessions_for_users(container: Container, count: int) -> list[str]:
    tokens = []
    async with container.uow() as uow:
        now = container.clock().now()
        for user in await uow.users.page(count):
            assert user.id is not None
            token = f"bench-{user.id}"
            await uow.sessions.add(hash_token(token), user.id, now, now.replace(year=now.year + 1))
            tokens.append(token)
        await uow.commit()
    return tokens


async def bench(container: Container, label: str, listings: int, users: int,
                repeat: int) -> None:
    await asyncio.to_thread(upgrade, container.settings().database_url)
    container.garment_pictures.override(providers.Object(FlatPictures()))
    await container.demo_seeder().seed(users=users, listings=listings)
    recorded = container.catalog()
    with container.uow.override(providers.Factory(UnrecordedUnitOfWork,
                                                  container.session_factory)):
        baseline = container.catalog()
    samples: dict[str, list[float]] = {"on": [], "off": []}
    request = SearchRequest(q="jeans")
    await recorded.search(request)
    await baseline.search(request)  # warm both
    for n in range(repeat):  # alternate which goes first, so neither gets the warmer cache
        pair = [("on", recorded), ("off", baseline)]
        for name, service in pair if n % 2 else reversed(pair):
            samples[name].append(await timed(lambda s=service: s.search(request)))
    started = time.perf_counter()
    await container.activity_batch().flush()  # what the background task does, per batch
    flushed = (time.perf_counter() - started) * 1000

    tokens = await sessions_for_users(container, users)
    visits: dict[str, list[float]] = {"first": [], "again": [], "off": []}
    sessions = container.sessions(visits=VisitLog())
    with container.uow.override(providers.Factory(UnrecordedUnitOfWork,
                                                  container.session_factory)):
        unrecorded = container.sessions(visits=VisitLog())
    for token in tokens:
        visits["off"].append(await timed(lambda t=token: unrecorded.user_for_session(t)))
        visits["first"].append(await timed(lambda t=token: sessions.user_for_session(t)))
        visits["again"].append(await timed(lambda t=token: sessions.user_for_session(t)))

    table = Table(title=f"{label}: activity recording cost (ms)")
    for column in ("request", "p50", "mean", "p50 added"):
        table.add_column(column, justify="left" if column == "request" else "right")

    def row(name: str, values: list[float], base: list[float]) -> None:
        added = statistics.median(values) - statistics.median(base)
        table.add_row(name, f"{statistics.median(values):.2f}", f"{statistics.mean(values):.2f}",
                      f"{added:+.2f}")

    row("search q=jeans, no recording", samples["off"], samples["off"])
    row("search q=jeans, recorded (batched)", samples["on"], samples["off"])
    row("session lookup, no recording", visits["off"], visits["off"])
    row("session lookup, first of the day", visits["first"], visits["off"])
    row("session lookup, later that day", visits["again"], visits["off"])
    console.print(table)
    console.print(f"Writing the last batch of searches, off the request path: {flushed:.1f} ms")


async def main(listings: int, users: int, repeat: int) -> None:
    with tempfile.TemporaryDirectory(prefix="rethread-bench-") as tmp:
        targets = [("SQLite", f"sqlite+aiosqlite:///{Path(tmp) / 'bench.db'}")]
        postgres = os.environ.get("RETHREAD_TEST_DATABASE_URL")
        if postgres:
            await reset_postgres_schema(postgres)
            targets.append(("PostgreSQL", postgres))
        for label, url in targets:
            settings = load_settings({"RETHREAD_DATA_DIR": tmp, "RETHREAD_DATABASE_URL": url,
                                      "RETHREAD_SECRET_KEY": "bench"})
            container = build_container(settings)
            try:
                await bench(container, label, listings, users, repeat)
            finally:
                await shutdown(container)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--listings", type=int, default=300)
    parser.add_argument("--users", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=100)
    arguments = parser.parse_args()
    asyncio.run(main(arguments.listings, arguments.users, arguments.repeat))
