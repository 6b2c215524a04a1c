"""Ports every area uses: the clock and the rate limiter."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime, timedelta

from application.shared.key_locks import KeyLocks
from tests.support.clock import NOW


class FixedClock:
    """Stands still (at ``NOW`` unless told) until moved (``advance``); with ``step``, every
    reading moves it on."""

    def __init__(self, now: datetime | None = None, *, step: timedelta | None = None) -> None:
        self.current = now or NOW
        self.step = step

    def now(self) -> datetime:
        if self.step is not None:
            self.current += self.step
        return self.current

    def advance(self, **delta: float) -> None:
        self.current += timedelta(**delta)


class FakeRateLimiter:
    """Every event time per key, never trimmed (``times`` filters by the window), so a test
    can look at ``events``."""

    def __init__(self) -> None:
        self.events: dict[str, list[float]] = {}
        self.locks = KeyLocks()

    def exclusive(self, keys: Sequence[str]) -> AbstractAsyncContextManager[None]:
        return self.locks.hold(keys)

    async def times(self, key: str, window_seconds: int, now: float) -> list[float]:
        return [t for t in self.events.get(key, []) if now - window_seconds < t <= now]

    async def record(self, key: str, window_seconds: int, now: float) -> None:
        self.events.setdefault(key, []).append(now)

    async def reset(self, key: str) -> None:
        self.events.pop(key, None)
