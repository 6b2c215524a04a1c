"""Social news in the bell (issue 36): grouped notices remember their people.

``notifications.actor_ids`` holds a grouped social notice's distinct people, newest first,
as comma-separated user ids (NULL for every other kind); see ``domain/notifications.py``.
``kind`` is a plain string column (no CHECK), so the new kinds need no change there. An index
on ``(user_id, kind, link)`` finds the unread group to fold a new like into.

Revision ID: 0094_notifications_social
Revises: 0092_accounts_sessions
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0094_notifications_social"
down_revision = "0092_accounts_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("notifications", sa.Column("actor_ids", sa.Text(), nullable=True))
    op.create_index("ix_notifications_group", "notifications", ["user_id", "kind", "link"])


def downgrade() -> None:
    op.drop_index("ix_notifications_group", table_name="notifications")
    op.drop_column("notifications", "actor_ids")
