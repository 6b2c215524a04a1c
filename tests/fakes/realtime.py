"""Realtime: records what services publish instead of reaching sockets."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class FakeRealtime:
    """Records what was published: (user ids, event) pairs."""

    def __init__(self) -> None:
        self.published: list[tuple[list[int], dict[str, Any]]] = []

    async def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None:
        self.published.append((list(user_ids), event))

    def types_for(self, user_id: int) -> list[str]:
        return [event["type"] for users, event in self.published if user_id in users]
