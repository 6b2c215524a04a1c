"""Which database a host's search index was built from: ``search_origin`` holds one token,
drawn on first use (``adapters/sqlalchemy/search_outbox.py``, ``origin``) and written beside
every index built from this database, so a host whose data directory meets another database
(or a restored backup of this one) builds its index again instead of following the wrong
outbox.

Revision ID: 0103_search_origin
Revises: 0102_favorites_no_self_watch
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0103_search_origin"
down_revision = "0102_favorites_no_self_watch"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "search_origin",
        sa.Column("id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("token", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_search_origin")),
    )


def downgrade() -> None:
    op.drop_table("search_origin")
