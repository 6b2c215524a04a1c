"""Event times per key for the rate-limit rules of ``domain/rate_limits.py``: in memory for
one process, in Redis to share the counts between processes (``RETHREAD_REDIS_URL``).

``exclusive(keys)``: in memory a lock per key (``application/shared/key_locks.py``); in Redis the
same, then one Redis lock per key (``SET NX`` with an expiry, so a process that dies holding
one frees it after ``LOCK_SECONDS``), taken in sorted order by every process.

Times come from the caller (the service's injected clock), so tests move a clock instead of
sleeping, and every process stamps events on the same (wall-clock) scale.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from redis.asyncio import Redis

from application.shared.key_locks import KeyLocks, hold_in_order

# A Redis lock frees itself after this long if its holder died; a holder waits at most this
# long for one (a check and a record take milliseconds).
LOCK_SECONDS = 10
LOCK_POLL_SECONDS = 0.01


class MemoryRateLimiter:
    def __init__(self) -> None:
        self._times: dict[str, list[float]] = defaultdict(list)
        self._locks = KeyLocks()

    def exclusive(self, keys: Sequence[str]) -> AbstractAsyncContextManager[None]:
        return self._locks.hold(keys)

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
        self._locks = KeyLocks()

    @asynccontextmanager
    async def exclusive(self, keys: Sequence[str]) -> AsyncIterator[None]:
        def shared(key: str) -> AbstractAsyncContextManager[object]:
            return self.redis.lock(f"{self.prefix}lock:{key}", timeout=LOCK_SECONDS,
                                   blocking_timeout=LOCK_SECONDS, sleep=LOCK_POLL_SECONDS)

        async with self._locks.hold(keys), hold_in_order(keys, shared):
            yield

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
