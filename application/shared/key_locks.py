"""One holder at a time per key, within this process: ``async with locks.hold(keys):``.

The rate limiters use it (``adapters/rate_limit.py``, the tests' fake) so a throttle's check
and its record happen as one step (``application/shared/throttle.py``). Several keys are taken in
sorted order, so two holders wanting overlapping keys cannot deadlock; a key's lock is kept
only while someone holds or waits for it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from weakref import WeakValueDictionary


@asynccontextmanager
async def hold_in_order(keys: Sequence[str],
                        lock_for: Callable[[str], AbstractAsyncContextManager[object]]
                        ) -> AsyncIterator[None]:
    """Hold ``lock_for(key)`` for every key, taken in sorted order (no deadlock between
    holders of overlapping keys) and released in reverse."""
    async with AsyncExitStack() as stack:
        for key in sorted(set(keys)):
            await stack.enter_async_context(lock_for(key))
        yield


class KeyLocks:
    def __init__(self) -> None:
        self._locks: WeakValueDictionary[str, asyncio.Lock] = WeakValueDictionary()

    def _lock(self, key: str) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    @asynccontextmanager
    async def hold(self, keys: Sequence[str]) -> AsyncIterator[None]:
        # The locks are referenced here until the block ends, so the weak map keeps them.
        locks = {key: self._lock(key) for key in keys}
        async with hold_in_order(keys, locks.__getitem__):
            yield
