"""Blog posts. (Contact-form messages were created here until 0006_contact took them over;
that migration creates the table only where it does not exist yet.)

Revision ID: 0004_blog
Revises: 0001_accounts
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0004_blog"
down_revision = "0001_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "blog_posts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(100), nullable=False),
        sa.Column("slug", sa.String(100), nullable=False),
        sa.Column("excerpt", sa.String(300)),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("image_url", sa.String(2000)),
        sa.Column("published", sa.Boolean(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("updated_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_blog_posts"),
        sa.UniqueConstraint("slug", name="uq_blog_posts_slug"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_blog_posts_user_id_users"),
    )
    op.create_index("ix_blog_posts_published_created_at_id", "blog_posts",
                    ["published", "created_at", "id"])
    op.create_index("ix_blog_posts_user_id_created_at", "blog_posts", ["user_id", "created_at"])


def downgrade() -> None:
    op.drop_table("blog_posts")
