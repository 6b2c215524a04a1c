"""An accepted offer reserves its listing for 24 hours: ``offers.reserved_until`` and the
``expired`` status (docs/offers.md, "Reservation").

``reserved_until`` is the deadline of an accepted offer's reservation, NULL once it was used
by the buyer's order (or for any other status); the order timers' sweep finds lapsed ones by
``(status, reserved_until)``. ``orders.offer_id`` gets an index: an offer card shows the
order placed with it. The status CHECK gains ``expired``; SQLite cannot alter a
CHECK, so there the table is rebuilt (batch mode). The partial unique indexes are dropped
first and made again after, so they keep their WHERE clauses on both databases. No table
refers to ``offers`` by foreign key, so rebuilding it touches nothing else.

Revision ID: 0080_offers_reservation
Revises: 0091_accounts_two_factor
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.alembic import NO_FK_TARGETS
from adapters.sqlalchemy.base import UtcDateTime

revision = "0080_offers_reservation"
down_revision = "0091_accounts_two_factor"
branch_labels = None
depends_on = None

OPEN_SQL = "status IN ('pending', 'countered')"
ACCEPTED_SQL = "status = 'accepted'"
OLD_STATUSES = "status IN ('pending', 'accepted', 'rejected', 'countered', 'withdrawn')"
NEW_STATUSES = ("status IN ('pending', 'accepted', 'rejected', 'countered', 'withdrawn', "
                "'expired')")


def _drop_partial_indexes() -> None:
    op.drop_index("uq_offers_open_buyer_product", table_name="offers")
    op.drop_index("uq_offers_accepted_product", table_name="offers")


def _create_partial_indexes() -> None:
    op.create_index("uq_offers_open_buyer_product", "offers", ["buyer_id", "product_id"],
                    unique=True, sqlite_where=sa.text(OPEN_SQL),
                    postgresql_where=sa.text(OPEN_SQL))
    op.create_index("uq_offers_accepted_product", "offers", ["product_id"], unique=True,
                    sqlite_where=sa.text(ACCEPTED_SQL), postgresql_where=sa.text(ACCEPTED_SQL))


def _statuses(check: str) -> None:
    _drop_partial_indexes()
    with op.batch_alter_table("offers", reflect_kwargs=NO_FK_TARGETS) as batch:
        batch.drop_constraint("ck_offers_status", type_="check")
        batch.create_check_constraint("ck_offers_status", check)
    _create_partial_indexes()


def upgrade() -> None:
    _statuses(NEW_STATUSES)
    op.add_column("offers", sa.Column("reserved_until", UtcDateTime(), nullable=True))
    op.create_index("ix_offers_status_reserved_until", "offers", ["status", "reserved_until"])
    # An offer's order ("Ordered — View order" on the offer cards).
    op.create_index("ix_orders_offer_id", "orders", ["offer_id"])


def downgrade() -> None:
    op.drop_index("ix_orders_offer_id", table_name="orders")
    op.drop_index("ix_offers_status_reserved_until", table_name="offers")
    op.execute("UPDATE offers SET status = 'rejected' WHERE status = 'expired'")
    with op.batch_alter_table("offers", reflect_kwargs=NO_FK_TARGETS) as batch:
        batch.drop_column("reserved_until")
    _statuses(OLD_STATUSES)
