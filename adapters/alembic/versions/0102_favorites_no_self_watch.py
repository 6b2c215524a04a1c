"""A seller does not watch their own listing (``Listing.ensure_watchable_by``): the watches
sellers made of their own listings before that rule are dropped, and those listings' watch
counts (Most Watched) lose them, with a search outbox row each so the index's popularity
follows. One self-watch at most per listing (favorites are unique per member and listing).
Plain SQL both databases run the same way.

Revision ID: 0102_favorites_no_self_watch
Revises: 0101_trust_hidden_reason
Create Date: 2026-11-29
"""

from __future__ import annotations

from alembic import op

revision = "0102_favorites_no_self_watch"
down_revision = "0101_trust_hidden_reason"
branch_labels = None
depends_on = None

_SELF_WATCHED = ("SELECT 1 FROM favorites f WHERE f.product_id = products.id "
                 "AND f.user_id = products.seller_id")


def upgrade() -> None:
    op.execute("INSERT INTO search_outbox (listing_id) SELECT p.id FROM products p "
               "JOIN favorites f ON f.product_id = p.id AND f.user_id = p.seller_id "
               "ORDER BY p.id")
    op.execute(f"UPDATE products SET watch_count = watch_count - 1 "
               f"WHERE watch_count > 0 AND EXISTS ({_SELF_WATCHED})")
    op.execute("DELETE FROM favorites WHERE EXISTS (SELECT 1 FROM products p "
               "WHERE p.id = favorites.product_id AND p.seller_id = favorites.user_id)")


def downgrade() -> None:
    """Nothing to undo: the dropped watches were not kept."""
