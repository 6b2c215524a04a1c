"""Sent mail keeps no body, link or headers: clear those of messages sent before.

A sent message's row keeps only its envelope (recipient, subject, times, tries): its
bodies, link and headers carry live tokens (reset and verification links, one-click
unsubscribe URLs). ``mark_sent`` clears them from now on; this clears the rows sent
before it did. Nothing to undo: the cleared text is gone.

Revision ID: 0098_accounts_sent_mail_bodies
Revises: 0097_sell_saved_searches
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0098_accounts_sent_mail_bodies"
down_revision = "0097_sell_saved_searches"
branch_labels = None
depends_on = None


def upgrade() -> None:
    mail = sa.table("mail_queue", sa.column("status", sa.String), sa.column("text_body", sa.Text),
                    sa.column("html_body", sa.Text), sa.column("link", sa.String),
                    sa.column("headers", sa.Text))
    op.execute(mail.update().where(mail.c.status == "sent")
               .values(text_body="", html_body="", link=None, headers="{}"))


def downgrade() -> None:
    pass
