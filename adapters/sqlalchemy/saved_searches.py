"""Saved searches: one row per saved query, its filters as JSON."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, delete, func, or_, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow, lock_member
from adapters.sqlalchemy.base import Base, UtcDateTime
from domain.saved_searches import SavedQuery, SavedSearch


class SavedSearchRow(Base):
    __tablename__ = "saved_searches"
    __table_args__ = (
        Index("ix_saved_searches_user_id_created_at", "user_id", "created_at"),
        Index("ix_saved_searches_notified_at", "notified_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(80))
    query: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    opened_at: Mapped[datetime] = mapped_column(UtcDateTime)
    checked_at: Mapped[datetime] = mapped_column(UtcDateTime)
    notified_at: Mapped[datetime | None] = mapped_column(UtcDateTime, nullable=True)


def _query_json(query: SavedQuery) -> dict[str, Any]:
    return {"q": query.q, "brands": list(query.brands), "categories": list(query.categories),
            "sizes": list(query.sizes), "conditions": list(query.conditions),
            "minPrice": query.min_price, "maxPrice": query.max_price}


def _search(row: SavedSearchRow) -> SavedSearch:
    q = row.query or {}
    query = SavedQuery(q.get("q") or "", tuple(q.get("brands") or ()),
                       tuple(q.get("categories") or ()), tuple(q.get("sizes") or ()),
                       tuple(q.get("conditions") or ()), q.get("minPrice"), q.get("maxPrice"))
    return SavedSearch(id=row.id, user_id=row.user_id, name=row.name, query=query,
                       created_at=row.created_at, opened_at=row.opened_at,
                       checked_at=row.checked_at, notified_at=row.notified_at)


class SqlSavedSearchRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def lock_member(self, user_id: int) -> None:
        await lock_member(self.session, user_id)

    async def count_for(self, user_id: int) -> int:
        return int(await self.session.scalar(
            select(func.count()).select_from(SavedSearchRow)
            .where(SavedSearchRow.user_id == user_id)) or 0)

    async def add(self, search: SavedSearch) -> SavedSearch:
        row = SavedSearchRow(user_id=search.user_id, name=search.name,
                             query=_query_json(search.query), created_at=search.created_at,
                             opened_at=search.opened_at, checked_at=search.checked_at,
                             notified_at=search.notified_at)
        self.session.add(row)
        await self.session.flush()
        search.id = row.id
        return search

    async def get(self, search_id: int) -> SavedSearch | None:
        row = await self.session.get(SavedSearchRow, search_id, populate_existing=True)
        return None if row is None else _search(row)

    async def list_for(self, user_id: int) -> list[SavedSearch]:
        rows = await self.session.scalars(
            select(SavedSearchRow).where(SavedSearchRow.user_id == user_id)
            .order_by(SavedSearchRow.created_at.desc(), SavedSearchRow.id.desc()))
        return [_search(row) for row in rows.all()]

    async def delete(self, search_id: int) -> bool:
        result = await self.session.execute(
            delete(SavedSearchRow).where(SavedSearchRow.id == search_id))
        return bool(result.rowcount)  # type: ignore[attr-defined]  # CursorResult

    async def mark_opened(self, search_id: int, now: datetime) -> None:
        await self.session.execute(update(SavedSearchRow).where(SavedSearchRow.id == search_id)
                                   .values(opened_at=now))

    async def due(self, notified_before: datetime, limit: int, after_id: int = 0
                  ) -> list[SavedSearch]:
        rows = await self.session.scalars(
            select(SavedSearchRow).join(UserRow, UserRow.id == SavedSearchRow.user_id).where(
                SavedSearchRow.id > after_id, UserRow.closed_at.is_(None),
                or_(SavedSearchRow.notified_at.is_(None),
                    SavedSearchRow.notified_at < notified_before))
            .order_by(SavedSearchRow.id).limit(limit))
        return [_search(row) for row in rows.all()]

    async def claim_check(self, search_id: int, checked_at: datetime, now: datetime,
                          notified: bool) -> bool:
        values: dict[str, Any] = {"checked_at": now}
        if notified:
            values["notified_at"] = now
        result = await self.session.execute(
            update(SavedSearchRow).where(SavedSearchRow.id == search_id,
                                         SavedSearchRow.checked_at == checked_at)
            .values(**values))
        return bool(result.rowcount)  # type: ignore[attr-defined]  # CursorResult
