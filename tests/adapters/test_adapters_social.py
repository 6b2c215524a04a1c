"""Follow repository against real databases: unique pairs, lists, counts, no self-follow."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from domain.errors import Conflict
from entrypoints.container import Container
from tests.support import NOW, add_users, ids_of

pytestmark = pytest.mark.adapters


async def test_follows_are_unique_listed_newest_first_and_counted(container: Container
                                                                  ) -> None:
    maya, theo, sofia = ids_of(await add_users(container.uow(), "maya", "theo", "sofia"))
    async with container.uow() as uow:
        _, created = await uow.follows.add(sofia, maya, NOW)
        _, again = await uow.follows.add(sofia, maya, NOW + timedelta(hours=1))
        await uow.follows.add(theo, maya, NOW + timedelta(minutes=1))
        await uow.follows.add(sofia, theo, NOW + timedelta(minutes=2))
        await uow.commit()
    assert created and not again
    async with container.uow() as uow:
        assert [u.username for u in await uow.follows.followers(maya, 10)] == ["theo", "sofia"]
        assert [u.username for u in await uow.follows.following(sofia, 10)] == ["theo", "maya"]
        assert await uow.follows.count_followers(maya) == 2
        assert await uow.follows.count_following(sofia) == 2
        assert await uow.follows.exists(sofia, maya)
        assert not await uow.follows.exists(maya, sofia)
        assert await uow.follows.remove(sofia, maya)
        assert not await uow.follows.remove(sofia, maya)
        await uow.commit()
        assert await uow.follows.count_followers(maya) == 1


async def test_concurrent_follows_and_no_self_follow(container: Container) -> None:
    maya, sofia = ids_of(await add_users(container.uow(), "maya", "sofia"))

    async def follow() -> bool:
        async with container.uow() as uow:
            _, created = await uow.follows.add(sofia, maya, NOW)
            await uow.commit()
        return created

    assert (await asyncio.gather(*(follow() for _ in range(5)))).count(True) == 1
    with pytest.raises(Conflict):
        async with container.uow() as uow:
            await uow.follows.add(maya, maya, NOW)
            await uow.commit()
