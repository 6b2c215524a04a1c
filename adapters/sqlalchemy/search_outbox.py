"""The search outbox: one row per change of what search shows, written in the writer's
transaction (docs/search.md).

Every write that changes a listing as search sees it (created, edited, price, status,
photos, deleted, watch count) calls :func:`note` in its own transaction, so the row commits
or rolls back with the change. The indexer (``adapters/search/indexer.py``) reads rows after
the position stored with the index's last commit, loads those listings' current rows by id
(``catalog.indexed_listings``) and applies them; applying the same listing twice gives the same
document, so a row read again after a crash does no harm. Rows are cheap (two integers) and
a write adds one per listing it touched, whatever the size of the catalog.

Each index also remembers which database it was built from (:func:`origin`, a token drawn
once per database): an index is never followed against another database, nor against an
older copy of its own (a restored backup), whose outbox ends before the index's position.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from sqlalchemy import Integer, String, delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.base import Base, dialect_insert, table_of
from adapters.sqlalchemy.outboxes import mark_written


class SearchOutboxRow(Base):
    __tablename__ = "search_outbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    listing_id: Mapped[int] = mapped_column(Integer)


class SearchOriginRow(Base):
    """One row (id 1): this database's token, stored with every index built from it."""

    __tablename__ = "search_origin"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    token: Mapped[str] = mapped_column(String(32))


OUTBOX = table_of(SearchOutboxRow)


async def note(session: AsyncSession, listing_ids: Iterable[int]) -> None:
    """Add an outbox row per listing, in ``session``'s transaction."""
    rows = [{"listing_id": listing_id} for listing_id in dict.fromkeys(listing_ids)]
    if rows:
        await session.execute(insert(OUTBOX), rows)
        mark_written(session, "search")


async def pending(session: AsyncSession, after: int, limit: int) -> list[tuple[int, int]]:
    """Up to ``limit`` outbox rows after position ``after``: (row id, listing id), in order."""
    rows = await session.execute(
        select(SearchOutboxRow.id, SearchOutboxRow.listing_id)
        .where(SearchOutboxRow.id > after).order_by(SearchOutboxRow.id).limit(limit))
    return [(row_id, listing_id) for row_id, listing_id in rows]


async def latest(session: AsyncSession) -> int:
    """The last outbox row's id (0 when empty): where a fresh index starts following."""
    return int(await session.scalar(select(func.max(SearchOutboxRow.id))) or 0)


async def prune(session: AsyncSession, before: int) -> None:
    """Forget rows up to ``before`` (the indexer keeps a long tail for other hosts)."""
    await session.execute(delete(SearchOutboxRow).where(SearchOutboxRow.id <= before))


async def origin(session: AsyncSession) -> str:
    """This database's token, drawn by the first caller (several at once agree on one: the
    row's key is fixed). The caller commits."""
    await session.execute(dialect_insert(session, SearchOriginRow)
                          .values(id=1, token=secrets.token_hex(16))
                          .on_conflict_do_nothing(index_elements=["id"]))
    return str(await session.scalar(select(SearchOriginRow.token).where(SearchOriginRow.id == 1)))
