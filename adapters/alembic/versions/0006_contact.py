"""Contact-form messages in a migration of their own.

Revision ID: 0006_contact
Revises: 0050_activity
Create Date: 2026-11-23

Until this revision the table was created by 0004_blog. A database that already ran that
version has it: it is left as it is. A new database gets it here.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0006_contact"
down_revision = "0050_activity"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if sa.inspect(op.get_bind()).has_table("contact_messages"):
        return
    op.create_table(
        "contact_messages",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer()),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(150), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_contact_messages"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="SET NULL",
                                name="fk_contact_messages_user_id_users"),
    )
    op.create_index("ix_contact_messages_created_at", "contact_messages", ["created_at"])


def downgrade() -> None:
    op.drop_table("contact_messages")
