"""Vacation mode: one row per member who is away (until a date, or until turned off).

Revision ID: 0091_sell_vacation
Revises: 0080_offers_reservation
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0091_sell_vacation"
down_revision = "0080_offers_reservation"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "vacations",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("until", UtcDateTime(), nullable=True),
        sa.Column("message", sa.String(300), nullable=False),
        sa.Column("started_at", UtcDateTime(), nullable=False),
    )
    op.create_index("ix_vacations_until", "vacations", ["until"])


def downgrade() -> None:
    op.drop_index("ix_vacations_until", table_name="vacations")
    op.drop_table("vacations")
