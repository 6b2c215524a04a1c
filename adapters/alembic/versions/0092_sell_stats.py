"""Seller stats: listing views per day, and today's visit marks that keep them once per
visitor (deleted when the day is over; no visitor data is stored).

Revision ID: 0092_sell_stats
Revises: 0081_trust_disputes
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0092_sell_stats"
down_revision = "0081_trust_disputes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "listing_view_marks",
        sa.Column("product_id", sa.Integer(),
                  sa.ForeignKey("products.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("day", sa.Date(), primary_key=True),
        sa.Column("mark", sa.String(64), primary_key=True),
    )
    op.create_index("ix_listing_view_marks_day", "listing_view_marks", ["day"])
    op.create_table(
        "listing_view_days",
        sa.Column("product_id", sa.Integer(),
                  sa.ForeignKey("products.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("day", sa.Date(), primary_key=True),
        sa.Column("views", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("listing_view_days")
    op.drop_index("ix_listing_view_marks_day", table_name="listing_view_marks")
    op.drop_table("listing_view_marks")
