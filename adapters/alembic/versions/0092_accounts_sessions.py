"""Accounts: what the sessions list shows (last seen, the browser's User-Agent, the
address's network prefix), and when an account was closed (issue 41).

Revision ID: 0092_accounts_sessions
Revises: 0093_offers_order_cancelled
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0092_accounts_sessions"
down_revision = "0093_offers_order_cancelled"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD/DROP COLUMN, never a batch copy (0090_accounts_mail says why). Sessions
    # from before show as "last seen when signed in", with no browser or network.
    op.add_column("sessions", sa.Column("last_seen_at", UtcDateTime()))
    op.add_column("sessions", sa.Column("user_agent", sa.String(300)))
    op.add_column("sessions", sa.Column("network", sa.String(64)))
    # A closed account (DELETE /api/user): when; its name and email are erased.
    op.add_column("users", sa.Column("closed_at", UtcDateTime()))


def downgrade() -> None:
    op.drop_column("users", "closed_at")
    for column in ("network", "user_agent", "last_seen_at"):
        op.drop_column("sessions", column)
