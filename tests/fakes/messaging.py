"""Messaging: messages between two users, threads and conversations."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from application.ports.messaging import Conversation
from domain.messaging import Message, pair_of


class FakeMessages:
    def __init__(self, users: Any) -> None:
        self.rows: dict[int, Message] = {}
        self.users = users

    async def add(self, message: Message) -> Message:
        stored = replace(message, id=max(self.rows, default=0) + 1)
        self.rows[stored.id] = stored  # type: ignore[index]
        return stored

    async def add_many(self, messages: list[Message]) -> None:
        for message in messages:
            await self.add(message)

    async def thread(self, user_id: int, partner_id: int, before_id: int | None,
                     limit: int) -> list[Message]:
        key = pair_of(user_id, partner_id)
        found = [m for i, m in sorted(self.rows.items(), reverse=True)
                 if pair_of(m.sender_id, m.receiver_id) == key
                 and (before_id is None or i < before_id)]
        return found[:limit]

    async def conversations(self, user_id: int, limit: int) -> list[Conversation]:
        last: dict[int, Message] = {}
        for message in sorted(self.rows.values(), key=lambda m: m.id or 0):
            if message.involves(user_id):
                last[message.partner_of(user_id)] = message
        ordered = sorted(last.items(), key=lambda item: item[1].id or 0, reverse=True)
        return [Conversation(copy.deepcopy(self.users.rows[partner]), message,
                             sum(1 for m in self.rows.values() if m.sender_id == partner
                                 and m.receiver_id == user_id and not m.read))
                for partner, message in ordered[:limit]]

    async def mark_read(self, sender_id: int, receiver_id: int) -> int:
        changed = [i for i, m in self.rows.items()
                   if m.sender_id == sender_id and m.receiver_id == receiver_id and not m.read]
        for i in changed:
            self.rows[i] = replace(self.rows[i], read=True)
        return len(changed)

    async def unread_count(self, receiver_id: int) -> int:
        return sum(1 for m in self.rows.values() if m.receiver_id == receiver_id and not m.read)
