"""Reports and blocks over HTTP (issue 37): members report content and block people."""

from __future__ import annotations

from litestar import Controller, delete, get, post
from litestar.status_codes import HTTP_201_CREATED, HTTP_204_NO_CONTENT

from application.block_service import BlockedMember, BlockService
from application.reports import ReportService
from domain.accounts import User
from domain.errors import ValidationError
from domain.reports import Report, ReportForm
from entrypoints.http.schemas.reports import (
    BlockIn,
    BlockOut,
    ReportIn,
    ReportOut,
)
from entrypoints.http.schemas.users import user_out


def report_out(report: Report) -> ReportOut:
    assert report.id is not None
    return ReportOut(id=report.id, target_type=report.target_type.value,
                     target_id=report.target_id, reason=report.reason.value,
                     details=report.details, status=report.status.value,
                     created_at=report.created_at)


def block_out(member: BlockedMember, viewer: User) -> BlockOut:
    return BlockOut(user=user_out(member.user, viewer), created_at=member.block.created_at)


class ReportController(Controller):
    path = "/api"
    tags = ["trust"]

    @post("/reports", status_code=HTTP_201_CREATED, opt={"errors": {429}})
    async def report(self, data: ReportIn, current_user: User, reports: ReportService
                     ) -> ReportOut:
        """Report something to the moderators.

        Signed-in members only (401 for visitors). A listing, member, style post, comment or
        message (`targetType`, `targetId`), a `reason` and optional details; a message only
        by someone in its conversation. 201 with the report. 400 for an unknown type or
        reason, over-long details, or the caller's own content; 404 for a target that does
        not exist (or a message the caller cannot see); 409 when the caller already reported
        it; 429 after too many reports in a while.
        """
        form = ReportForm(data.target_type, data.target_id, data.reason, data.details)
        return report_out(await reports.report(current_user, form))

    @get("/blocks")
    async def blocked(self, current_user: User, blocks: BlockService) -> list[BlockOut]:
        """List the members I blocked.

        Signed-in members only (401 for visitors): the members the caller blocked, with
        when.
        """
        return [block_out(m, current_user) for m in await blocks.list(current_user)]

    @post("/blocks", status_code=HTTP_201_CREATED)
    async def block(self, data: BlockIn, current_user: User, blocks: BlockService
                    ) -> BlockOut:
        """Block a member.

        Signed-in members only (401 for visitors). From now on neither sees the other's
        listings, posts and comments, they cannot message, follow, offer or buy from each
        other, follows both ways end, open offers between them close and each one's items
        leave the other's bag; the blocked member is not told. 201 with the block (blocking
        twice changes nothing). 400 without a `userId` or for oneself; 404 for an unknown
        member.
        """
        if data.user_id is None:
            raise ValidationError({"userId": "userId is required"})
        return block_out(await blocks.block(current_user, data.user_id), current_user)

    @delete("/blocks/{user_id:int}", status_code=HTTP_204_NO_CONTENT)
    async def unblock(self, user_id: int, current_user: User, blocks: BlockService) -> None:
        """Unblock a member.

        Signed-in members only (401 for visitors). 204; 404 when the caller has not blocked
        this member.
        """
        await blocks.unblock(current_user, user_id)
