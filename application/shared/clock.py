"""The real clock. The domain never reads time; services ask a Clock and pass it in."""

from __future__ import annotations

from datetime import UTC, datetime


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)
