"""An order keeps its listing: deleting a listing an order names is refused.

``orders.product_id`` and ``order_items.product_id`` were ``ON DELETE CASCADE``, so deleting
a reserved or sold listing deleted its orders too, and with them their timelines, addresses,
reviews and disputes. The service now refuses (409, ``domain/listings.py``); the database
refuses as well:

- PostgreSQL: both foreign keys become ``ON DELETE RESTRICT``.
- SQLite: a foreign key's action can only change by rebuilding the table (batch mode), and
  rebuilding ``orders`` drops it, which with ``foreign_keys=ON`` (every connection of ours,
  migrations included) deletes every row that cascades from it: events, addresses, reviews,
  disputes. So the foreign keys keep their text and a ``BEFORE DELETE`` trigger on
  ``products`` aborts the delete of a listing any order names, before any cascade runs;
  SQLite reports it as a constraint failure, the same ``IntegrityError`` as PostgreSQL's.

Revision ID: 0099_orders_keep_listings
Revises: 0098_accounts_sent_mail_bodies
Create Date: 2026-11-30
"""

from __future__ import annotations

from alembic import op

revision = "0099_orders_keep_listings"
down_revision = "0098_accounts_sent_mail_bodies"
branch_labels = None
depends_on = None

FOREIGN_KEYS = (("orders", "fk_orders_product_id_products"),
                ("order_items", "fk_order_items_product_id_products"))
TRIGGER = "trg_products_keep_ordered"


def _postgres(ondelete: str) -> None:
    for table, name in FOREIGN_KEYS:
        op.drop_constraint(name, table, type_="foreignkey")
        op.create_foreign_key(name, table, "products", ["product_id"], ["id"],
                              ondelete=ondelete)


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            f"CREATE TRIGGER {TRIGGER} BEFORE DELETE ON products "
            "WHEN EXISTS (SELECT 1 FROM orders WHERE product_id = OLD.id) "
            "OR EXISTS (SELECT 1 FROM order_items WHERE product_id = OLD.id) "
            "BEGIN SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: an order names "
            "this listing'); END")
        return
    _postgres("RESTRICT")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f"DROP TRIGGER IF EXISTS {TRIGGER}")
        return
    _postgres("CASCADE")
