"""The response cache's store (``entrypoints/http/caching.py``): a dict per process, or
Redis shared by every process when ``RETHREAD_REDIS_URL`` is set."""

from __future__ import annotations

import time
import zlib
from datetime import timedelta

from litestar.stores.base import Store
from litestar.stores.redis import RedisStore

# The shortest lifetime of a kept answer (a search's, ``caching.INDEXED_SECONDS``): expired
# answers are swept no more often.
SWEEP_SECONDS = 1
REVALIDATION = "#304"  # a page's key + this: the 304 headers of its last 200


class LocalStore(Store):
    """The response cache of one process: a dict. Every operation runs without awaiting
    anything, so on the one event loop none needs a lock (Litestar's ``MemoryStore`` takes an
    anyio lock on each read: a tenth of a cached page's CPU); expired answers are swept at
    most once per :data:`SWEEP_SECONDS` when one is stored (a ``MemoryStore`` keeps an
    entry until it is read again, so a million pages read once each stayed in memory; an
    indexed answer is read no more once the index commits)."""

    def __init__(self) -> None:
        self._entries: dict[str, tuple[float | None, bytes]] = {}
        self._swept = time.monotonic()

    async def set(self, key: str, value: str | bytes,
                  expires_in: int | timedelta | None = None) -> None:
        now = time.monotonic()
        if now - self._swept > SWEEP_SECONDS:
            self._swept = now
            self._entries = {k: entry for k, entry in self._entries.items()
                             if entry[0] is None or entry[0] > now}
        if isinstance(expires_in, timedelta):
            expires_in = int(expires_in.total_seconds())
        self._entries[key] = (None if expires_in is None else now + _spread(key, expires_in),
                              value.encode() if isinstance(value, str) else value)

    async def get(self, key: str, renew_for: int | timedelta | None = None) -> bytes | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        expires, value = entry
        if expires is not None and expires <= time.monotonic():
            del self._entries[key]
            return None
        if renew_for is not None and expires is not None:
            await self.set(key, value, renew_for)
        return value

    async def delete(self, key: str) -> None:
        self._entries.pop(key, None)

    async def delete_all(self) -> None:
        self._entries.clear()

    async def exists(self, key: str) -> bool:
        return await self.get(key) is not None

    async def expires_in(self, key: str) -> int | None:
        entry = self._entries.get(key)
        if entry is None or entry[0] is None:
            return None
        return int(entry[0] - time.monotonic())


def _spread(key: str, seconds: float) -> float:
    """``seconds`` shortened by up to a fifth, by an amount fixed for each page: answers
    stored in the same moment (after a write emptied the cache, or a burst of first views)
    expire over two seconds instead of in one, so they are not all computed again at once.
    A page's 304 headers (key + :data:`REVALIDATION`) expire with it."""
    page = key.removesuffix(REVALIDATION)
    return seconds * (1 - 0.2 * zlib.crc32(page.encode()) / 2**32)


def response_store(redis_url: str | None) -> Store:
    """Memory per process; with Redis one store every process shares, named after the
    Redis database as the realtime channels are."""
    if not redis_url:
        return LocalStore()
    db = redis_url.rstrip("/").rsplit("/", 1)[-1]
    return RedisStore.with_client(url=redis_url, namespace=f"rethread:{db if db.isdigit() else 0}"
                                                            ":responses")
