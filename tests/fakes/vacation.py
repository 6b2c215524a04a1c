"""In-memory vacations (application/ports/vacation.py)."""

from __future__ import annotations

from datetime import datetime

from domain.vacation import Vacation


class FakeVacations:
    def __init__(self) -> None:
        self.rows: dict[int, Vacation] = {}

    async def get(self, user_id: int) -> Vacation | None:
        return self.rows.get(user_id)

    async def for_users(self, user_ids: list[int]) -> dict[int, Vacation]:
        return {i: self.rows[i] for i in set(user_ids) if i in self.rows}

    async def put(self, vacation: Vacation) -> None:
        self.rows[vacation.user_id] = vacation

    async def remove(self, user_id: int) -> bool:
        return self.rows.pop(user_id, None) is not None

    async def remove_ended(self, now: datetime) -> list[int]:
        ended = [i for i, v in self.rows.items() if v.until is not None and v.until <= now]
        for user_id in ended:
            del self.rows[user_id]
        return ended
