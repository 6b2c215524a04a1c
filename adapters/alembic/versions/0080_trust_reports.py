"""Trust and safety (issue 37): reports, blocks, suspensions, hidden content, audit log.

Revision ID: 0080_trust_reports
Revises: 0074_search_outbox
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0080_trust_reports"
down_revision = "0074_search_outbox"
branch_labels = None
depends_on = None


def _user(column: str, table: str, *, cascade: bool = True) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], ["users.id"],
                                   ondelete="CASCADE" if cascade else "SET NULL",
                                   name=f"fk_{table}_{column}_users")


def upgrade() -> None:
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("reporter_id", sa.Integer(), nullable=False),
        sa.Column("target_type", sa.String(16), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=False),
        sa.Column("target_owner_id", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("details", sa.Text(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("action", sa.String(16)),
        sa.Column("note", sa.Text()),
        sa.Column("resolved_by", sa.Integer()),
        sa.Column("resolved_at", UtcDateTime()),
        sa.PrimaryKeyConstraint("id", name="pk_reports"),
        sa.UniqueConstraint("reporter_id", "target_type", "target_id",
                            name="uq_reports_reporter_id_target"),
        _user("reporter_id", "reports"), _user("target_owner_id", "reports"),
        _user("resolved_by", "reports", cascade=False),
    )
    op.create_index("ix_reports_status_target", "reports",
                    ["status", "target_type", "target_id"])
    op.create_table(
        "blocks",
        sa.Column("blocker_id", sa.Integer(), nullable=False),
        sa.Column("blocked_id", sa.Integer(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("blocker_id", "blocked_id", name="pk_blocks"),
        _user("blocker_id", "blocks"), _user("blocked_id", "blocks"),
    )
    op.create_index("ix_blocks_blocked_id", "blocks", ["blocked_id"])
    op.create_table(
        "suspensions",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("ends_at", UtcDateTime()),
        sa.Column("created_by", sa.Integer()),
        sa.PrimaryKeyConstraint("user_id", name="pk_suspensions"),
        _user("user_id", "suspensions"), _user("created_by", "suspensions", cascade=False),
    )
    op.create_table(
        "hidden_content",
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=False),
        sa.Column("cause", sa.String(16), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("kind", "target_id", name="pk_hidden_content"),
        _user("owner_id", "hidden_content"),
    )
    op.create_index("ix_hidden_content_owner_id", "hidden_content", ["owner_id"])
    op.create_table(
        "audit_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("admin_id", sa.Integer()),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target_type", sa.String(16), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_audit_entries"),
        _user("admin_id", "audit_entries", cascade=False),
    )
    op.create_index("ix_audit_entries_created_at_id", "audit_entries", ["created_at", "id"])
    op.create_index("ix_audit_entries_admin_id", "audit_entries", ["admin_id"])
    op.create_index("ix_audit_entries_action", "audit_entries", ["action"])


def downgrade() -> None:
    for table in ("audit_entries", "hidden_content", "suspensions", "blocks", "reports"):
        op.drop_table(table)
