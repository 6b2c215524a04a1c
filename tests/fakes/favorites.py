"""Favorites: one per (user, listing), kept in step with the listing's watch count."""

from __future__ import annotations

from datetime import datetime

from application.ports.catalog import Favorite
from tests.fakes.catalog import FakeListings


class FakeFavorites:
    def __init__(self, listings: FakeListings) -> None:
        self.rows: dict[tuple[int, int], Favorite] = {}
        self.listings = listings

    async def add(self, user_id: int, product_id: int, now: datetime) -> tuple[Favorite, bool]:
        if (user_id, product_id) in self.rows:
            return self.rows[(user_id, product_id)], False
        favorite = Favorite(len(self.rows) + 1, user_id, product_id, now)
        self.rows[(user_id, product_id)] = favorite
        self.listings.rows[product_id].watch_count += 1
        return favorite, True

    async def remove(self, user_id: int, product_id: int) -> bool:
        if self.rows.pop((user_id, product_id), None) is None:
            return False
        self.listings.rows[product_id].watch_count -= 1
        return True

    async def get(self, user_id: int, product_id: int) -> Favorite | None:
        return self.rows.get((user_id, product_id))

    async def list_for(self, user_id: int, limit: int) -> list[Favorite]:
        mine = [f for f in self.rows.values() if f.user_id == user_id]
        return sorted(mine, key=lambda f: (f.created_at, f.id), reverse=True)[:limit]

    async def add_many(self, pairs: list[tuple[int, int, datetime]]) -> None:
        for user_id, product_id, at in pairs:
            await self.add(user_id, product_id, at)

    async def watcher_ids(self, product_id: int) -> list[int]:
        return sorted(user for user, product in self.rows if product == product_id)
