"""An accepted offer whose order was cancelled becomes ``cancelled`` (issue 36).

Until now the offer stayed ``accepted`` after its order was cancelled, so the partial unique
index "one accepted offer per listing" (``uq_offers_accepted_product``) refused every other
offer the seller tried to accept on the listing, which was back in the shop. The status
CHECK gains ``cancelled`` (SQLite rebuilds the table in batch mode, the partial unique
indexes are dropped first and made again, as in ``0080_offers_reservation``), and offers
left ``accepted`` with a cancelled order (and no other live order) are settled now.

Revision ID: 0093_offers_order_cancelled
Revises: 0092_sell_stats
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.alembic import NO_FK_TARGETS

revision = "0093_offers_order_cancelled"
down_revision = "0092_sell_stats"
branch_labels = None
depends_on = None

OPEN_SQL = "status IN ('pending', 'countered')"
ACCEPTED_SQL = "status = 'accepted'"
OLD_STATUSES = ("status IN ('pending', 'accepted', 'rejected', 'countered', 'withdrawn', "
                "'expired')")
NEW_STATUSES = ("status IN ('pending', 'accepted', 'rejected', 'countered', 'withdrawn', "
                "'expired', 'cancelled')")


def _statuses(check: str) -> None:
    op.drop_index("uq_offers_open_buyer_product", table_name="offers")
    op.drop_index("uq_offers_accepted_product", table_name="offers")
    with op.batch_alter_table("offers", reflect_kwargs=NO_FK_TARGETS) as batch:
        batch.drop_constraint("ck_offers_status", type_="check")
        batch.create_check_constraint("ck_offers_status", check)
    op.create_index("uq_offers_open_buyer_product", "offers", ["buyer_id", "product_id"],
                    unique=True, sqlite_where=sa.text(OPEN_SQL),
                    postgresql_where=sa.text(OPEN_SQL))
    op.create_index("uq_offers_accepted_product", "offers", ["product_id"], unique=True,
                    sqlite_where=sa.text(ACCEPTED_SQL), postgresql_where=sa.text(ACCEPTED_SQL))


def upgrade() -> None:
    _statuses(NEW_STATUSES)
    op.execute(
        "UPDATE offers SET status = 'cancelled', reserved_until = NULL "
        "WHERE status = 'accepted' "
        "AND EXISTS (SELECT 1 FROM orders o WHERE o.offer_id = offers.id "
        "AND o.status = 'cancelled') "
        "AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.offer_id = offers.id "
        "AND o.status <> 'cancelled')")


def downgrade() -> None:
    # The old statuses have no word for it; "expired" is the nearest settled one, and keeping
    # them "accepted" could break the one-accepted-offer index.
    op.execute("UPDATE offers SET status = 'expired' WHERE status = 'cancelled'")
    _statuses(OLD_STATUSES)
