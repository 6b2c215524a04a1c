"""Disputes and their responses (issue 37): the tables and the repository behind
``application/ports/disputes.py``. One dispute per order (a unique index: two claims sent at
once make one). Photo URLs are kept as a JSON list."""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import ForeignKey, Index, Integer, String, Text, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime
from adapters.sqlalchemy.paging import keyset_page
from domain.accounts import Role
from domain.disputes import (
    Dispute,
    DisputeOutcome,
    DisputeReason,
    DisputeResponse,
    DisputeStatus,
)


class DisputeRow(Base):
    __tablename__ = "disputes"
    __table_args__ = (Index("ix_disputes_status_created_at", "status", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"),
                                          unique=True)
    buyer_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    seller_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    reason: Mapped[str] = mapped_column(String(24))
    details: Mapped[str] = mapped_column(Text)
    photos: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    outcome: Mapped[str | None] = mapped_column(String(16))
    note: Mapped[str | None] = mapped_column(Text)
    resolved_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    resolved_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


class DisputeResponseRow(Base):
    __tablename__ = "dispute_responses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    dispute_id: Mapped[int] = mapped_column(ForeignKey("disputes.id", ondelete="CASCADE"),
                                            index=True)
    author_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    text: Mapped[str] = mapped_column(Text)
    photos: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


def _dispute(row: DisputeRow, responses: list[DisputeResponse]) -> Dispute:
    return Dispute(
        id=row.id, order_id=row.order_id, buyer_id=row.buyer_id, seller_id=row.seller_id,
        reason=DisputeReason(row.reason), details=row.details, photos=json.loads(row.photos),
        created_at=row.created_at, status=DisputeStatus(row.status),
        outcome=DisputeOutcome(row.outcome) if row.outcome else None, note=row.note,
        resolved_by=row.resolved_by, resolved_at=row.resolved_at, responses=responses)


class SqlDisputeRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, dispute: Dispute) -> Dispute:
        row = DisputeRow(order_id=dispute.order_id, buyer_id=dispute.buyer_id,
                         seller_id=dispute.seller_id, reason=dispute.reason.value,
                         details=dispute.details, photos=json.dumps(dispute.photos),
                         status=dispute.status.value, created_at=dispute.created_at)
        self.session.add(row)
        await self.session.flush()
        dispute.id = row.id
        return dispute

    async def get(self, dispute_id: int) -> Dispute | None:
        row = await self.session.get(DisputeRow, dispute_id)
        return None if row is None else (await self._with_responses([row]))[0]

    async def for_order(self, order_id: int) -> Dispute | None:
        row = await self.session.scalar(select(DisputeRow).where(
            DisputeRow.order_id == order_id))
        return None if row is None else (await self._with_responses([row]))[0]

    async def by_status(self, status: DisputeStatus, limit: int) -> list[Dispute]:
        rows = list(await self.session.scalars(keyset_page(
            select(DisputeRow).where(DisputeRow.status == status.value), DisputeRow.created_at,
            DisputeRow.id, limit)))
        return await self._with_responses(rows)

    async def respond(self, dispute_id: int, response: DisputeResponse) -> DisputeResponse:
        row = DisputeResponseRow(dispute_id=dispute_id, author_id=response.author_id,
                                 text=response.text, photos=json.dumps(response.photos),
                                 created_at=response.created_at)
        self.session.add(row)
        await self.session.flush()
        response.id = row.id
        return response

    async def resolve(self, dispute: Dispute) -> bool:
        """Compare-and-set open -> resolved; False when someone resolved it first."""
        row = await self.session.get(DisputeRow, dispute.id, with_for_update=True)
        if row is None or row.status != DisputeStatus.OPEN.value:
            return False
        row.status = DisputeStatus.RESOLVED.value
        row.outcome = dispute.outcome.value if dispute.outcome else None
        row.note, row.resolved_by, row.resolved_at = (dispute.note, dispute.resolved_by,
                                                      dispute.resolved_at)
        await self.session.flush()
        return True

    async def admin_ids(self) -> list[int]:
        return list(await self.session.scalars(select(UserRow.id).where(
            UserRow.role == Role.ADMIN.value)))

    async def _with_responses(self, rows: list[DisputeRow]) -> list[Dispute]:
        ids = [row.id for row in rows]
        found: dict[int, list[DisputeResponse]] = {i: [] for i in ids}
        if ids:
            responses = await self.session.scalars(
                select(DisputeResponseRow).where(DisputeResponseRow.dispute_id.in_(ids))
                .order_by(DisputeResponseRow.id))
            for r in responses:
                found[r.dispute_id].append(DisputeResponse(
                    id=r.id, author_id=r.author_id, text=r.text, photos=json.loads(r.photos),
                    created_at=r.created_at))
        return [_dispute(row, found[row.id]) for row in rows]
