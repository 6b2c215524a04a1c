"""The SQL side of ``application/shared/paging.py``: "strictly after this (key, id) position".

A row-value comparison, ``(key, id) < (:key, :id)`` for newest/largest first, which both
SQLite and PostgreSQL answer from an index on ``(..., key, id)``. :func:`keyset_page` is the
one place a list query gets its order, its position and its limit, so the ORDER BY and the
cursor's comparison can never disagree.
"""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy import ColumnElement, Integer, Select, literal, tuple_

from application.shared.paging import After


def after_clause(key: Any, id_: Any, after: After, *, descending: bool = True,
                 value: Any = None) -> ColumnElement[bool]:
    """Rows strictly after ``after`` in (key, id) order; ``value`` overrides the key value
    when the column stores it differently (money as cents)."""
    bound = after.value if value is None else value
    position = tuple_(literal(bound, key.type), literal(after.id, Integer))
    keys = tuple_(key, id_)
    return keys < position if descending else keys > position


S = TypeVar("S", bound=Select[*tuple[Any, ...]])


def keyset_page(statement: S, key: Any, id_: Any, limit: int, after: After | None = None, *,
                descending: bool = True) -> S:
    """``statement`` ordered by (key, id), newest/largest first unless not ``descending``,
    strictly after ``after`` when given, ``limit`` rows."""
    if after is not None:
        statement = statement.where(after_clause(key, id_, after, descending=descending))
    order = (key.desc(), id_.desc()) if descending else (key, id_)
    return statement.order_by(*order).limit(limit)

