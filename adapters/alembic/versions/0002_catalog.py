"""Catalog: products, their photos, favorites, and full-text search.

Full text differs per database, with the same behaviour (lower-case word-prefix matching on
runs of letters and digits of title, description and brand):
- SQLite: an external-content FTS5 table ``products_fts`` (unicode61, no diacritic folding,
  2- and 3-letter prefix indexes) kept in sync by triggers on insert, delete and on updates
  of the indexed columns only (a watch-count update does not touch the index).
- PostgreSQL: a generated ``search_vector`` tsvector column (``simple`` configuration over
  the text with every non-alphanumeric run replaced by a space, so "nike.com" is two words
  as on SQLite) and a GIN index.

Revision ID: 0002_catalog
Revises: 0001_accounts
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0002_catalog"
down_revision = "0001_accounts"
branch_labels = None
depends_on = None

FTS_COLUMNS = "title, description, brand"

SQLITE_FTS = [
    f"""CREATE VIRTUAL TABLE products_fts USING fts5(
        {FTS_COLUMNS}, content='products', content_rowid='id',
        tokenize='unicode61 remove_diacritics 0', prefix='2 3')""",
    f"""CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_fts(rowid, {FTS_COLUMNS})
        VALUES (new.id, new.title, new.description, new.brand);
    END""",
    f"""CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, {FTS_COLUMNS})
        VALUES ('delete', old.id, old.title, old.description, old.brand);
    END""",
    f"""CREATE TRIGGER products_fts_update AFTER UPDATE OF {FTS_COLUMNS} ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, {FTS_COLUMNS})
        VALUES ('delete', old.id, old.title, old.description, old.brand);
        INSERT INTO products_fts(rowid, {FTS_COLUMNS})
        VALUES (new.id, new.title, new.description, new.brand);
    END""",
]

POSTGRES_FTS = [
    """ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        to_tsvector('simple'::regconfig, regexp_replace(
            title || ' ' || description || ' ' || brand, '[^[:alnum:]]+', ' ', 'g'))
    ) STORED""",
    "CREATE INDEX ix_products_search_vector ON products USING gin (search_vector)",
]


def upgrade() -> None:
    op.create_table(
        "products",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("seller_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(100), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("price_cents", sa.Integer(), nullable=False),
        sa.Column("brand", sa.String(50), nullable=False),
        sa.Column("brand_key", sa.String(50), nullable=False),
        sa.Column("size", sa.String(8), nullable=False),
        sa.Column("condition", sa.String(16), nullable=False),
        sa.Column("category", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("price_drop", sa.Boolean(), nullable=False),
        sa.Column("verified", sa.Boolean(), nullable=False),
        sa.Column("watch_count", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("updated_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_products"),
        sa.ForeignKeyConstraint(["seller_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_products_seller_id_users"),
        sa.CheckConstraint("price_cents > 0", name="ck_products_price_positive"),
        sa.CheckConstraint("watch_count >= 0", name="ck_products_watch_count_not_negative"),
    )
    indexes = {
        "ix_products_status_created_at_id": ["status", "created_at", "id"],
        "ix_products_status_price_cents_id": ["status", "price_cents", "id"],
        "ix_products_status_watch_count_id": ["status", "watch_count", "id"],
        "ix_products_status_category_created_at": ["status", "category", "created_at", "id"],
        "ix_products_status_brand_key_created_at": ["status", "brand_key", "created_at", "id"],
        "ix_products_seller_id_status_created_at": ["seller_id", "status", "created_at", "id"],
        # covers the one-pass facet count (GROUP BY follows its column order)
        "ix_products_facets": ["status", "brand_key", "category", "size", "condition", "brand",
                               "price_cents", "seller_id"],
    }
    for name, columns in indexes.items():
        op.create_index(name, "products", columns)

    op.create_table(
        "product_images",
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("url", sa.String(500), nullable=False),
        sa.Column("thumbnail_url", sa.String(500), nullable=False),
        sa.PrimaryKeyConstraint("product_id", "position", name="pk_product_images"),
        sa.ForeignKeyConstraint(["product_id"], ["products.id"], ondelete="CASCADE",
                                name="fk_product_images_product_id_products"),
    )

    op.create_table(
        "favorites",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_favorites"),
        sa.UniqueConstraint("user_id", "product_id", name="uq_favorites_user_id_product_id"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_favorites_user_id_users"),
        sa.ForeignKeyConstraint(["product_id"], ["products.id"], ondelete="CASCADE",
                                name="fk_favorites_product_id_products"),
    )
    op.create_index("ix_favorites_user_id_created_at", "favorites", ["user_id", "created_at"])
    op.create_index("ix_favorites_product_id", "favorites", ["product_id"])

    statements = POSTGRES_FTS if op.get_bind().dialect.name == "postgresql" else SQLITE_FTS
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for trigger in ("insert", "delete", "update"):
            op.execute(f"DROP TRIGGER IF EXISTS products_fts_{trigger}")
        op.execute("DROP TABLE IF EXISTS products_fts")
    op.drop_table("favorites")
    op.drop_table("product_images")
    op.drop_table("products")
