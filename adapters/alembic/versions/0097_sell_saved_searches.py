"""Saved searches that alert: each member's saved queries.

Revision ID: 0097_sell_saved_searches
Revises: 0096_accounts_notification_mail
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0097_sell_saved_searches"
down_revision = "0096_accounts_notification_mail"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "saved_searches",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("query", sa.JSON(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("opened_at", UtcDateTime(), nullable=False),
        sa.Column("checked_at", UtcDateTime(), nullable=False),
        sa.Column("notified_at", UtcDateTime(), nullable=True),
    )
    op.create_index("ix_saved_searches_user_id_created_at", "saved_searches",
                    ["user_id", "created_at"])
    op.create_index("ix_saved_searches_notified_at", "saved_searches", ["notified_at"])


def downgrade() -> None:
    op.drop_index("ix_saved_searches_notified_at", table_name="saved_searches")
    op.drop_index("ix_saved_searches_user_id_created_at", table_name="saved_searches")
    op.drop_table("saved_searches")
