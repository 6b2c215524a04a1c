"""Bundles: sellers' discount tiers, buyers' bags and the items of an order.

- ``bundle_tiers``: "buy ``min_items`` or more, save ``percent``%" per seller (up to three).
- ``bag_items``: what a buyer has put in their bag, once per listing.
- ``order_items``: every listing an order holds with the price it was charged before the
  bundle discount. Orders placed before this migration get their one item copied in, so
  every order has at least one row.

Revision ID: 0090_sell_bundles
Revises: 0073_change_notices
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0090_sell_bundles"
down_revision = "0073_change_notices"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bundle_tiers",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("min_items", sa.Integer(), primary_key=True),
        sa.Column("percent", sa.Integer(), nullable=False),
    )
    op.create_table(
        "bag_items",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("product_id", sa.Integer(),
                  sa.ForeignKey("products.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("added_at", UtcDateTime(), nullable=False),
    )
    op.create_index("ix_bag_items_product_id", "bag_items", ["product_id"])
    op.create_table(
        "order_items",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("order_id", sa.Integer(), sa.ForeignKey("orders.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("product_id", sa.Integer(),
                  sa.ForeignKey("products.id", ondelete="CASCADE"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("price_cents", sa.Integer(), nullable=False),
        sa.UniqueConstraint("order_id", "product_id", name="uq_order_items_order_id_product_id"),
    )
    op.create_index("ix_order_items_product_id", "order_items", ["product_id"])
    op.execute("INSERT INTO order_items (order_id, product_id, position, price_cents) "
               "SELECT id, product_id, 0, price_cents FROM orders")


def downgrade() -> None:
    op.drop_index("ix_order_items_product_id", table_name="order_items")
    op.drop_table("order_items")
    op.drop_index("ix_bag_items_product_id", table_name="bag_items")
    op.drop_table("bag_items")
    op.drop_table("bundle_tiers")
