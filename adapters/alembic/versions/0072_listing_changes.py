"""A change feed of listings, for the in-memory search index of every server process.

Each server process keeps the searchable columns of the available listings in memory
(``adapters/listing_index.py``) and, before it answers a search, asks which listings
changed since it last looked. ``listing_changes`` holds one row per listing ever inserted,
updated or deleted, with a ``stamp`` that orders the changes; triggers on ``products``
write it, so every write path (the repository, orders claiming a listing, favorites
counting watchers, a bulk load, a hand-written UPDATE) is seen, in every process and host.

- SQLite runs one writer at a time: a change's stamp is the largest stamp so far plus one,
  so stamps grow in commit order and a reader that has seen stamp ``s`` asks for ``> s``.
- PostgreSQL commits concurrent writers in any order, so a stamp cannot be a counter (one
  taken earlier may commit later and be skipped). The stamp is the writing transaction's
  id, and a reader asks again from the oldest transaction still running at its last look
  (``pg_snapshot_xmin``): every transaction below it had finished, so nothing is missed,
  and a change read twice is applied twice, harmlessly. Statement triggers with a
  transition table write the rows of a bulk insert in one statement.

The table has one row per listing at most (an upsert), so it never grows beyond the
catalog. ``listing_changes`` has no foreign key: a deleted listing keeps its row, which is
how a reader learns of the deletion.

Revision ID: 0072_listing_changes
Revises: 0071_text_reads_index
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0072_listing_changes"
down_revision = "0071_text_reads_index"
branch_labels = None
depends_on = None

SQLITE_NOTE = """INSERT INTO listing_changes(listing_id, stamp)
        VALUES ({row}.id, (SELECT coalesce(max(stamp), 0) + 1 FROM listing_changes))
        ON CONFLICT(listing_id) DO UPDATE SET stamp = excluded.stamp;"""
SQLITE_TRIGGERS = {
    "insert": ("AFTER INSERT", "new"),
    "update": ("AFTER UPDATE", "new"),
    "delete": ("AFTER DELETE", "old"),
}
POSTGRES_FUNCTION = """CREATE FUNCTION listing_changes_note() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO listing_changes(listing_id, stamp)
        SELECT DISTINCT id, pg_current_xact_id()::text::bigint FROM changed
        ON CONFLICT (listing_id) DO UPDATE SET stamp = excluded.stamp;
        RETURN NULL;
    END $$"""
POSTGRES_TRIGGERS = {"insert": "NEW", "update": "NEW", "delete": "OLD"}


def upgrade() -> None:
    op.create_table(
        "listing_changes",
        sa.Column("listing_id", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("stamp", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_listing_changes_stamp", "listing_changes", ["stamp"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(POSTGRES_FUNCTION)
        for event, table in POSTGRES_TRIGGERS.items():
            op.execute(f"""CREATE TRIGGER listing_changes_{event} AFTER {event.upper()}
                ON products REFERENCING {table} TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION listing_changes_note()""")
        return
    for event, (when, row) in SQLITE_TRIGGERS.items():
        op.execute(f"""CREATE TRIGGER listing_changes_{event} {when} ON products BEGIN
            {SQLITE_NOTE.format(row=row)}
        END""")


def downgrade() -> None:
    for event in SQLITE_TRIGGERS:
        op.execute(f"DROP TRIGGER IF EXISTS listing_changes_{event}"
                   + (" ON products" if op.get_bind().dialect.name == "postgresql" else ""))
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS listing_changes_note()")
    op.drop_index("ix_listing_changes_stamp", table_name="listing_changes")
    op.drop_table("listing_changes")
