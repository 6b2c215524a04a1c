"""Every order that reached delivery has its ``delivered_at``; the sweep picks by it.

Orders delivered before ``Order.transition`` recorded the delivery time have status
``delivered`` (or a later one) and ``delivered_at`` NULL. Buyer protection counts from that
column alone (``domain/order_rules.py:protection_ends_at``), so such an order never
completed, and, being the oldest delivered rows, a batch of them filled every sweep's
batch and kept newer delivered orders waiting. This upgrade gives each one its time:

- from its timeline: the last time it entered ``delivered`` (an ``order_events`` status
  line), for an order of any status that has such a line (completed, disputed and refunded
  orders passed through delivery too: their protection end shows on the order);
- an order still ``delivered`` with no such line: ``status_changed_at``, when its status
  last moved, which is when it was delivered.

Orders that already have ``delivered_at`` keep it. The sweep now selects delivered orders by
``delivered_at`` (``SqlOrderRepository.delivered_ids``), on a new index (status,
delivered_at, id) beside the old (status, status_changed_at), which the review timer still
uses for completed orders.

The downgrade drops the index only: the times it wrote are true, and the older code reads
them as it reads any other.

Revision ID: 0100_orders_delivered_at
Revises: 0099_orders_keep_listings
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0100_orders_delivered_at"
down_revision = "0099_orders_keep_listings"
branch_labels = None
depends_on = None

INDEX = "ix_orders_status_delivered_at_id"
# The order's timeline lines saying it entered "delivered" (the lines the services'
# ``domain.disputes.entered_at`` read before this upgrade).
DELIVERED_LINES = ("FROM order_events e WHERE e.order_id = orders.id "
                   "AND e.kind = 'status' AND e.status = 'delivered'")


def upgrade() -> None:
    op.execute(f"UPDATE orders SET delivered_at = (SELECT MAX(e.at) {DELIVERED_LINES}) "
               f"WHERE delivered_at IS NULL AND EXISTS (SELECT 1 {DELIVERED_LINES})")
    op.execute("UPDATE orders SET delivered_at = status_changed_at "
               "WHERE delivered_at IS NULL AND status = 'delivered'")
    op.create_index(INDEX, "orders", ["status", "delivered_at", "id"])


def downgrade() -> None:
    op.drop_index(INDEX, table_name="orders")
