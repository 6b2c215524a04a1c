"""The bag repository against real databases: who holds a listing in their bag (the
members an order placed for it tells, ``bag_changed``), each once."""

from __future__ import annotations

from datetime import timedelta

import pytest

from entrypoints.container import Container
from tests.support import NOW, add_listing, add_users, ids_of

pytestmark = pytest.mark.adapters


async def test_holders_are_everyone_with_one_of_the_listings_each_once(container: Container
                                                                       ) -> None:
    sam, maya, lee, zoe = ids_of(await add_users(container.uow(), "sam", "maya", "lee", "zoe"))
    coat, scarf, hat = [(await add_listing(container.uow(), sam, title=title)).id or 0
                        for title in ("Wool coat", "Silk scarf", "Felt hat")]
    async with container.uow() as uow:
        for minutes, (user, item) in enumerate(((zoe, coat), (maya, coat), (zoe, scarf),
                                                (lee, hat))):
            await uow.bag.add(user, item, NOW + timedelta(minutes=minutes))
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.bag.holders([coat, scarf]) == sorted([maya, zoe])
        assert await uow.bag.holders([hat]) == [lee]
        assert await uow.bag.holders([]) == []
        assert await uow.bag.remove(zoe, coat) and await uow.bag.remove(zoe, scarf)
        await uow.commit()
        assert await uow.bag.holders([coat, scarf]) == [maya]
