"""Orders: orders, their events (the timeline), shipping and saved addresses, reviews.

- ``orders.order_number`` is unique (the service retries a clash with a new nonce).
- ``orders.status_changed_at`` is when the status last moved: the timers (unpaid pending
  after 72 h, delivered after the 3-day window, review reveal after 14 days) look at it.
- ``reviews`` are unique per (order, reviewer); ``published_at`` stays empty until both
  parties reviewed or the 14-day window closed (double-blind).

Revision ID: 0040_orders
Revises: 0006_contact
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from adapters.sqlalchemy.base import UtcDateTime

revision = "0040_orders"
down_revision = "0006_contact"
branch_labels = None
depends_on = None


def _fk(table: str, column: str, target: str, ondelete: str | None = None
        ) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint([column], [f"{target}.id"], ondelete=ondelete,
                                   name=f"fk_{table}_{column}_{target}")


def _address_columns() -> list[sa.Column]:
    return [
        sa.Column("full_name", sa.String(100), nullable=False),
        sa.Column("address_line1", sa.String(200), nullable=False),
        sa.Column("address_line2", sa.String(200), nullable=False, server_default=""),
        sa.Column("city", sa.String(100), nullable=False),
        sa.Column("state", sa.String(100), nullable=False),
        sa.Column("zip_code", sa.String(10), nullable=False),
        sa.Column("country", sa.String(100), nullable=False),
        sa.Column("phone_number", sa.String(20), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "orders",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("order_number", sa.String(16), nullable=False),
        sa.Column("product_id", sa.Integer(), nullable=False),
        sa.Column("buyer_id", sa.Integer(), nullable=False),
        sa.Column("seller_id", sa.Integer(), nullable=False),
        sa.Column("offer_id", sa.Integer(), nullable=True),
        sa.Column("price_cents", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("tracking_number", sa.String(100), nullable=True),
        sa.Column("tracking_url", sa.String(2000), nullable=True),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("delivered_at", UtcDateTime(), nullable=True),
        sa.Column("status_changed_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_orders"),
        sa.UniqueConstraint("order_number", name="uq_orders_order_number"),
        _fk("orders", "product_id", "products", "CASCADE"),
        _fk("orders", "buyer_id", "users", "CASCADE"),
        _fk("orders", "seller_id", "users", "CASCADE"),
        sa.CheckConstraint("price_cents > 0", name="ck_orders_price_positive"),
        sa.CheckConstraint("buyer_id <> seller_id", name="ck_orders_not_own_listing"),
    )
    op.create_index("ix_orders_buyer_id_created_at", "orders", ["buyer_id", "created_at", "id"])
    op.create_index("ix_orders_seller_id_created_at", "orders", ["seller_id", "created_at", "id"])
    op.create_index("ix_orders_status_status_changed_at", "orders",
                    ["status", "status_changed_at"])
    op.create_index("ix_orders_product_id", "orders", ["product_id"])

    op.create_table(
        "order_events",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(30), nullable=False),
        sa.Column("status", sa.String(20), nullable=True),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("note", sa.String(300), nullable=True),
        sa.Column("at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_order_events"),
        _fk("order_events", "order_id", "orders", "CASCADE"),
        _fk("order_events", "actor_id", "users", "SET NULL"),
    )
    op.create_index("ix_order_events_order_id_at", "order_events", ["order_id", "at", "id"])

    op.create_table(
        "order_addresses",
        sa.Column("order_id", sa.Integer(), nullable=False),
        *_address_columns(),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("order_id", name="pk_order_addresses"),
        _fk("order_addresses", "order_id", "orders", "CASCADE"),
    )

    op.create_table(
        "user_addresses",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        *_address_columns(),
        sa.Column("is_default", sa.Boolean(), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_user_addresses"),
        _fk("user_addresses", "user_id", "users", "CASCADE"),
    )
    op.create_index("ix_user_addresses_user_id", "user_addresses", ["user_id"])

    op.create_table(
        "reviews",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("order_id", sa.Integer(), nullable=False),
        sa.Column("reviewer_id", sa.Integer(), nullable=False),
        sa.Column("reviewee_id", sa.Integer(), nullable=False),
        sa.Column("rating", sa.SmallInteger(), nullable=False),
        sa.Column("comment", sa.String(1000), nullable=False, server_default=""),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("published_at", UtcDateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_reviews"),
        sa.UniqueConstraint("order_id", "reviewer_id", name="uq_reviews_order_id_reviewer_id"),
        _fk("reviews", "order_id", "orders", "CASCADE"),
        _fk("reviews", "reviewer_id", "users", "CASCADE"),
        _fk("reviews", "reviewee_id", "users", "CASCADE"),
        sa.CheckConstraint("rating BETWEEN 1 AND 5", name="ck_reviews_rating_range"),
    )
    op.create_index("ix_reviews_reviewee_id_published_at", "reviews",
                    ["reviewee_id", "published_at"])


def downgrade() -> None:
    for table in ("reviews", "user_addresses", "order_addresses", "order_events", "orders"):
        op.drop_table(table)
