"""Activity log for analytics: one row per recorded event, one visit per user per day.

Revision ID: 0050_activity
Revises: 0010_posts
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0050_activity"
down_revision = "0010_posts"
branch_labels = None
depends_on = None

ONLY_VISITS = sa.text("kind = 'visit'")


def upgrade() -> None:
    op.create_table(
        "activity",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("at", UtcDateTime(), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_activity"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="SET NULL",
                                name="fk_activity_user_id_users"),
    )
    op.create_index("ix_activity_day_kind", "activity", ["day", "kind"])
    op.create_index("ix_activity_kind_user_id", "activity", ["kind", "user_id"])
    op.create_index("ix_activity_at", "activity", ["at"])
    op.create_index("uq_activity_visit_user_day", "activity", ["user_id", "day"], unique=True,
                    sqlite_where=ONLY_VISITS, postgresql_where=ONLY_VISITS)


def downgrade() -> None:
    op.drop_table("activity")
