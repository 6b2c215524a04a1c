"""Category pages sorted by price: an index on (status, category, price_cents, id).

The shop's most common question is one category sorted by price. Without this index
SQLite walks the whole catalog's price index for it, testing each listing's category: at a
million listings "tops, high to low" passes every coat and boot priced above the dearest
top first (0.45 s). With it the page is a walk of that category's own price order (well
under a millisecond), and a price range inside a category is a range of the index.
Building it takes about a second per million listings.

Revision ID: 0070_category_price_index
Revises: 0060_search_terms
Create Date: 2026-11-24
"""

from __future__ import annotations

from alembic import op

revision = "0070_category_price_index"
down_revision = "0060_search_terms"
branch_labels = None
depends_on = None

NAME = "ix_products_status_category_price_cents_id"


def upgrade() -> None:
    op.create_index(NAME, "products", ["status", "category", "price_cents", "id"])


def downgrade() -> None:
    op.drop_index(NAME, table_name="products")
