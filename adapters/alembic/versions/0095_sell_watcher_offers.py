"""Offers to watchers: an offer can be the seller's (to a watcher) and end unanswered at
``expires_at``.

Revision ID: 0095_sell_watcher_offers
Revises: 0094_notifications_social
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0095_sell_watcher_offers"
down_revision = "0094_notifications_social"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (a constant default): SQLite's batch copy would lose the partial
    # unique indexes of open and accepted offers.
    op.add_column("offers", sa.Column("from_seller", sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
    op.add_column("offers", sa.Column("expires_at", UtcDateTime(), nullable=True))
    op.create_index("ix_offers_status_expires_at", "offers", ["status", "expires_at"])
    op.create_index("ix_offers_product_id_from_seller_created_at", "offers",
                    ["product_id", "from_seller", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_offers_product_id_from_seller_created_at", table_name="offers")
    op.drop_index("ix_offers_status_expires_at", table_name="offers")
    op.drop_column("offers", "expires_at")
    op.drop_column("offers", "from_seller")
