"""Contact: messages to the support team, newest first in pages."""

from __future__ import annotations

from dataclasses import replace

from application.shared.paging import After, is_after
from domain.contact import ContactMessage


class FakeContactMessages:
    def __init__(self) -> None:
        self.rows: dict[int, ContactMessage] = {}

    async def add(self, message: ContactMessage) -> ContactMessage:
        message.id = max(self.rows, default=0) + 1
        self.rows[message.id] = replace(message)
        return message

    async def page(self, limit: int, after: After | None = None) -> list[ContactMessage]:
        found = sorted((m for m in self.rows.values() if is_after(m.created_at, m.id or 0, after)),
                       key=lambda m: (m.created_at, m.id), reverse=True)
        return [replace(m) for m in found[:limit]]
