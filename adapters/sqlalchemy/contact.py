"""Contact-form messages: the table and the repository behind the contact port.

The admin inbox reads newest first in keyset pages on (created_at, id).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, Text, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.base import Base, UtcDateTime
from adapters.sqlalchemy.paging import keyset_page
from application.shared.paging import After
from domain.contact import ContactMessage

_CONTACT_FIELDS = ("user_id", "name", "email", "subject", "message", "created_at")


class ContactMessageRow(Base):
    __tablename__ = "contact_messages"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(150))
    message: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime, index=True)


class SqlContactMessageRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, message: ContactMessage) -> ContactMessage:
        row = ContactMessageRow(**{name: getattr(message, name) for name in _CONTACT_FIELDS})
        self.session.add(row)
        await self.session.flush()
        message.id = row.id
        return message

    async def page(self, limit: int, after: After | None = None) -> list[ContactMessage]:
        statement = keyset_page(select(ContactMessageRow), ContactMessageRow.created_at,
                                ContactMessageRow.id, limit, after)
        rows = (await self.session.scalars(statement)).all()
        return [ContactMessage(id=row.id, **{name: getattr(row, name) for name in _CONTACT_FIELDS})
                for row in rows]
