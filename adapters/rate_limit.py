"""Event times per key for the rate-limit rules of ``domain/rate_limits.py``: in memory for
one process, in Redis to share the counts between processes (``RETHREAD_REDIS_URL``).

Times come from the caller (the service's injected clock), so tests move a clock instead of
sleeping, and every process stamps events on the same (wall-clock) scale.
"""

from __future__ import annotations

import uuid
from collections import defaultdict

from redis.asyncio import Redis


class MemoryRateLimiter:
    def __init__(self) -> None:
        self._times: dict[str, list[float]] = defaultdict(list)

    async def times(self, key: str, window_seconds: int, now: float) -> list[float]:
        kept = [t for t in self._times.get(key, []) if t > now - window_seconds]
        if kept:
            self._times[key] = kept
        else:
            self._times.pop(key, None)
        return list(kept)

    async def record(self, key: str, window_seconds: int, now: float) -> None:
        self._times[key].append(now)

    async def reset(self, key: str) -> None:
        self._times.pop(key, None)


class RedisRateLimiter:
    """A sorted set per key, scored by event time, so every server process sees the same
    events; each key expires when its newest event leaves the window."""

    def __init__(self, redis: Redis, prefix: str = "rethread:rl:") -> None:
        self.redis = redis
        self.prefix = prefix

    async def times(self, key: str, window_seconds: int, now: float) -> list[float]:
        name = self.prefix + key
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(name, "-inf", now - window_seconds)
            pipe.zrange(name, 0, -1, withscores=True)
            _, entries = await pipe.execute()
        return [float(score) for _, score in entries]

    async def record(self, key: str, window_seconds: int, now: float) -> None:
        name = self.prefix + key
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zadd(name, {uuid.uuid4().hex: now})
            pipe.expire(name, max(1, int(window_seconds)))
            await pipe.execute()

    async def reset(self, key: str) -> None:
        await self.redis.delete(self.prefix + key)
