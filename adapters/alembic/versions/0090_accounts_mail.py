"""Accounts: the mail queue, single-use account tokens, and whether a member's email is
verified (issue 41).

``mail_queue`` holds every message from the transaction that caused it until a worker has
sent it (or, after its last try, marks it failed). ``account_tokens`` keeps password-reset,
verification and recovery tokens by their SHA-256 only.

Revision ID: 0090_accounts_mail
Revises: 0090_sell_bundles
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0090_accounts_mail"
down_revision = "0090_sell_bundles"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_queue",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("recipient", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(300), nullable=False),
        sa.Column("text_body", sa.Text(), nullable=False),
        sa.Column("html_body", sa.Text(), nullable=False),
        sa.Column("headers", sa.Text(), nullable=False),
        sa.Column("link", sa.String(1000)),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", UtcDateTime(), nullable=False),
        sa.Column("last_error", sa.Text()),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("sent_at", UtcDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_mail_queue"),
    )
    op.create_index("ix_mail_queue_due", "mail_queue", ["status", "next_attempt_at"])
    op.create_table(
        "account_tokens",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("purpose", sa.String(24), nullable=False),
        sa.Column("email", sa.String(254)),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("expires_at", UtcDateTime(), nullable=False),
        sa.Column("used_at", UtcDateTime()),
        sa.PrimaryKeyConstraint("token_hash", name="pk_account_tokens"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE",
                                name="fk_account_tokens_user_id_users"),
    )
    op.create_index("ix_account_tokens_user_purpose", "account_tokens", ["user_id", "purpose"])
    # A plain ADD COLUMN (SQLite and PostgreSQL both have it): a batch copy of ``users`` would
    # drop its expression index (uq_users_username_lower) and fail on a populated database.
    op.add_column("users", sa.Column("email_verified", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("users", "email_verified")
    op.drop_index("ix_account_tokens_user_purpose", table_name="account_tokens")
    op.drop_table("account_tokens")
    op.drop_index("ix_mail_queue_due", table_name="mail_queue")
    op.drop_table("mail_queue")
