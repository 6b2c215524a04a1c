"""The vacation repository against real databases: at most one vacation per member (a new
one replaces the old, even one read in the same transaction), who of several is away, and
the scheduler's sweep of vacations whose date has passed."""

from __future__ import annotations

from datetime import timedelta

import pytest

from domain.vacation import Vacation
from entrypoints.container import Container
from tests.support import NOW, add_users, ids_of

pytestmark = pytest.mark.adapters

DAY = timedelta(days=1)


async def test_a_new_vacation_replaces_the_members_old_one(container: Container) -> None:
    maya, lee, zoe = ids_of(await add_users(container.uow(), "maya", "lee", "zoe"))
    async with container.uow() as uow:
        await uow.vacations.put(Vacation(maya, NOW + 3 * DAY, "Back soon", NOW))
        await uow.vacations.put(Vacation(lee, None, "Away", NOW))
        await uow.commit()
    async with container.uow() as uow:
        # Read, then replaced in the same transaction (the service checks before it writes).
        assert await uow.vacations.get(maya) == Vacation(maya, NOW + 3 * DAY, "Back soon", NOW)
        await uow.vacations.put(Vacation(maya, None, "Gone fishing", NOW + DAY))
        assert await uow.vacations.get(maya) == Vacation(maya, None, "Gone fishing", NOW + DAY)
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.vacations.get(maya) == Vacation(maya, None, "Gone fishing", NOW + DAY)
        away = await uow.vacations.for_users([zoe, maya, lee, maya])
        assert sorted(away) == [maya, lee]
        assert away[lee].message == "Away" and away[maya].message == "Gone fishing"
        assert await uow.vacations.for_users([]) == {}
        assert await uow.vacations.get(zoe) is None


async def test_removing_says_whether_there_was_a_vacation(container: Container) -> None:
    maya, lee = ids_of(await add_users(container.uow(), "maya", "lee"))
    async with container.uow() as uow:
        await uow.vacations.put(Vacation(maya, None, "Away", NOW))
        await uow.vacations.put(Vacation(lee, None, "Away too", NOW))
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.vacations.remove(maya)
        assert not await uow.vacations.remove(maya)
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.vacations.get(maya) is None
        assert list(await uow.vacations.for_users([maya, lee])) == [lee]


async def test_the_sweep_ends_vacations_whose_date_has_come_and_no_others(
        container: Container) -> None:
    past, today, later, open_ended = ids_of(
        await add_users(container.uow(), "past", "today", "later", "open"))
    async with container.uow() as uow:
        for user, until in ((past, NOW - DAY), (today, NOW), (later, NOW + DAY),
                            (open_ended, None)):
            await uow.vacations.put(Vacation(user, until, "Away", NOW - 10 * DAY))
        await uow.commit()
    async with container.uow() as uow:
        assert sorted(await uow.vacations.remove_ended(NOW)) == [past, today]
        await uow.commit()
    async with container.uow() as uow:
        assert await uow.vacations.remove_ended(NOW) == []
        assert sorted(await uow.vacations.for_users([past, today, later, open_ended])) == [
            later, open_ended]
