"""Join the catalog and blog branches into one history.

Revision ID: 0005_merge_catalog_blog
Revises: 0003_follows, 0004_blog
Create Date: 2026-11-22
"""

from __future__ import annotations

revision = "0005_merge_catalog_blog"
down_revision = ("0003_follows", "0004_blog")
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
