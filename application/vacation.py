"""Vacation mode (issue 38 item 4): turn it on and off, read it, refuse sales while it is on,
and end the vacations whose date has passed (the scheduler, with the injected clock).

:func:`ensure_not_away` is the one home of "an away seller sells nothing": placing an order,
adding to a bag and making an offer all call it inside their own unit of work.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from application.ports import Clock, UnitOfWork
from domain.accounts import User
from domain.errors import Conflict, NotFound
from domain.vacation import Vacation, start


async def away(uow: UnitOfWork, user_id: int, now: datetime) -> Vacation | None:
    """The member's vacation if it is on at ``now``."""
    vacation = await uow.vacations.get(user_id)
    return vacation if vacation is not None and vacation.is_on(now) else None


async def ensure_not_away(uow: UnitOfWork, seller_ids: Iterable[int], now: datetime) -> None:
    """409 with the notice when any of these sellers is away."""
    found = await uow.vacations.for_users(list(seller_ids))
    for vacation in found.values():
        if vacation.is_on(now):
            raise Conflict(vacation.refusal)


class VacationService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def set(self, member: User, on: bool, until: datetime | None,
                  message: str | None) -> Vacation | None:
        """Turn vacation mode on (replacing any earlier one) or off; the vacation now."""
        assert member.id is not None
        now = self.clock.now()
        vacation = start(member.id, until, message, now) if on else None
        async with self.uow:
            if vacation is None:
                await self.uow.vacations.remove(member.id)
            else:
                await self.uow.vacations.put(vacation)
            await self.uow.commit()
        return vacation

    async def of(self, user_id: int) -> Vacation | None:
        """The member's vacation if it is on (404 for an unknown member)."""
        async with self.uow:
            if await self.uow.users.get(user_id) is None:
                raise NotFound("User not found")
            return await away(self.uow, user_id, self.clock.now())

    async def end_due(self) -> list[int]:
        """End the vacations whose date has passed; the members' ids."""
        async with self.uow:
            ended = await self.uow.vacations.remove_ended(self.clock.now())
            await self.uow.commit()
        return ended
