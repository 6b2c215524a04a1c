"""Offers: a buyer's offer on a listing, with the seller's answer.

Two partial unique indexes (same syntax on SQLite and PostgreSQL) keep the race-prone rules
true under concurrency: one open (pending or countered) offer per buyer and listing, and one
accepted offer per listing.

Revision ID: 0020_offers
Revises: 0040_orders
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0020_offers"
down_revision = "0040_orders"
branch_labels = None
depends_on = None

OPEN_SQL = "status IN ('pending', 'countered')"
ACCEPTED_SQL = "status = 'accepted'"


def upgrade() -> None:
    op.create_table(
        "offers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("buyer_id", sa.Integer(), nullable=False),
        sa.Column("seller_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("listing_price_cents", sa.Integer(), nullable=False),
        sa.Column("offer_price_cents", sa.Integer(), nullable=False),
        sa.Column("counter_price_cents", sa.Integer(), nullable=True),
        sa.Column("message", sa.String(500), nullable=True),
        sa.Column("decline_reason", sa.String(32), nullable=True),
        sa.Column("seller_seen", sa.Boolean(), nullable=False),
        sa.Column("buyer_seen", sa.Boolean(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("updated_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_offers"),
        sa.ForeignKeyConstraint(["product_id"], ["products.id"], ondelete="CASCADE",
                                name="fk_offers_product_id_products"),
        sa.ForeignKeyConstraint(["buyer_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_offers_buyer_id_users"),
        sa.ForeignKeyConstraint(["seller_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_offers_seller_id_users"),
        sa.CheckConstraint(
            "status IN ('pending', 'accepted', 'rejected', 'countered', 'withdrawn')",
            name="ck_offers_status"),
        sa.CheckConstraint("offer_price_cents > 0", name="ck_offers_offer_price_positive"),
    )
    op.create_index("uq_offers_open_buyer_product", "offers", ["buyer_id", "product_id"],
                    unique=True, sqlite_where=sa.text(OPEN_SQL),
                    postgresql_where=sa.text(OPEN_SQL))
    op.create_index("uq_offers_accepted_product", "offers", ["product_id"], unique=True,
                    sqlite_where=sa.text(ACCEPTED_SQL), postgresql_where=sa.text(ACCEPTED_SQL))
    op.create_index("ix_offers_seller_id_created_at", "offers",
                    ["seller_id", "created_at", "id"])
    op.create_index("ix_offers_buyer_id_created_at", "offers", ["buyer_id", "created_at", "id"])
    op.create_index("ix_offers_product_id_status", "offers", ["product_id", "status"])


def downgrade() -> None:
    op.drop_table("offers")
