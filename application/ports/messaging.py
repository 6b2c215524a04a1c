"""Ports of the messaging area: the message store, threads and conversations."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from domain.accounts import User
from domain.messaging import Message


@dataclass(frozen=True)
class Conversation:
    """One partner of a user with the newest message between them and the user's unread
    count from that partner."""

    partner: User
    last_message: Message
    unread_count: int


class MessageRepository(Protocol):
    async def add(self, message: Message) -> Message:
        """Store the message; returns it with its id."""
    async def add_many(self, messages: list[Message]) -> None:
        """Bulk insert (demo data) in the order given, so ids follow time."""
    async def thread(self, user_id: int, partner_id: int, before_id: int | None,
                     limit: int) -> list[Message]:
        """Messages between the two users, newest first, with ids below ``before_id``."""
    async def conversations(self, user_id: int, limit: int) -> list[Conversation]:
        """The user's partners, the one with the newest message first."""
    async def mark_read(self, sender_id: int, receiver_id: int) -> int:
        """Mark every unread message from sender to receiver read; returns how many."""
    async def unread_count(self, receiver_id: int) -> int: ...
