"""Rate limit counters: in memory, and in Redis shared by several server processes."""

from __future__ import annotations

import uuid

import pytest
from redis.asyncio import Redis

from adapters.rate_limit import MemoryRateLimiter, RedisRateLimiter

pytestmark = pytest.mark.adapters


async def test_memory_counts_and_resets() -> None:
    limiter = MemoryRateLimiter()
    for _ in range(3):
        await limiter.record("k", 60)
    assert await limiter.count("k", 60) == 3
    assert await limiter.count("k", 0) == 0  # outside a zero-length window nothing counts
    await limiter.reset("k")
    assert await limiter.count("k", 60) == 0


@pytest.mark.redis
async def test_redis_counts_are_shared_between_processes(redis_url: str) -> None:
    key = f"test:{uuid.uuid4().hex}"
    first, second = Redis.from_url(redis_url), Redis.from_url(redis_url)
    try:
        worker_a, worker_b = RedisRateLimiter(first), RedisRateLimiter(second)
        await worker_a.record(key, 60)
        await worker_b.record(key, 60)
        assert await worker_a.count(key, 60) == 2
        assert await worker_b.count(key, 60) == 2
        await worker_b.reset(key)
        assert await worker_a.count(key, 60) == 0
    finally:
        await first.aclose()
        await second.aclose()
