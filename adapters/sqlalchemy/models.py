"""Every table, imported in one place so Alembic and tests see the whole schema."""

from adapters.sqlalchemy.accounts import SessionRow, UserRow
from adapters.sqlalchemy.base import Base

__all__ = ["Base", "SessionRow", "UserRow"]
