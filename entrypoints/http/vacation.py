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
        return vacation_out(await vacations.set(current_user, data.on, data.until, data.message))

    @get("/users/{user_id:int}/vacation")
    async def vacation(self, user_id: int, vacations: VacationService) -> VacationOut:
        return vacation_out(await vacations.of(user_id))
