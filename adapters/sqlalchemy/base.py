"""Declarative base with a naming convention so migrations name constraints predictably."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import CursorResult, DateTime, MetaData, Result, Table, TypeDecorator
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import DeclarativeBase

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def rowcount(result: Result[Any]) -> int:
    """How many rows an UPDATE or DELETE matched. ``AsyncSession.execute`` is typed to
    return a ``Result``; for those statements it is a ``CursorResult``, which has it."""
    return cast(CursorResult[Any], result).rowcount


def dialect_insert(session: AsyncSession, model: type[Base] | Table
                   ) -> postgresql.Insert | sqlite.Insert:
    """An INSERT of the session's database, which has ``on_conflict_do_nothing`` and
    ``on_conflict_do_update`` (PostgreSQL and SQLite spell them alike)."""
    dialect = session.get_bind().dialect.name
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(model)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class UtcDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on both databases (SQLite keeps no zone of its own)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: object) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: object) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def table_of(model: type[Base]) -> Table:
    """A mapped class's ``Table`` (its ``__table__``, which is typed as any FROM clause)."""
    return Base.metadata.tables[model.__tablename__]
