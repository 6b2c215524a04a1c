"""The request and response Structs of ``entrypoints/http/reports.py``: reports and blocks."""

from __future__ import annotations

from datetime import datetime

from domain.reports import DETAILS_MAX, ReportReason, ReportTarget
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct
from entrypoints.http.schemas.users import UserOut


@describe(required=["targetType", "targetId", "reason"], fields={
    "targetType": {"enum": [t.value for t in ReportTarget]},
    "targetId": {"minimum": 1, "maximum": 2**31 - 1},
    "reason": {"enum": [r.value for r in ReportReason]},
    "details": {"maxLength": DETAILS_MAX}})
class ReportIn(CamelStruct):
    target_type: str | None = None
    target_id: int | None = None
    reason: str | None = None
    details: str | None = None


class ReportOut(CamelStruct):
    id: int
    target_type: str
    target_id: int
    reason: str
    details: str
    status: str
    created_at: datetime


@describe(required=["userId"], fields={"userId": {"minimum": 1, "maximum": 2**31 - 1}})
class BlockIn(CamelStruct):
    user_id: int | None = None


class BlockOut(CamelStruct):
    user: UserOut
    created_at: datetime
