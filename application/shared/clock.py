"""The real clock. The domain never reads time; services ask a Clock and pass it in."""

from __future__ import annotations

from datetime import UTC, datetime


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


class SteppedClock:
    """A clock that shows one time until it is moved (``current``): the demo moving through
    the story of each order, a process doing one job as of its parent's "now" (the
    search index's build)."""

    def __init__(self, now: datetime) -> None:
        self.current = now

    def now(self) -> datetime:
        return self.current
