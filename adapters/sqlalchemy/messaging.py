"""Messages: the table and the repository behind the messaging ports.

Each row also keeps its thread key (``low_user_id``, ``high_user_id``: the pair, smaller id
first), so a thread page is one range scan of ``ix_messages_thread``; unread counts use
``ix_messages_receiver_unread``. ``offer_id`` names an offer of the offers area (no foreign
key here, so this table does not depend on the order the two areas' migrations run).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    case,
    false,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow, user_from_row
from adapters.sqlalchemy.base import Base, UtcDateTime, rowcount
from application.ports.messaging import Conversation
from domain.messaging import Message, pair_of


class MessageRow(Base):
    __tablename__ = "messages"
    __table_args__ = (
        CheckConstraint("sender_id <> receiver_id", name="not_self"),
        Index("ix_messages_thread", "low_user_id", "high_user_id", "id"),
        Index("ix_messages_receiver_unread", "receiver_id", "read", "sender_id"),
        Index("ix_messages_sender_id_id", "sender_id", "id"),
        Index("ix_messages_receiver_id_id", "receiver_id", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    sender_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    receiver_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    low_user_id: Mapped[int] = mapped_column(Integer)
    high_user_id: Mapped[int] = mapped_column(Integer)
    content: Mapped[str] = mapped_column(Text)
    message_type: Mapped[str] = mapped_column(String(20))
    offer_id: Mapped[int | None] = mapped_column(Integer, index=True)
    product_id: Mapped[int | None] = mapped_column(
        ForeignKey("products.id", ondelete="SET NULL"))
    read: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


M = MessageRow


def message_from_row(row: MessageRow) -> Message:
    return Message(id=row.id, sender_id=row.sender_id, receiver_id=row.receiver_id,
                   content=row.content, message_type=row.message_type,
                   created_at=row.created_at, read=row.read, offer_id=row.offer_id,
                   product_id=row.product_id)


def _row_values(message: Message) -> dict[str, object]:
    low, high = pair_of(message.sender_id, message.receiver_id)
    return {"sender_id": message.sender_id, "receiver_id": message.receiver_id,
            "low_user_id": low, "high_user_id": high, "content": message.content,
            "message_type": message.message_type, "offer_id": message.offer_id,
            "product_id": message.product_id, "read": message.read,
            "created_at": message.created_at}


class SqlMessageRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, message: Message) -> Message:
        # One INSERT ... RETURNING id, without the ORM's flush machinery: this is the write of
        # every message sent (docs/performance.md, "Latest results").
        new_id = await self.session.scalar(
            insert(M).values(**_row_values(message)).returning(M.id))
        return replace(message, id=new_id)

    async def add_many(self, messages: list[Message]) -> None:
        """Bulk insert for demo data, in the order given (ids follow time)."""
        for message in messages:
            self.session.add(MessageRow(**_row_values(message)))
        await self.session.flush()

    async def thread(self, user_id: int, partner_id: int, before_id: int | None,
                     limit: int) -> list[Message]:
        low, high = pair_of(user_id, partner_id)
        query = select(M).where(M.low_user_id == low, M.high_user_id == high)
        if before_id is not None:
            query = query.where(M.id < before_id)
        rows = await self.session.scalars(query.order_by(M.id.desc()).limit(limit))
        return [message_from_row(row) for row in rows.all()]

    async def conversations(self, user_id: int, limit: int) -> list[Conversation]:
        partner = case((M.sender_id == user_id, M.receiver_id), else_=M.sender_id)
        last = (select(partner.label("partner_id"), func.max(M.id).label("last_id"))
                .where(or_(M.sender_id == user_id, M.receiver_id == user_id))
                .group_by(partner).subquery())
        query = (select(M, UserRow)
                 .join(last, last.c.last_id == M.id)
                 .join(UserRow, UserRow.id == last.c.partner_id)
                 .order_by(M.id.desc()).limit(limit))
        unread = await self._unread_by_sender(user_id)
        return [Conversation(partner=user_from_row(user), last_message=message_from_row(msg),
                             unread_count=unread.get(user.id, 0))
                for msg, user in (await self.session.execute(query)).all()]

    async def _unread_by_sender(self, user_id: int) -> dict[int, int]:
        query = (select(M.sender_id, func.count()).where(M.receiver_id == user_id,
                                                          M.read == false())
                 .group_by(M.sender_id))
        return {sender: int(count) for sender, count in (await self.session.execute(query))}

    async def mark_read(self, sender_id: int, receiver_id: int) -> int:
        result = await self.session.execute(
            update(M).where(M.sender_id == sender_id, M.receiver_id == receiver_id,
                            M.read == false()).values(read=True))
        return int(rowcount(result) or 0)

    async def unread_count(self, receiver_id: int) -> int:
        query = (select(func.count()).select_from(M)
                 .where(M.receiver_id == receiver_id, M.read == false()))
        return int(await self.session.scalar(query) or 0)
