"""Vacations: one row per member who is away."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, delete, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.base import Base, UtcDateTime, rowcount
from domain.vacation import Vacation


class VacationRow(Base):
    __tablename__ = "vacations"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    until: Mapped[datetime | None] = mapped_column(UtcDateTime, index=True)
    message: Mapped[str] = mapped_column(String(300))
    started_at: Mapped[datetime] = mapped_column(UtcDateTime)


def _vacation(row: VacationRow) -> Vacation:
    return Vacation(row.user_id, row.until, row.message, row.started_at)


def vacation_of(row: VacationRow | None) -> Vacation | None:
    """The vacation of a row read beside another (an outer join: None without one)."""
    return None if row is None else _vacation(row)


class SqlVacationRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def get(self, user_id: int) -> Vacation | None:
        row = await self.session.get(VacationRow, user_id)
        return None if row is None else _vacation(row)

    async def for_users(self, user_ids: list[int]) -> dict[int, Vacation]:
        if not user_ids:
            return {}
        rows = await self.session.scalars(
            select(VacationRow).where(VacationRow.user_id.in_(sorted(set(user_ids)))))
        return {row.user_id: _vacation(row) for row in rows.all()}

    async def put(self, vacation: Vacation) -> None:
        await self.remove(vacation.user_id)
        self.session.add(VacationRow(user_id=vacation.user_id, until=vacation.until,
                                     message=vacation.message, started_at=vacation.started_at))
        await self.session.flush()

    async def remove(self, user_id: int) -> bool:
        result = await self.session.execute(
            delete(VacationRow).where(VacationRow.user_id == user_id))
        return bool(rowcount(result))

    async def remove_ended(self, now: datetime) -> list[int]:
        ended = list((await self.session.scalars(
            select(VacationRow.user_id).where(VacationRow.until <= now))).all())
        if ended:
            await self.session.execute(
                delete(VacationRow).where(VacationRow.user_id.in_(ended),
                                          VacationRow.until <= now))
        return ended
