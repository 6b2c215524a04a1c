"""Messages between users and notifications for the header's bell.

Revision ID: 0030_messages_notifications
Revises: 0005_merge_catalog_blog
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0030_messages_notifications"
down_revision = "0005_merge_catalog_blog"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sender_id", sa.Integer(), nullable=False),
        sa.Column("receiver_id", sa.Integer(), nullable=False),
        sa.Column("low_user_id", sa.Integer(), nullable=False),
        sa.Column("high_user_id", sa.Integer(), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("message_type", sa.String(20), nullable=False),
        sa.Column("offer_id", sa.Integer(), nullable=True),
        sa.Column("product_id", sa.Integer(), nullable=True),
        sa.Column("read", sa.Boolean(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_messages"),
        sa.ForeignKeyConstraint(["sender_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_messages_sender_id_users"),
        sa.ForeignKeyConstraint(["receiver_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_messages_receiver_id_users"),
        sa.ForeignKeyConstraint(["product_id"], ["products.id"], ondelete="SET NULL",
                                name="fk_messages_product_id_products"),
        sa.CheckConstraint("sender_id <> receiver_id", name="ck_messages_not_self"),
    )
    op.create_index("ix_messages_thread", "messages", ["low_user_id", "high_user_id", "id"])
    op.create_index("ix_messages_receiver_unread", "messages",
                    ["receiver_id", "read", "sender_id"])
    op.create_index("ix_messages_sender_id_id", "messages", ["sender_id", "id"])
    op.create_index("ix_messages_receiver_id_id", "messages", ["receiver_id", "id"])
    op.create_index("ix_messages_offer_id", "messages", ["offer_id"])
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(30), nullable=False),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("body", sa.String(500), nullable=False),
        sa.Column("link", sa.String(300), nullable=True),
        sa.Column("read", sa.Boolean(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_notifications"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_notifications_user_id_users"),
    )
    op.create_index("ix_notifications_user_id_id", "notifications", ["user_id", "id"])
    op.create_index("ix_notifications_unread", "notifications", ["user_id", "read", "kind"])


def downgrade() -> None:
    op.drop_table("notifications")
    op.drop_table("messages")
