"""A short-lived cache of search facets and capped totals that every listing write empties.

At a million listings a facet count walks hundreds of thousands of index entries (0.1 to 0.6 s),
while shoppers ask the same few questions over and over (the shop's first screen, a
category, a word). The listing repository keeps those answers here for ``ttl_seconds``.

Correctness: every entry is stored under the *generation* read before it was computed, and
a unit of work that wrote listings (create, edit, status change, delete, bulk load) moves the
generation on after its commit. A lookup only accepts entries of the current generation, so
an answer computed before a write, even one finishing after it, is never served after it:
the next search after a committed write recomputes. With Redis configured the generation
lives there (``INCR``), so the processes and hosts sharing it invalidate each other; without
Redis it is per process, and ``rethread serve --workers N`` (N > 1) turns the cache off
(``entrypoints/cli/serve.py``). A write from another process without Redis (a CLI command)
shows after at most ``ttl_seconds``. If Redis fails, the cache answers nothing.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

GENERATION_KEY = "rethread:search-cache:generation"
log = logging.getLogger("rethread.search_cache")


class SearchCache:
    def __init__(self, redis: Redis | None = None, *, ttl_seconds: float = 30.0,
                 max_entries: int = 2048,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.redis = redis
        self.ttl = ttl_seconds
        self.max_entries = max_entries
        self.now = now
        self.local_generation = 0
        self.entries: OrderedDict[Hashable, tuple[Hashable, float, Any]] = OrderedDict()

    @property
    def enabled(self) -> bool:
        return self.ttl > 0

    async def generation(self) -> Hashable | None:
        """The current generation; None when it cannot be known (then nothing is cached)."""
        if not self.enabled:
            return None
        if self.redis is None:
            return self.local_generation
        try:
            shared = await self.redis.get(GENERATION_KEY)
        except (RedisError, OSError):
            log.warning("search cache: Redis unavailable, not caching", exc_info=True)
            return None
        return (self.local_generation, int(shared or 0))

    def get(self, key: Hashable, generation: Hashable | None) -> Any | None:
        if generation is None:
            return None
        entry = self.entries.get(key)
        if entry is None:
            return None
        stored_generation, expires, value = entry
        if stored_generation != generation or expires <= self.now():
            del self.entries[key]
            return None
        self.entries.move_to_end(key)
        return value

    def put(self, key: Hashable, generation: Hashable | None, value: Any) -> None:
        if generation is None:
            return
        self.entries[key] = (generation, self.now() + self.ttl, value)
        self.entries.move_to_end(key)
        while len(self.entries) > self.max_entries:
            self.entries.popitem(last=False)

    async def invalidate(self) -> None:
        """After a committed listing write: no earlier answer is served again."""
        self.local_generation += 1
        self.entries.clear()
        if self.redis is not None and self.enabled:
            try:
                await self.redis.incr(GENERATION_KEY)
            except (RedisError, OSError):
                log.warning("search cache: could not tell other processes", exc_info=True)
