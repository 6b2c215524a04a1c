"""Ports of the contact form: stored messages for the support team."""

from __future__ import annotations

from typing import Protocol

from application.shared.paging import After
from domain.contact import ContactMessage


class ContactMessageRepository(Protocol):
    async def add(self, message: ContactMessage) -> ContactMessage: ...
    async def page(self, limit: int, after: After | None = None) -> list[ContactMessage]:
        """Up to ``limit`` messages, newest first (created_at, then id)."""
