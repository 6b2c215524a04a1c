"""Reports (issue 37): a signed-in member reports a listing, a member, a style post, a
comment or a message. The rules are in ``domain/reports.py``; the desk that answers them is
``application/moderation.py``."""

from __future__ import annotations

from application.ports import Clock, UnitOfWork
from application.shared.abuse import AbuseLimits, Act, take
from domain.accounts import User
from domain.errors import Conflict, NotFound, ValidationError
from domain.reports import (
    ALREADY_REPORTED,
    OWN_TARGET,
    Report,
    ReportForm,
    ReportTarget,
    is_own_target,
    validate_report,
)


class ReportService:
    def __init__(self, uow: UnitOfWork, clock: Clock, abuse: AbuseLimits | None = None
                 ) -> None:
        self.uow = uow
        self.clock = clock
        self.abuse = abuse

    async def report(self, reporter: User, form: ReportForm) -> Report:
        assert reporter.id is not None
        clean, errors = validate_report(form)
        if clean is None:
            raise ValidationError(errors)
        await take(self.abuse, Act.REPORT, reporter.id)
        async with self.uow:
            people = await self.uow.reports.target_owner(clean.target_type, clean.target_id)
            if people is None:
                raise NotFound(f"{clean.target_type.label} not found")
            owner = people[0]
            if is_own_target(reporter.id, owner):
                raise ValidationError({"targetId": OWN_TARGET})
            if clean.target_type is ReportTarget.MESSAGE and reporter.id not in people:
                raise NotFound(f"{clean.target_type.label} not found")
            if await self.uow.reports.exists(reporter.id, clean.target_type, clean.target_id):
                raise Conflict(ALREADY_REPORTED)
            report = await self.uow.reports.add(Report(
                reporter_id=reporter.id, target_type=clean.target_type,
                target_id=clean.target_id, target_owner_id=owner, reason=clean.reason,
                details=clean.details, created_at=self.clock.now()))
            await self.uow.commit()
        return report
