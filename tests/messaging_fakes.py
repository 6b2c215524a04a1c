"""In-memory fakes of the messaging, notifications and realtime ports (unit tests)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import replace
from types import TracebackType
from typing import Any, Self

from application.ports.messaging import Conversation
from domain.messaging import Message, pair_of
from domain.notifications import Notification
from tests.catalog_fakes import CatalogUnitOfWork


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


class FakeNotifications:
    def __init__(self) -> None:
        self.rows: dict[int, Notification] = {}

    async def add(self, notification: Notification) -> Notification:
        stored = replace(notification, id=max(self.rows, default=0) + 1)
        self.rows[stored.id] = stored  # type: ignore[index]
        return stored

    async def add_many(self, notifications: list[Notification]) -> None:
        for notice in notifications:
            await self.add(notice)

    async def page(self, user_id: int, before_id: int | None, limit: int) -> list[Notification]:
        return [n for i, n in sorted(self.rows.items(), reverse=True)
                if n.user_id == user_id and (before_id is None or i < before_id)][:limit]

    async def unread_count(self, user_id: int) -> int:
        return sum(1 for n in self.rows.values() if n.user_id == user_id and not n.read)

    async def has_unread(self, user_id: int, kind: str, link: str) -> bool:
        return any(n.user_id == user_id and not n.read and n.kind == kind and n.link == link
                   for n in self.rows.values())

    def _mark(self, pick: Any) -> int:
        chosen = [i for i, n in self.rows.items() if not n.read and pick(n)]
        for i in chosen:
            self.rows[i] = replace(self.rows[i], read=True)
        return len(chosen)

    async def mark_read(self, user_id: int, ids: list[int] | None) -> int:
        return self._mark(lambda n: n.user_id == user_id and (ids is None or n.id in ids))

    async def mark_read_link(self, user_id: int, kind: str, link: str) -> int:
        return self._mark(lambda n: n.user_id == user_id and n.kind == kind and n.link == link)


class FakeRealtime:
    """Records what was published: (user ids, event) pairs."""

    def __init__(self) -> None:
        self.published: list[tuple[list[int], dict[str, Any]]] = []

    async def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None:
        self.published.append((list(user_ids), event))

    def types_for(self, user_id: int) -> list[str]:
        return [event["type"] for users, event in self.published if user_id in users]


class MessagingUnitOfWork(CatalogUnitOfWork):
    """The catalog fake plus messages and notifications, rolled back the same way."""

    def __init__(self) -> None:
        self.messages = FakeMessages(None)
        self.notifications = FakeNotifications()
        super().__init__()
        self.messages.users = self.users
        self._messaging = self._messaging_snapshot()

    def _messaging_snapshot(self) -> tuple[Any, ...]:
        return copy.deepcopy((self.messages.rows, self.notifications.rows))

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        await super().__aexit__(exc_type, exc, tb)
        self.messages.rows, self.notifications.rows = copy.deepcopy(self._messaging)

    async def commit(self) -> None:
        await super().commit()
        self._messaging = self._messaging_snapshot()
