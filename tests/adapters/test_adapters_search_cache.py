"""Cached facets and totals never outlive a listing write: created, edited, sold or deleted
listings show in the very next search (adapters/sqlalchemy/search_cache.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from adapters.sqlalchemy.search_cache import SearchCache
from application.ports.catalog import ListingFilter
from domain.catalog import Category, ListingStatus
from entrypoints.container import Container
from tests.adapters.test_adapters_catalog import item, seller

pytestmark = pytest.mark.adapters
NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


async def snapshot(container: Container, query: ListingFilter = ListingFilter()
                   ) -> tuple[int, dict[str, int], int]:
    async with container.uow() as uow:
        facets = await uow.listings.facets(query, brand_limit=50)
        total = await uow.listings.count(query, up_to=100)
    categories = {f.value: f.count for f in facets.categories}
    return total, categories, sum(f.count for f in facets.brands)


async def test_every_kind_of_listing_write_shows_in_the_next_search(
        container: Container) -> None:
    assert container.search_cache().enabled
    maya = await seller(container)
    async with container.uow() as uow:
        first = await uow.listings.add(item(maya, "Red tee"))
        await uow.listings.add(item(maya, "Blue tee"))
        await uow.commit()
    assert await snapshot(container) == (2, {"tops": 2}, 2)
    assert container.search_cache().entries  # the answers are cached now
    assert await snapshot(container) == (2, {"tops": 2}, 2)

    async with container.uow() as uow:  # created
        await uow.listings.add(item(maya, "Green dress", category=Category.DRESSES))
        await uow.commit()
    assert await snapshot(container) == (3, {"tops": 2, "dresses": 1}, 3)

    async with container.uow() as uow:  # edited
        listing = await uow.listings.get(first.id or 0)
        assert listing is not None
        await uow.listings.save(replace(listing, category=Category.OUTERWEAR,
                                        price=Decimal("99.00")))
        await uow.commit()
    assert await snapshot(container) == (3, {"tops": 1, "dresses": 1, "outerwear": 1}, 3)
    cheap = ListingFilter(max_price=Decimal("50"))
    assert (await snapshot(container, cheap))[0] == 2

    async with container.uow() as uow:  # sold (through the orders' conditional update)
        assert await uow.listings.claim_status(first.id or 0, ListingStatus.AVAILABLE,
                                               ListingStatus.SOLD, NOW)
        await uow.commit()
    assert await snapshot(container) == (2, {"tops": 1, "dresses": 1}, 2)

    async with container.uow() as uow:  # deleted
        await uow.listings.delete(first.id or 0)
        remaining = await uow.listings.search(ListingFilter(), _sort(), 10)
        await uow.listings.delete(remaining[0].id or 0)
        await uow.commit()
    assert (await snapshot(container))[0] == 1


async def test_a_write_that_rolls_back_keeps_the_cache_and_the_answer(
        container: Container) -> None:
    maya = await seller(container)
    async with container.uow() as uow:
        await uow.listings.add(item(maya, "Red tee"))
        await uow.commit()
    assert (await snapshot(container))[0] == 1
    async with container.uow() as uow:
        await uow.listings.add(item(maya, "Never committed"))
    assert (await snapshot(container))[0] == 1


async def test_an_answer_computed_before_a_write_is_not_served_after_it() -> None:
    cache = SearchCache(ttl_seconds=30)
    before = await cache.generation()
    await cache.invalidate()  # a write committed while the answer was being computed
    cache.put("key", before, "stale")
    assert cache.get("key", await cache.generation()) is None


async def test_entries_expire_and_the_shared_generation_comes_from_redis(
        redis_url: str) -> None:
    from redis.asyncio import Redis

    clock = [0.0]
    one, two = Redis.from_url(redis_url), Redis.from_url(redis_url)
    try:
        first = SearchCache(one, ttl_seconds=30, now=lambda: clock[0])
        second = SearchCache(two, ttl_seconds=30, now=lambda: clock[0])
        generation = await second.generation()
        second.put("key", generation, "answer")
        assert second.get("key", await second.generation()) == "answer"
        await first.invalidate()  # a write in another process
        assert second.get("key", await second.generation()) is None
        second.put("key", await second.generation(), "fresh")
        clock[0] = 31
        assert second.get("key", await second.generation()) is None
    finally:
        await one.aclose()
        await two.aclose()


def _sort():  # type: ignore[no-untyped-def]
    from application.ports.catalog import ListingSort

    return ListingSort.MOST_RECENT
