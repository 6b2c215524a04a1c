"""Vacation mode over HTTP (issue 38 item 4). Thin: parse, call one service, map."""

from __future__ import annotations

from litestar import Controller, get, put

from application.vacation import VacationService
from domain.accounts import User
from domain.vacation import Vacation
from entrypoints.http.schemas.vacation import (
    VacationIn,
    VacationOut,
)


def vacation_out(vacation: Vacation | None) -> VacationOut:
    if vacation is None:
        return VacationOut(on=False, until=None, message="", notice=None)
    return VacationOut(on=True, until=vacation.until, message=vacation.message,
                       notice=vacation.notice)


class VacationController(Controller):
    path = "/api"
    tags = ["vacation"]

    @put("/user/vacation")
    async def set_vacation(self, data: VacationIn, current_user: User,
                           vacations: VacationService) -> VacationOut:
        """Turn my vacation mode on or off.

        Signed-in members only (401 for visitors), for themselves. `on` with an optional
        return date (`until`, with a time zone, in the future, within a year) and an away
        message: while it lasts their listings stay visible but buying, bagging and offers
        are refused, and messages they receive get an automatic reply. `on: false` ends it.
        200 with the vacation as others see it. 400 for a return date or message the rules
        refuse.
        """
        return vacation_out(await vacations.set(current_user, data.on, data.until, data.message))

    @get("/users/{user_id:int}/vacation")
    async def vacation(self, user_id: int, vacations: VacationService) -> VacationOut:
        """Read a member's vacation.

        Public. Whether the member is away now, until when, their away message and the
        notice the product page shows. 404 for an unknown member.
        """
        return vacation_out(await vacations.of(user_id))
