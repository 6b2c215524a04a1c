"""Hidden content keeps the moderator's reason.

``hidden_content.reason``: why a moderator hid a listing, post or comment (the note, or
from the desk the reports' reason), which the seller of a hidden listing and administrators
read on its page (``hiddenReason`` of ``GET /api/products/{id}``). Nullable: rows hidden
before it, and content hidden because its owner is suspended, have none (the seller of an
older one was told the reason in the notice of the time). Both databases add a column the
same way (SQLite's ``ADD COLUMN`` takes a nullable column without a rebuild).

Revision ID: 0101_trust_hidden_reason
Revises: 0100_orders_delivered_at
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.alembic import NO_FK_TARGETS

revision = "0101_trust_hidden_reason"
down_revision = "0100_orders_delivered_at"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("hidden_content", sa.Column("reason", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hidden_content", reflect_kwargs=NO_FK_TARGETS) as batch:
        batch.drop_column("reason")
