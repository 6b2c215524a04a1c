"""PostgreSQL: a notice to every listening server process when a commit changed listings or
users, so a process knows without a round trip that nothing did.

Before a search, each process asks whether anything changed since its search index last
looked (migration 0072). On SQLite the answer costs a few microseconds (``PRAGMA
data_version`` on the process's own connection); on PostgreSQL it was a statement, a
round trip per burst of searches, and every search waited for one. Here the statement
triggers on ``products`` and ``users`` (what a search page shows: listings and their
sellers' cards) ``NOTIFY rethread_changes`` from the writing transaction. PostgreSQL
delivers a notice only once its transaction has committed, to every session listening on
the channel, whichever process or host committed it, and collapses a transaction's equal
notices into one. A process that listens (``adapters/sqlalchemy/lean.py``,
``_ChangeListener``) counts the notices as its data version and looks at the change feed
only when the count moved; while it is not listening (connecting, or the connection was
lost) it looks before every search, as before.

Revision ID: 0073_change_notices
Revises: 0072_listing_changes
Create Date: 2026-11-27
"""

from __future__ import annotations

from alembic import op

revision = "0073_change_notices"
down_revision = "0072_listing_changes"
branch_labels = None
depends_on = None

CHANNEL = "rethread_changes"  # adapters/sqlalchemy/lean.py, CHANGES_CHANNEL
TABLES = ("products", "users")
FUNCTION = f"""CREATE FUNCTION rethread_changes_notice() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        PERFORM pg_notify('{CHANNEL}', '');
        RETURN NULL;
    END $$"""


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return  # SQLite's data version already changes with every commit
    op.execute(FUNCTION)
    for table in TABLES:
        op.execute(f"""CREATE TRIGGER {table}_changes_notice
            AFTER INSERT OR UPDATE OR DELETE ON {table}
            FOR EACH STATEMENT EXECUTE FUNCTION rethread_changes_notice()""")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in TABLES:
        op.execute(f"DROP TRIGGER IF EXISTS {table}_changes_notice ON {table}")
    op.execute("DROP FUNCTION IF EXISTS rethread_changes_notice()")
