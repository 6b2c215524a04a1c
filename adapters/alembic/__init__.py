"""Alembic's migrations (``versions/``) and what several of them share."""

# ``op.batch_alter_table(..., reflect_kwargs=NO_FK_TARGETS)`` on SQLite: the table is
# reflected to be copied, without loading the tables its foreign keys point to (their
# names are enough to copy the keys). Loading ``users`` printed "Skipped unsupported
# reflection of expression-based index uq_users_username_lower" on every new database.
NO_FK_TARGETS = {"resolve_fks": False}
