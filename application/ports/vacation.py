"""Ports of vacation mode: at most one vacation per member."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.vacation import Vacation


class VacationRepository(Protocol):
    async def get(self, user_id: int) -> Vacation | None: ...
    async def for_users(self, user_ids: list[int]) -> dict[int, Vacation]: ...
    async def put(self, vacation: Vacation) -> None:
        """Start or replace the member's vacation."""
    async def remove(self, user_id: int) -> bool: ...
    async def remove_ended(self, now: datetime) -> list[int]:
        """End every vacation whose date has passed; the members' ids."""
