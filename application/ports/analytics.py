"""Ports of analytics: the activity log that every area writes to and the admin reads."""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

from domain.analytics import Activity, ActivityKind


class ActivityRepository(Protocol):
    async def record(self, kind: str, user_id: int | None, at: datetime) -> None:
        """Add one event inside the caller's transaction. A ``visit`` is kept at most once per
        user per UTC day: a repeat is silently ignored (never a conflict)."""
    async def record_many(self, events: list[Activity]) -> None:
        """Bulk insert (demo history); visits must already be one per user per day."""
    async def counts_by_day(self, first: date, last: date
                            ) -> dict[tuple[date, ActivityKind], int]:
        """Events per (day, kind) for the days ``first``..``last`` inclusive."""
    async def active_users_by_day(self, first: date, last: date) -> dict[date, int]:
        """Distinct users with any event per day, ``first``..``last`` inclusive."""
    async def distinct_users(self, kinds: frozenset[ActivityKind]) -> int:
        """Distinct users who ever had an event of one of ``kinds``."""
    async def recent(self, limit: int) -> list[Activity]:
        """The newest ``limit`` events by time (then insertion), with the user's username."""
