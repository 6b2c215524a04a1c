"""Social: follows between users."""

from __future__ import annotations

import copy
from datetime import datetime
from typing import Any

from application.ports.social import Follow
from domain.accounts import User


class FakeFollows:
    def __init__(self, users: Any) -> None:
        self.rows: dict[tuple[int, int], Follow] = {}
        self.users = users

    async def add(self, follower_id: int, following_id: int, now: datetime
                  ) -> tuple[Follow, bool]:
        key = (follower_id, following_id)
        created = key not in self.rows
        self.rows.setdefault(key, Follow(follower_id, following_id, now))
        return self.rows[key], created

    async def remove(self, follower_id: int, following_id: int) -> bool:
        return self.rows.pop((follower_id, following_id), None) is not None

    async def exists(self, follower_id: int, following_id: int) -> bool:
        return (follower_id, following_id) in self.rows

    def _newest(self, pick: Any) -> list[Follow]:
        return sorted((f for f in self.rows.values() if pick(f)),
                      key=lambda f: f.created_at, reverse=True)

    async def followers(self, user_id: int, limit: int) -> list[User]:
        found = self._newest(lambda f: f.following_id == user_id)[:limit]
        return [copy.deepcopy(self.users.rows[f.follower_id]) for f in found]

    async def following(self, user_id: int, limit: int) -> list[User]:
        found = self._newest(lambda f: f.follower_id == user_id)[:limit]
        return [copy.deepcopy(self.users.rows[f.following_id]) for f in found]

    async def count_followers(self, user_id: int) -> int:
        return sum(f.following_id == user_id for f in self.rows.values())

    async def count_following(self, user_id: int) -> int:
        return sum(f.follower_id == user_id for f in self.rows.values())
