"""The request and response Structs of ``entrypoints/http/vacation.py``: vacation mode."""

from __future__ import annotations

from datetime import datetime

from domain.vacation import MESSAGE_MAX
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct


@describe(required=["on"], fields={"message": {"maxLength": MESSAGE_MAX}})
class VacationIn(CamelStruct):
    on: bool
    until: datetime | None = None
    message: str | None = None


class VacationOut(CamelStruct):
    on: bool
    until: datetime | None
    message: str
    notice: str | None  # "Seller away until Dec 5, 2026"
