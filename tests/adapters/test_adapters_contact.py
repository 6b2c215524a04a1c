"""Contact messages against real databases, and the migration that took their table over."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from adapters.migrations import alembic_config, current_heads, upgrade
from application.shared.paging import After
from domain.contact import ContactMessage
from entrypoints.container import Container
from tests.support import NOW

pytestmark = pytest.mark.adapters


# What 0004_blog created before 0006_contact owned the table (SQLite's spelling).
OLD_TABLE = """
CREATE TABLE contact_messages (
    id INTEGER NOT NULL, user_id INTEGER, name VARCHAR(100) NOT NULL,
    email VARCHAR(254) NOT NULL, subject VARCHAR(150) NOT NULL, message TEXT NOT NULL,
    created_at DATETIME NOT NULL,
    CONSTRAINT pk_contact_messages PRIMARY KEY (id),
    CONSTRAINT fk_contact_messages_user_id_users FOREIGN KEY(user_id) REFERENCES users (id)
        ON DELETE SET NULL)
"""


def message(number: int, at: datetime) -> ContactMessage:
    return ContactMessage(name="Maya", email="maya@example.com", subject=f"Question {number}",
                          message="Where is my parcel, please?", created_at=at)


async def test_pages_newest_first_with_ties_broken_by_id(container: Container) -> None:
    async with container.uow() as uow:
        for number in range(5):
            await uow.contact_messages.add(message(number, NOW + timedelta(minutes=number // 2)))
        await uow.commit()
    seen: list[str] = []
    after = None
    async with container.uow() as uow:
        while page := await uow.contact_messages.page(2, after):
            seen += [m.subject for m in page]
            last = page[-1]
            assert last.id is not None
            after = After(last.created_at, last.id)
    assert seen == [f"Question {n}" for n in (4, 3, 2, 1, 0)]


async def test_a_database_made_before_0006_keeps_its_messages(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    url = f"sqlite+aiosqlite:///{path}"
    before = ScriptDirectory.from_config(alembic_config(url)).get_revision("0006_contact")
    assert before is not None and isinstance(before.down_revision, str)
    await asyncio.to_thread(upgrade, url, before.down_revision)  # the schema just before
    with sqlite3.connect(path) as old:
        old.execute(OLD_TABLE)
        old.execute("CREATE INDEX ix_contact_messages_created_at ON contact_messages (created_at)")
        old.execute("INSERT INTO contact_messages (name, email, subject, message, created_at) "
                    "VALUES ('Maya', 'maya@example.com', 'Hello', 'Kept across upgrades', "
                    "'2025-01-05 12:00:00.000000')")
    await asyncio.to_thread(upgrade, url)
    with sqlite3.connect(path) as upgraded:
        assert upgraded.execute("SELECT subject FROM contact_messages").fetchall() == [("Hello",)]
        version = upgraded.execute("SELECT version_num FROM alembic_version").fetchall()
    assert [row[0] for row in version] == current_heads(url)
