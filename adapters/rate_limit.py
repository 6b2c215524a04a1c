"""Sliding-window counters: in memory for one process, Redis to share between processes."""

from __future__ import annotations

import time
import uuid
from collections import defaultdict, deque

from redis.asyncio import Redis


class MemoryRateLimiter:
    def __init__(self) -> None:
        self._hits: dict[str, deque[float]] = defaultdict(deque)

    def _trim(self, key: str, window_seconds: int) -> deque[float]:
        hits = self._hits[key]
        horizon = time.monotonic() - window_seconds
        while hits and hits[0] <= horizon:
            hits.popleft()
        return hits

    async def count(self, key: str, window_seconds: int) -> int:
        return len(self._trim(key, window_seconds))

    async def record(self, key: str, window_seconds: int) -> None:
        self._trim(key, window_seconds).append(time.monotonic())

    async def reset(self, key: str) -> None:
        self._hits.pop(key, None)


class RedisRateLimiter:
    """A sorted set per key, scored by time, so every server process sees the same count."""

    def __init__(self, redis: Redis, prefix: str = "rethread:rl:") -> None:
        self.redis = redis
        self.prefix = prefix

    async def count(self, key: str, window_seconds: int) -> int:
        name = self.prefix + key
        await self.redis.zremrangebyscore(name, 0, time.time() - window_seconds)
        return int(await self.redis.zcard(name))

    async def record(self, key: str, window_seconds: int) -> None:
        name = self.prefix + key
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zadd(name, {uuid.uuid4().hex: time.time()})
            pipe.expire(name, window_seconds)
            await pipe.execute()

    async def reset(self, key: str) -> None:
        await self.redis.delete(self.prefix + key)
