"""Accounts repositories and the unit of work against real databases."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.migrations import current_heads
from domain.accounts import Role
from domain.errors import Conflict
from entrypoints.container import Container
from tests.support import NOW, a_user

pytestmark = pytest.mark.adapters


async def test_users_round_trip_with_aware_datetimes(container: Container) -> None:
    async with container.uow() as uow:
        user = await uow.users.add(a_user("Maya"))
        await uow.commit()
    async with container.uow() as uow:
        loaded = await uow.users.get(user.id)
    assert loaded is not None
    assert loaded.username == "Maya"
    assert loaded.created_at == NOW
    assert loaded.created_at.tzinfo is not None
    assert loaded.role is Role.USER


async def test_lookup_by_username_is_case_insensitive_and_by_email(container: Container) -> None:
    async with container.uow() as uow:
        await uow.users.add(a_user("Maya", email="maya@example.com"))
        await uow.commit()
        assert (await uow.users.get_by_login("mAyA")).username == "Maya"
        assert (await uow.users.get_by_login("maya@example.com")).username == "Maya"
        assert await uow.users.get_by_login("nobody") is None
        assert await uow.users.username_taken("MAYA")
        assert not await uow.users.email_taken("other@example.com")


async def test_database_refuses_duplicate_usernames_even_when_racing(container: Container) -> None:
    """Two sign-ups that both passed the pre-check: the unique index decides, as a Conflict."""
    async with container.uow() as uow:
        await uow.users.add(a_user("maya"))
        await uow.commit()
    with pytest.raises(Conflict):
        async with container.uow() as uow:
            await uow.users.add(a_user("MAYA", email="second@example.com"))
            await uow.commit()


async def test_leaving_without_commit_rolls_back(container: Container) -> None:
    async with container.uow() as uow:
        await uow.users.add(a_user("ghost"))
    async with container.uow() as uow:
        assert await uow.users.get_by_login("ghost") is None


async def test_sessions_expire_and_are_purged(container: Container) -> None:
    async with container.uow() as uow:
        user = await uow.users.add(a_user("maya"))
        await uow.sessions.add("a" * 64, user.id, NOW, NOW + timedelta(hours=1))
        await uow.sessions.add("b" * 64, user.id, NOW, NOW - timedelta(seconds=1))
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.sessions.user_id_for("a" * 64, NOW) == user.id
        assert await uow.sessions.user_id_for("b" * 64, NOW) is None
        assert await uow.sessions.delete_expired(NOW) == 1
        await uow.commit()


async def test_bulk_insert(container: Container) -> None:
    async with container.uow() as uow:
        await uow.users.add_many([a_user(f"shopper{i}") for i in range(50)])
        await uow.commit()
        assert await uow.users.username_taken("shopper49")


def test_migrations_have_one_head(db: str) -> None:
    """Parallel branches must be merged, so `db upgrade` always lands on one schema."""
    assert len(current_heads(db)) == 1
