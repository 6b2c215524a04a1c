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
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("totp_secret", sa.String(64)))
        batch.add_column(sa.Column("two_factor_enabled", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("totp_last_step", sa.BigInteger()))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("totp_last_step")
        batch.drop_column("two_factor_enabled")
        batch.drop_column("totp_secret")
