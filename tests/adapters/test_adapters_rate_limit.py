"""Rate-limit event stores: in memory, and in Redis shared by several server processes.
Times are handed in (the services' clock), so nothing here sleeps. A burst of throttled
attempts sent together through several processes gets exactly the limit (``exclusive``)."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from redis.asyncio import Redis

from adapters.rate_limit import MemoryRateLimiter, RedisRateLimiter
from application.shared.throttle import Throttle
from domain.errors import RateLimited
from domain.rate_limits import Window
from tests.fakes import FixedClock

pytestmark = pytest.mark.adapters

NOW = 1_800_000_000.0


async def test_memory_keeps_times_in_the_window_and_resets() -> None:
    limiter = MemoryRateLimiter()
    for offset in (100, 30, 10):
        await limiter.record("k", 60, NOW - offset)
    assert await limiter.times("k", 60, NOW) == [NOW - 30, NOW - 10]
    assert await limiter.times("k", 60, NOW + 100) == []  # all left the window
    assert await limiter.times("other", 60, NOW) == []
    await limiter.record("k", 60, NOW)
    await limiter.reset("k")
    assert await limiter.times("k", 60, NOW) == []


@pytest.mark.redis
async def test_redis_times_are_shared_between_processes(redis_url: str) -> None:
    key = f"test:{uuid.uuid4().hex}"
    first, second = Redis.from_url(redis_url), Redis.from_url(redis_url)
    try:
        worker_a, worker_b = RedisRateLimiter(first), RedisRateLimiter(second)
        await worker_a.record(key, 60, NOW - 90)
        await worker_a.record(key, 60, NOW - 20)
        await worker_b.record(key, 60, NOW - 5)
        assert sorted(await worker_a.times(key, 60, NOW)) == [NOW - 20, NOW - 5]
        assert sorted(await worker_b.times(key, 60, NOW)) == [NOW - 20, NOW - 5]
        assert 0 < await first.ttl(f"rethread:rl:{key}") <= 60  # Redis forgets idle keys
        await worker_b.reset(key)
        assert await worker_a.times(key, 60, NOW) == []
    finally:
        await first.aclose()
        await second.aclose()


async def _burst_through(limiters: list[MemoryRateLimiter] | list[RedisRateLimiter],
                         key: str, burst: int) -> int:
    """``burst`` throttled attempts sent together, spread over ``limiters`` (processes)."""
    rule = Window(limit=3, seconds=60)

    async def attempt(n: int) -> bool:
        try:
            await Throttle(limiters[n % len(limiters)], FixedClock()).take(rule, key, "Too many")
        except RateLimited:
            return False
        return True

    return sum(await asyncio.gather(*(attempt(n) for n in range(burst))))


async def test_memory_bursts_get_exactly_the_limit() -> None:
    assert await _burst_through([MemoryRateLimiter()], "k", 12) == 3


@pytest.mark.redis
async def test_redis_bursts_across_processes_get_exactly_the_limit(redis_url: str) -> None:
    key = f"test:{uuid.uuid4().hex}"
    first, second = Redis.from_url(redis_url), Redis.from_url(redis_url)
    try:
        limiters = [RedisRateLimiter(first), RedisRateLimiter(second)]
        assert await _burst_through(limiters, key, 12) == 3
        assert await first.exists(f"rethread:rl:lock:{key}") == 0  # released
        await limiters[0].reset(key)
    finally:
        await first.aclose()
        await second.aclose()
