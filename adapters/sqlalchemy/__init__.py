"""SQLAlchemy 2 async adapters: the same code serves SQLite (aiosqlite) and PostgreSQL (asyncpg)."""
