"""Ports of the favorites area: the watch list, kept in step with listings' watch counts."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol


@dataclass(frozen=True)
class Favorite:
    id: int
    user_id: int
    product_id: int
    created_at: datetime


class FavoriteRepository(Protocol):
    async def add(self, user_id: int, product_id: int, now: datetime) -> tuple[Favorite, bool]:
        """The favorite and whether it is new; adds 1 to the listing's watch count when new.

        Safe under concurrent calls: a second insert of the same pair finds the first.
        """
    async def remove(self, user_id: int, product_id: int) -> bool:
        """True when a favorite was removed (and the watch count lowered by 1)."""
    async def get(self, user_id: int, product_id: int) -> Favorite | None: ...
    async def list_for(self, user_id: int, limit: int) -> list[Favorite]:
        """Newest first."""
    async def add_many(self, pairs: list[tuple[int, int, datetime]]) -> None:
        """Bulk (user_id, product_id, created_at) for demo data; watch counts follow."""
    async def watcher_ids(self, product_id: int) -> list[int]:
        """Ids of the users watching the listing (for price-drop and sold notices)."""
