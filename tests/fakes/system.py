"""Ports every area uses: the clock and the rate limiter."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class FixedClock:
    """Stands still until moved (``advance``); with ``step``, every reading moves it on."""

    def __init__(self, now: datetime | None = None, *, step: timedelta | None = None) -> None:
        self.current = now or datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
        self.step = step

    def now(self) -> datetime:
        if self.step is not None:
            self.current += self.step
        return self.current

    def advance(self, **delta: float) -> None:
        self.current += timedelta(**delta)


class FakeRateLimiter:
    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    async def count(self, key: str, window_seconds: int) -> int:
        return self.counts.get(key, 0)

    async def record(self, key: str, window_seconds: int) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1

    async def reset(self, key: str) -> None:
        self.counts.pop(key, None)
