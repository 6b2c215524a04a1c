"""Ports of the social area. For now: follows (who follows whom)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from domain.accounts import User


@dataclass(frozen=True)
class Follow:
    follower_id: int
    following_id: int
    created_at: datetime


class FollowRepository(Protocol):
    async def add(self, follower_id: int, following_id: int, now: datetime
                  ) -> tuple[Follow, bool]:
        """The follow and whether it is new; a repeated or concurrent add finds the first."""
    async def remove(self, follower_id: int, following_id: int) -> bool: ...
    async def exists(self, follower_id: int, following_id: int) -> bool: ...
    async def followers(self, user_id: int, limit: int) -> list[User]:
        """Users following ``user_id``, most recent follow first."""
    async def following(self, user_id: int, limit: int) -> list[User]:
        """Users ``user_id`` follows, most recent follow first."""
    async def count_followers(self, user_id: int) -> int: ...
    async def count_following(self, user_id: int) -> int: ...
