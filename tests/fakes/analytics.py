"""Analytics: the activity log as a list, one visit per user per day like the unique index."""

from __future__ import annotations

from collections import Counter
from datetime import date, datetime

from domain.analytics import Activity, ActivityKind


class FakeActivity:
    def __init__(self) -> None:
        self.rows: list[Activity] = []

    async def record(self, kind: str, user_id: int | None, at: datetime) -> None:
        event = Activity(ActivityKind(kind), user_id, at)
        if event.kind is ActivityKind.VISIT and user_id is not None and any(
                r.kind is event.kind and r.user_id == user_id and r.day == event.day
                for r in self.rows):
            return
        self.rows.append(event)

    async def record_many(self, events: list[Activity]) -> None:
        self.rows.extend(events)

    async def counts_by_day(self, first: date, last: date
                            ) -> dict[tuple[date, ActivityKind], int]:
        return dict(Counter((r.day, r.kind) for r in self.rows if first <= r.day <= last))

    async def active_users_by_day(self, first: date, last: date) -> dict[date, int]:
        pairs = {(r.day, r.user_id) for r in self.rows
                 if first <= r.day <= last and r.user_id is not None}
        return dict(Counter(day for day, _ in pairs))

    async def distinct_users(self, kinds: frozenset[ActivityKind]) -> int:
        return len({r.user_id for r in self.rows if r.kind in kinds and r.user_id is not None})

    async def recent(self, limit: int) -> list[Activity]:
        newest = sorted(enumerate(self.rows), key=lambda pair: (pair[1].at, pair[0]),
                        reverse=True)
        return [row for _, row in newest[:limit]]
