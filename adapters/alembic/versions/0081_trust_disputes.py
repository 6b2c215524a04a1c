"""Disputes: buyer protection that can be claimed (issue 37).

Revision ID: 0081_trust_disputes
Revises: 0080_trust_reports
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0081_trust_disputes"
down_revision = "0080_trust_reports"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "disputes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("buyer_id", sa.Integer(), nullable=False),
        sa.Column("seller_id", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(24), nullable=False),
        sa.Column("details", sa.Text(), nullable=False),
        sa.Column("photos", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("outcome", sa.String(16)),
        sa.Column("note", sa.Text()),
        sa.Column("resolved_by", sa.Integer()),
        sa.Column("resolved_at", UtcDateTime()),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_disputes"),
        sa.UniqueConstraint("order_id", name="uq_disputes_order_id"),
        sa.ForeignKeyConstraint(["order_id"], ["orders.id"], ondelete="CASCADE",
                                name="fk_disputes_order_id_orders"),
        sa.ForeignKeyConstraint(["buyer_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_disputes_buyer_id_users"),
        sa.ForeignKeyConstraint(["seller_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_disputes_seller_id_users"),
        sa.ForeignKeyConstraint(["resolved_by"], ["users.id"], ondelete="SET NULL",
                                name="fk_disputes_resolved_by_users"),
    )
    op.create_index("ix_disputes_status_created_at", "disputes", ["status", "created_at"])
    op.create_table(
        "dispute_responses",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("dispute_id", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("photos", sa.Text(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_dispute_responses"),
        sa.ForeignKeyConstraint(["dispute_id"], ["disputes.id"], ondelete="CASCADE",
                                name="fk_dispute_responses_dispute_id_disputes"),
        sa.ForeignKeyConstraint(["author_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_dispute_responses_author_id_users"),
    )
    op.create_index("ix_dispute_responses_dispute_id", "dispute_responses", ["dispute_id"])


def downgrade() -> None:
    op.drop_table("dispute_responses")
    op.drop_table("disputes")
