"""The SQL side of ``application/paging.py``: "strictly after this (key, id) position".

A row-value comparison, ``(key, id) < (:key, :id)`` for newest/largest first, which both
SQLite and PostgreSQL answer from an index on ``(..., key, id)``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import ColumnElement, Integer, literal, tuple_

from application.paging import After


def after_clause(key: Any, id_: Any, after: After, *, descending: bool = True,
                 value: Any = None) -> ColumnElement[bool]:
    """Rows strictly after ``after`` in (key, id) order; ``value`` overrides the key value
    when the column stores it differently (money as cents)."""
    bound = after.value if value is None else value
    position = tuple_(literal(bound, key.type), literal(after.id, Integer))
    keys = tuple_(key, id_)
    return keys < position if descending else keys > position
