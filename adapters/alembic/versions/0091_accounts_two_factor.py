"""Accounts: two-factor sign-in (TOTP secret, on or off, the last accepted time step)
(issue 41).

Revision ID: 0091_accounts_two_factor
Revises: 0090_accounts_mail
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0091_accounts_two_factor"
down_revision = "0090_accounts_mail"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD/DROP COLUMN, never a batch copy of ``users`` (0090_accounts_mail says why).
    op.add_column("users", sa.Column("totp_secret", sa.String(64)))
    op.add_column("users", sa.Column("two_factor_enabled", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))
    op.add_column("users", sa.Column("totp_last_step", sa.BigInteger()))


def downgrade() -> None:
    for column in ("totp_last_step", "two_factor_enabled", "totp_secret"):
        op.drop_column("users", column)
