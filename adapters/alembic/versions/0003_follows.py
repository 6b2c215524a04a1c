"""Follows: who follows whom (unique pair, never oneself).

Revision ID: 0003_follows
Revises: 0002_catalog
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0003_follows"
down_revision = "0002_catalog"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "follows",
        sa.Column("follower_id", sa.Integer(), nullable=False),
        sa.Column("following_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("follower_id", "following_id", name="pk_follows"),
        sa.ForeignKeyConstraint(["follower_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_follows_follower_id_users"),
        sa.ForeignKeyConstraint(["following_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_follows_following_id_users"),
        sa.CheckConstraint("follower_id <> following_id", name="ck_follows_not_self"),
    )
    op.create_index("ix_follows_following_id_created_at", "follows",
                    ["following_id", "created_at"])


def downgrade() -> None:
    op.drop_table("follows")
