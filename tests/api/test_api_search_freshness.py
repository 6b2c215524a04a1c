"""Freshness across processes: two live server processes of one host share the host's index
(one follows the outbox, both read); a committed listing shows in searches on both, and a
deleted one leaves both, within :data:`FRESH_WITHIN`, with no restart and no reload.

The target is 1 s at p99, measured by the bench with two workers (docs/performance.md).
This test bounds one change at 3 s: on this machine, shared by several sessions (load
average above 20 on 2 cores), one Tantivy commit's fsync alone took 0.2-0.4 s and a search
request 0.1-0.3 s; the delays seen are printed on failure."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from tests.api.realtime_support import Person, serving
from tests.support.catalog import listing

pytestmark = pytest.mark.api
FRESH_WITHIN = 3.0


async def seen_after(people: list[Person], query: str, present: bool) -> list[float]:
    """Seconds until each server's search for ``query`` finds (or no longer finds) a
    listing, every server asked at the same time every 20 ms; gives up after 30 s."""
    started = time.monotonic()

    async def watch(person: Person) -> float:
        while True:
            answer = await person.http.get(f"/api/products?q={query}")
            assert answer.status_code == 200, answer.text
            if bool(answer.json()["items"]) == present:
                return time.monotonic() - started
            assert time.monotonic() - started < 30, "never became visible"
            await asyncio.sleep(0.02)

    return list(await asyncio.gather(*(watch(person) for person in people)))


async def test_a_new_listing_shows_on_every_worker_within_a_second(db: str,
                                                                  tmp_path: Path) -> None:
    with serving(db, tmp_path, count=2) as started:
        maya, visitor = Person(started[0][1]), Person(started[1][1])
        try:
            await maya.register("maya")
            created = await maya.post("/api/products", listing(title="Quilted gilet zyzzyva"))
            assert created.status_code == 201, created.text
            delays = await seen_after([maya, visitor], "zyzzyva", present=True)
            assert max(delays) <= FRESH_WITHIN, delays
            gone = await maya.http.delete(
                f"/api/products/{created.json()['id']}",
                headers={"x-csrftoken": maya.http.cookies["csrftoken"]})
            assert gone.status_code == 204, gone.text
            delays = await seen_after([maya, visitor], "zyzzyva", present=False)
            assert max(delays) <= FRESH_WITHIN, delays
        finally:
            await maya.aclose()
            await visitor.aclose()
