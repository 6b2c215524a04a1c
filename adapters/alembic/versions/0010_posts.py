"""Style posts: posts, hashtags, tagged listings, comments, likes and saves.

Likes and saves are unique per (post, user) through their primary keys, so repeated or
concurrent requests leave one row and counts (counted from the rows) never drift.

Revision ID: 0010_posts
Revises: 0030_messages_notifications
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0010_posts"
down_revision = "0030_messages_notifications"
branch_labels = None
depends_on = None


def _fk(column: str, table: str, owner: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{table}.id"], ondelete="CASCADE",
                                   name=f"fk_{owner}_{column}_{table}")


def _reaction(name: str) -> None:
    op.create_table(
        name,
        sa.Column("post_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("post_id", "user_id", name=f"pk_{name}"),
        _fk("post_id", "posts", name),
        _fk("user_id", "users", name),
    )


def upgrade() -> None:
    op.create_table(
        "posts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("image_url", sa.String(500), nullable=False),
        sa.Column("thumbnail_url", sa.String(500), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_posts"),
        _fk("user_id", "users", "posts"),
    )
    op.create_index("ix_posts_created_at_id", "posts", ["created_at", "id"])
    op.create_index("ix_posts_user_id_created_at_id", "posts", ["user_id", "created_at", "id"])
    op.create_table(
        "post_hashtags",
        sa.Column("post_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(30), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("post_id", "name", name="pk_post_hashtags"),
        _fk("post_id", "posts", "post_hashtags"),
    )
    op.create_index("ix_post_hashtags_name_post_id", "post_hashtags", ["name", "post_id"])
    op.create_table(
        "post_products",
        sa.Column("post_id", sa.Integer(), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("x", sa.Float(), nullable=True),
        sa.Column("y", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("post_id", "product_id", name="pk_post_products"),
        _fk("post_id", "posts", "post_products"),
        _fk("product_id", "products", "post_products"),
    )
    op.create_index("ix_post_products_product_id_post_id", "post_products",
                    ["product_id", "post_id"])
    _reaction("post_likes")
    op.create_index("ix_post_likes_user_id", "post_likes", ["user_id"])
    _reaction("post_saves")
    op.create_index("ix_post_saves_user_id_created_at", "post_saves", ["user_id", "created_at"])
    op.create_table(
        "post_comments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("post_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_post_comments"),
        _fk("post_id", "posts", "post_comments"),
        _fk("user_id", "users", "post_comments"),
    )
    op.create_index("ix_post_comments_post_id_created_at_id", "post_comments",
                    ["post_id", "created_at", "id"])


def downgrade() -> None:
    for table in ("post_comments", "post_saves", "post_likes", "post_products",
                  "post_hashtags", "posts"):
        op.drop_table(table)
