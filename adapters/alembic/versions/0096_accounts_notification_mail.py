"""Accounts: notification emails (issue 41): each notice's email state, and the emails
each member turned off.

Revision ID: 0096_accounts_notification_mail
Revises: 0095_sell_watcher_offers
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0096_accounts_notification_mail"
down_revision = "0095_sell_watcher_offers"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD/DROP COLUMN, never a batch copy (0090_accounts_mail says why).
    op.add_column("notifications", sa.Column("mail_state", sa.String(8)))
    op.add_column("notifications", sa.Column("mailed_at", UtcDateTime()))
    # Notices from before are not emailed now (a deploy must not mail the whole backlog).
    op.execute("UPDATE notifications SET mail_state = 'before'")
    op.create_index("ix_notifications_mail", "notifications", ["mail_state", "created_at"])
    op.create_table(
        "email_opt_outs",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("kind", sa.String(24), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("email_opt_outs")
    op.drop_index("ix_notifications_mail", table_name="notifications")
    op.drop_column("notifications", "mailed_at")
    op.drop_column("notifications", "mail_state")
