"""SQLite: a narrow covering index keyed by id for reads that start from the full-text index.

A search with words finds its listings' ids in ``products_fts`` and then has to test each
one against the filters, order it and count it. Looked up in the table, each id reads a
whole row (title, description, search terms: about 2 KB) for a few small columns; at a
million listings a common word matches 100,000 ids, and those lookups were most of a
search's time (count 143 ms, page 123 ms, facets 209 ms for "tee" with a condition). This
index holds just the filter, sort and facet columns in id order, so the same lookups read
about 60 bytes each (50, 61 and 149 ms). SQLite keeps no statistics here and would prefer
the table, so the catalog repository names the index (``INDEXED BY``) on those statements
only (``adapters/sqlalchemy/catalog.py``, ``TEXT_READS_INDEX``).

PostgreSQL finds text matches through its GIN index and plans from statistics: no index.

Revision ID: 0071_text_reads_index
Revises: 0070_category_price_index
Create Date: 2026-11-24
"""

from __future__ import annotations

from alembic import op

revision = "0071_text_reads_index"
down_revision = "0070_category_price_index"
branch_labels = None
depends_on = None

NAME = "ix_products_id_filters"
COLUMNS = ["id", "status", "brand_key", "category", "size", "condition", "price_cents",
           "seller_id", "created_at", "watch_count", "brand"]


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.create_index(NAME, "products", COLUMNS)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.drop_index(NAME, table_name="products")
