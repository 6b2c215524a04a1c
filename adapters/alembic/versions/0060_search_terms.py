"""Search that understands shoppers: stored search terms, a new full-text index, a vocabulary.

The terms are computed in Python (``domain/search.py``: folded words, brand punctuation
dropped, stems, category and condition words) and stored per listing in ``search_head``
(title and brand) and ``search_body`` (description, category, condition). The full-text
index now covers those two columns instead of the raw text:
- SQLite: the external-content FTS5 table ``products_fts`` is rebuilt on them (with the
  same triggers, now on the two columns) in one ``'rebuild'`` pass.
- PostgreSQL: ``search_vector`` is regenerated as ``setweight(head, 'A') || body`` with its
  GIN index, so a query can ask for head-only matches (relevance).
``brand_key`` follows the new ``domain.catalog.brand_key`` ("Levi's" -> ``levis``), and
``search_terms`` counts the listings per vocabulary word (typo correction, suggestions).

Backfill: rows are read in id order 5,000 at a time and written back with one statement
per batch; the brand keys are updated once per distinct brand (a handful), not per row;
the full-text index is built once after the backfill, not by a trigger per row.

Revision ID: 0060_search_terms
Revises: 0021_order_desk
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections import Counter

import sqlalchemy as sa
from alembic import op

from domain.catalog import Category, Condition, brand_key
from domain.search import MAX_TERM_LENGTH, count_vocabulary, search_text, vocabulary_fields

revision = "0060_search_terms"
down_revision = "0021_order_desk"
branch_labels = None
depends_on = None

BATCH = 5000
COLUMNS = "search_head, search_body"

SQLITE_FTS = [
    f"""CREATE VIRTUAL TABLE products_fts USING fts5(
        {COLUMNS}, content='products', content_rowid='id',
        tokenize='unicode61 remove_diacritics 0', prefix='2 3')""",
    f"""CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_fts(rowid, {COLUMNS})
        VALUES (new.id, new.search_head, new.search_body);
    END""",
    f"""CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, {COLUMNS})
        VALUES ('delete', old.id, old.search_head, old.search_body);
    END""",
    f"""CREATE TRIGGER products_fts_update AFTER UPDATE OF {COLUMNS} ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, {COLUMNS})
        VALUES ('delete', old.id, old.search_head, old.search_body);
        INSERT INTO products_fts(rowid, {COLUMNS})
        VALUES (new.id, new.search_head, new.search_body);
    END""",
]
POSTGRES_FTS = [
    """ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple'::regconfig, search_head), 'A')
        || to_tsvector('simple'::regconfig, search_body)) STORED""",
    "CREATE INDEX ix_products_search_vector ON products USING gin (search_vector)",
]


def _drop_old_index(dialect: str) -> None:
    if dialect == "postgresql":
        op.execute("ALTER TABLE products DROP COLUMN IF EXISTS search_vector")
        return
    for trigger in ("insert", "delete", "update"):
        op.execute(f"DROP TRIGGER IF EXISTS products_fts_{trigger}")
    op.execute("DROP TABLE IF EXISTS products_fts")


def _backfill(connection: sa.Connection, dialect: str) -> Counter[str]:
    vocabulary: Counter[str] = Counter()
    read = sa.text("SELECT id, title, description, brand, category, condition FROM products "
                   "WHERE id > :after ORDER BY id LIMIT :n")
    if dialect == "postgresql":
        write = sa.text(
            "UPDATE products AS p SET search_head = v.head, search_body = v.body "
            "FROM (SELECT unnest(CAST(:ids AS integer[])) AS id, "
            "unnest(CAST(:heads AS text[])) AS head, "
            "unnest(CAST(:bodies AS text[])) AS body) AS v WHERE p.id = v.id")
    else:
        write = sa.text("UPDATE products SET search_head = :head, search_body = :body "
                        "WHERE id = :id")
    after = 0
    while True:
        rows = connection.execute(read, {"after": after, "n": BATCH}).all()
        if not rows:
            return vocabulary
        values = []
        for row_id, title, description, brand, category, condition in rows:
            kind, state = Category(category), Condition(condition)
            found = search_text(title, description, brand, kind, state)
            values.append({"id": row_id, "head": found.head, "body": found.body})
            vocabulary.update(count_vocabulary(vocabulary_fields(title, description, brand,
                                                                 kind, state)))
        if dialect == "postgresql":
            connection.execute(write, {"ids": [v["id"] for v in values],
                                       "heads": [v["head"] for v in values],
                                       "bodies": [v["body"] for v in values]})
        else:
            connection.execute(write, values)
        after = rows[-1][0]


def _rekey_brands(connection: sa.Connection) -> None:
    brands = connection.execute(sa.text("SELECT DISTINCT brand, brand_key FROM products")).all()
    for brand, old_key in brands:
        new_key = brand_key(brand)
        if new_key != old_key:
            connection.execute(sa.text("UPDATE products SET brand_key = :new "
                                       "WHERE brand = :brand AND brand_key = :old"),
                               {"new": new_key, "brand": brand, "old": old_key})


def upgrade() -> None:
    connection = op.get_bind()
    dialect = connection.dialect.name
    _drop_old_index(dialect)
    op.add_column("products", sa.Column("search_head", sa.Text(), nullable=False,
                                        server_default=""))
    op.add_column("products", sa.Column("search_body", sa.Text(), nullable=False,
                                        server_default=""))
    term = sa.String(MAX_TERM_LENGTH, collation="C") if dialect == "postgresql" else sa.String(
        MAX_TERM_LENGTH)
    op.create_table(
        "search_terms",
        sa.Column("term", term, nullable=False),
        sa.Column("listings", sa.Integer(), nullable=False, server_default="0"),
        sa.PrimaryKeyConstraint("term", name="pk_search_terms"),
    )
    vocabulary = _backfill(connection, dialect)
    _rekey_brands(connection)
    rows = [{"term": t, "listings": n} for t, n in sorted(vocabulary.items())]
    for start in range(0, len(rows), BATCH):
        connection.execute(sa.text("INSERT INTO search_terms (term, listings) "
                                   "VALUES (:term, :listings)"), rows[start:start + BATCH])
    if dialect == "postgresql":
        for statement in POSTGRES_FTS:
            op.execute(statement)
    else:
        op.execute(SQLITE_FTS[0])
        op.execute("INSERT INTO products_fts(products_fts) VALUES ('rebuild')")
        for statement in SQLITE_FTS[1:]:
            op.execute(statement)


def downgrade() -> None:
    """Back to 0002's index over the raw text (brand keys keep their new form: both forms
    are lower case, and the old code only compares them)."""
    dialect = op.get_bind().dialect.name
    _drop_old_index(dialect)
    op.drop_table("search_terms")
    op.drop_column("products", "search_body")
    op.drop_column("products", "search_head")
    if dialect == "postgresql":
        op.execute("""ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
            to_tsvector('simple'::regconfig, regexp_replace(
                title || ' ' || description || ' ' || brand, '[^[:alnum:]]+', ' ', 'g'))
        ) STORED""")
        op.execute("CREATE INDEX ix_products_search_vector ON products USING gin (search_vector)")
        return
    columns = "title, description, brand"
    op.execute(f"""CREATE VIRTUAL TABLE products_fts USING fts5(
        {columns}, content='products', content_rowid='id',
        tokenize='unicode61 remove_diacritics 0', prefix='2 3')""")
    op.execute("INSERT INTO products_fts(products_fts) VALUES ('rebuild')")
    op.execute(f"""CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
        INSERT INTO products_fts(rowid, {columns}) VALUES (new.id, new.title, new.description, new.brand);
    END""")
    op.execute(f"""CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, {columns})
        VALUES ('delete', old.id, old.title, old.description, old.brand);
    END""")
    op.execute(f"""CREATE TRIGGER products_fts_update AFTER UPDATE OF {columns} ON products BEGIN
        INSERT INTO products_fts(products_fts, rowid, {columns})
        VALUES ('delete', old.id, old.title, old.description, old.brand);
        INSERT INTO products_fts(rowid, {columns}) VALUES (new.id, new.title, new.description, new.brand);
    END""")
