"""The administrators' order desk reads every order newest first, and by status.

Revision ID: 0021_order_desk
Revises: 0020_offers
Create Date: 2026-11-23
"""

from __future__ import annotations

from alembic import op

revision = "0021_order_desk"
down_revision = "0020_offers"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # All Orders: (created_at, id) keyset pages without sorting the table.
    op.create_index("ix_orders_created_at_id", "orders", ["created_at", "id"])
    # A tab's status filter, then the same keyset.
    op.create_index("ix_orders_status_created_at_id", "orders", ["status", "created_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_orders_status_created_at_id", table_name="orders")
    op.drop_index("ix_orders_created_at_id", table_name="orders")
