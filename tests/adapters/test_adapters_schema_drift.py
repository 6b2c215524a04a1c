"""The ORM's models say what the migrations made, on both databases: Alembic's comparison of
``Base.metadata`` with a freshly migrated database finds nothing to change. A model that
forgets an index, a unique constraint or a foreign key's action the migrations created (the
reviews' one review per party per order was only in migration 0040) fails here, before
anyone trusts the model as the schema's description.

The one difference kept on purpose: on SQLite the two foreign keys from orders to listings
keep their old ``ON DELETE CASCADE`` text, and a trigger refuses the delete instead
(migration 0099 says why; PostgreSQL has ``RESTRICT``, as the models do)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, make_url

import entrypoints.container  # noqa: F401  # imports every adapter, so every model is mapped
from adapters.sqlalchemy.base import Base
from adapters.sqlalchemy.engine import create_engine

pytestmark = pytest.mark.adapters

# Migration 0099's SQLite foreign keys: (table, constraint) whose action differs on purpose.
SQLITE_KEPT_FOREIGN_KEYS = {("orders", "fk_orders_product_id_products"),
                            ("order_items", "fk_order_items_product_id_products")}


def _differences(connection: Connection) -> list[Any]:
    with warnings.catch_warnings():
        # SQLite cannot reflect expression indexes (lower(username)); Alembic says so, skips it.
        warnings.simplefilter("ignore")
        return list(compare_metadata(MigrationContext.configure(connection), Base.metadata))


def _kept_on_purpose(difference: Any, dialect: str) -> bool:
    if dialect != "sqlite" or not isinstance(difference, tuple):
        return False
    kind, constraint = difference[0], difference[1]
    return (kind in ("add_fk", "remove_fk")
            and (constraint.table.name, constraint.name) in SQLITE_KEPT_FOREIGN_KEYS)


async def test_the_models_match_the_migrated_database(database_url: str) -> None:
    dialect = make_url(database_url).get_backend_name()
    engine = create_engine(database_url)
    try:
        async with engine.connect() as connection:
            found = await connection.run_sync(_differences)
    finally:
        await engine.dispose()
    assert [d for d in found if not _kept_on_purpose(d, dialect)] == []
    if dialect == "sqlite":  # and the exception still describes the database
        assert len(found) == 2 * len(SQLITE_KEPT_FOREIGN_KEYS)
