"""The activity log table and its repository (analytics).

A ``day`` column (the UTC date, computed in Python) keeps the per-day aggregation portable and
indexed on both databases. A partial unique index keeps one visit per user per day; the insert
says ON CONFLICT DO NOTHING so a second worker recording the same visit is a no-op, not a 409.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    distinct,
    func,
    insert,
    select,
    text,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime, dialect_insert, table_of
from domain.analytics import Activity, ActivityKind, activity_day

VISIT = ActivityKind.VISIT.value
ONLY_VISITS = text("kind = 'visit'")
# Rows per INSERT statement of ``record_many`` (1 ms of preparation each on the event loop).
INSERT_CHUNK = 200


class ActivityRow(Base):
    __tablename__ = "activity"
    __table_args__ = (
        Index("ix_activity_day_kind", "day", "kind"),
        Index("ix_activity_kind_user_id", "kind", "user_id"),
        Index("ix_activity_at", "at"),
        Index("uq_activity_visit_user_day", "user_id", "day", unique=True,
              sqlite_where=ONLY_VISITS, postgresql_where=ONLY_VISITS),
    )

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"),
                                    primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime)
    day: Mapped[date] = mapped_column(Date)


def _values(kind: str, user_id: int | None, at: datetime) -> dict[str, Any]:
    return {"kind": ActivityKind(kind).value, "user_id": user_id, "at": at,
            "day": activity_day(at)}


class SqlActivityRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def record(self, kind: str, user_id: int | None, at: datetime) -> None:
        values = _values(kind, user_id, at)
        if values["kind"] != VISIT or user_id is None:
            await self.session.execute(insert(ActivityRow).values(**values))
            return
        statement = (dialect_insert(self.session, ActivityRow).values(**values)
                     .on_conflict_do_nothing(index_elements=["user_id", "day"],
                                             index_where=ONLY_VISITS))
        await self.session.execute(statement)

    async def record_many(self, events: list[Activity]) -> None:
        if events:
            # The table, not the mapped class: no ORM bulk-persistence pass per row. And a
            # statement per INSERT_CHUNK: SQLAlchemy prepares a statement's parameters on
            # the event loop, so a long batch in one statement held every request back
            # (measured in `git log -p docs/performance.md`).
            for start in range(0, len(events), INSERT_CHUNK):
                await self.session.execute(insert(table_of(ActivityRow)), [
                    _values(e.kind, e.user_id, e.at)
                    for e in events[start:start + INSERT_CHUNK]])

    async def counts_by_day(self, first: date, last: date
                            ) -> dict[tuple[date, ActivityKind], int]:
        query = (select(ActivityRow.day, ActivityRow.kind, func.count())
                 .where(ActivityRow.day.between(first, last))
                 .group_by(ActivityRow.day, ActivityRow.kind))
        rows = await self.session.execute(query)
        return {(day, ActivityKind(kind)): count for day, kind, count in rows}

    async def active_users_by_day(self, first: date, last: date) -> dict[date, int]:
        query = (select(ActivityRow.day, func.count(distinct(ActivityRow.user_id)))
                 .where(ActivityRow.day.between(first, last), ActivityRow.user_id.is_not(None))
                 .group_by(ActivityRow.day))
        return {day: count for day, count in await self.session.execute(query)}

    async def distinct_users(self, kinds: frozenset[ActivityKind]) -> int:
        query = select(func.count(distinct(ActivityRow.user_id))).where(
            ActivityRow.kind.in_([k.value for k in kinds]), ActivityRow.user_id.is_not(None))
        return int(await self.session.scalar(query) or 0)

    async def recent(self, limit: int) -> list[Activity]:
        query = (select(ActivityRow.kind, ActivityRow.user_id, ActivityRow.at, UserRow.username)
                 .outerjoin(UserRow, UserRow.id == ActivityRow.user_id)
                 .order_by(ActivityRow.at.desc(), ActivityRow.id.desc()).limit(limit))
        return [Activity(ActivityKind(kind), user_id, at, username)
                for kind, user_id, at, username in await self.session.execute(query)]
