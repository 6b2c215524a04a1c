"""Search on Tantivy: a transactional outbox replaces the SQL full-text search and change feed.

Search now runs on an on-disk Tantivy index per host (``adapters/search/``) fed by
``search_outbox``: every write that changes what search shows adds a row (the listing's
id) in the same transaction (``adapters/sqlalchemy/search_outbox.py``). What the SQL
search needed goes: the FTS5 table and its triggers (SQLite), the ``search_vector``
column and its GIN index (PostgreSQL), the stored search terms, the vocabulary table, the
text-reads index, the change feed of migration 0072 with its triggers and the change
notices of 0073, and the products indexes only that search used.

Revision ID: 0074_search_outbox
Revises: 0091_sell_vacation
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0074_search_outbox"
down_revision = "0091_sell_vacation"
branch_labels = None
depends_on = None

# The products indexes only the SQL search walked.
SEARCH_INDEXES = ("ix_products_status_price_cents_id", "ix_products_status_watch_count_id",
                  "ix_products_status_category_created_at",
                  "ix_products_status_category_price_cents_id",
                  "ix_products_status_brand_key_created_at", "ix_products_facets")


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    for event in ("insert", "update", "delete"):
        op.execute(f"DROP TRIGGER IF EXISTS listing_changes_{event}"
                   + (" ON products" if dialect == "postgresql" else ""))
    if dialect == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS listing_changes_note()")
        for table in ("products", "users"):
            op.execute(f"DROP TRIGGER IF EXISTS {table}_changes_notice ON {table}")
        op.execute("DROP FUNCTION IF EXISTS rethread_changes_notice()")
        op.execute("DROP INDEX IF EXISTS ix_products_search_vector")
        op.execute("ALTER TABLE products DROP COLUMN IF EXISTS search_vector")
    else:
        for trigger in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS products_fts_{trigger}")
        op.execute("DROP TABLE IF EXISTS products_fts")
        op.execute("DROP INDEX IF EXISTS ix_products_id_filters")
    for name in SEARCH_INDEXES:
        op.drop_index(name, table_name="products")
    op.drop_index("ix_listing_changes_stamp", table_name="listing_changes")
    op.drop_table("listing_changes")
    op.drop_table("search_terms")
    op.drop_column("products", "search_body")
    op.drop_column("products", "search_head")
    op.create_table(
        "search_outbox",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("listing_id", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    raise NotImplementedError("the SQL search of 0060-0073 is not rebuilt: restore a backup")
