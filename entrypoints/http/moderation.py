"""The moderation desk and the audit log over HTTP (issue 37). Administrators only: the
``admin`` dependency answers 401 to visitors and 403 to everyone else. The audit log has
no route that edits or deletes an entry."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK

from application.audit import AuditLog, AuditService
from application.moderation import ModerationService
from application.report_desk import ReportGroupView
from domain.accounts import User
from domain.moderation import (
    AuditAction,
    AuditEntry,
    HiddenKind,
)
from entrypoints.http.schemas import Cursor, Limit
from entrypoints.http.schemas.moderation import (
    AuditEntryOut,
    AuditPageOut,
    NoteIn,
    ReportGroupOut,
    ReportItemOut,
    ResolvedOut,
    ResolveIn,
    SuspendIn,
    SuspensionOut,
    suspension_out,
)
from entrypoints.http.schemas.users import user_out

ReportStatusFilter = Annotated[str | None, Parameter(
    query="status", description="open (default) or resolved")]
AdminFilter = Annotated[int | None, Parameter(query="adminId", ge=1, le=2**31 - 1)]
ActionFilter = Annotated[str | None, Parameter(
    query="action", description="One of: " + ", ".join(a.value for a in AuditAction))]


def group_out(view: ReportGroupView, admin: User) -> ReportGroupOut:
    group, cause = view.group, view.target_hidden_cause
    return ReportGroupOut(
        id=group.first_id, target_type=group.target_type.value, target_id=group.target_id,
        target_label=view.label, target_image=view.picture, target_link=view.link,
        target_text=view.text, can_hide=view.can_hide,
        hide_why_not=view.hide_refusal,
        owner=user_out(view.owner, admin) if view.owner else None, count=group.count,
        reasons=group.reasons,
        reports=[ReportItemOut(id=r.id or 0, reporter_id=r.reporter_id,
                               reporter_username=view.reporters.get(r.reporter_id),
                               reason=r.reason.value, details=r.details,
                               created_at=r.created_at,
                               action=r.action.value if r.action else None,
                               action_label=r.action.label if r.action else None, note=r.note)
                 for r in group.reports],
        target_hidden=view.target_hidden,
        target_hidden_cause=None if cause is None else cause.value,
        owner_suspended=view.owner_suspended, outcome=view.outcome,
        outcome_note=view.outcome_note)


def audit_out(entry: AuditEntry, log: AuditLog) -> AuditEntryOut:
    return AuditEntryOut(id=entry.id or 0, admin_id=entry.admin_id,
                         admin_username=None if entry.admin_id is None
                         else log.usernames.get(entry.admin_id),
                         action=entry.action.value,
                         target_type=entry.target_type, target_id=entry.target_id,
                         target_label=log.label(entry), target_link=log.link(entry),
                         note=log.note(entry),
                         created_at=entry.created_at)


class ModerationController(Controller):
    path = "/api/admin"
    tags = ["admin"]

    @get("/reports")
    async def reports(self, admin: User, moderation: ModerationService,
                      status: ReportStatusFilter = None) -> list[ReportGroupOut]:
        """Reports grouped by target (oldest first), with their count and reasons."""
        return [group_out(v, admin) for v in await moderation.reports(admin, status)]

    @post("/reports/{report_id:int}/resolve", status_code=HTTP_200_OK)
    async def resolve(self, report_id: int, data: ResolveIn, admin: User,
                      moderation: ModerationService) -> ResolvedOut:
        """Resolve every open report of the report's target with one action."""
        done = await moderation.resolve_report(admin, report_id, data.action, data.note,
                                               data.days)
        return ResolvedOut(resolved=done.count, suspension=None if done.suspension is None
                           else suspension_out(done.suspension))

    @post("/listings/{listing_id:int}/hide", status_code=HTTP_200_OK)
    async def hide_listing(self, listing_id: int, admin: User, moderation: ModerationService,
                           data: NoteIn | None = None) -> None:
        """Take an available listing out of the shop: 404 to everyone but its seller and
        administrators, its open offers declined, its seller told why (the note), which
        they and administrators also read on its page (``hiddenReason``). 409 when it is
        not available or already hidden; audited (``listing_hidden``)."""
        await moderation.hide(admin, HiddenKind.LISTING, listing_id, data.note if data else None)

    @post("/listings/{listing_id:int}/restore", status_code=HTTP_200_OK)
    async def restore_listing(self, listing_id: int, admin: User,
                              moderation: ModerationService, data: NoteIn | None = None
                              ) -> None:
        """Put a listing a moderator hid back in the shop (its seller is told). 404 when
        there is no such listing, 409 when it is not hidden or hidden while its seller is
        suspended (lifting the suspension brings it back); audited (``listing_restored``,
        with the note)."""
        await moderation.restore(admin, HiddenKind.LISTING, listing_id,
                                 data.note if data else None)

    @post("/posts/{post_id:int}/hide", status_code=HTTP_200_OK)
    async def hide_post(self, post_id: int, admin: User, moderation: ModerationService,
                        data: NoteIn | None = None) -> None:
        """Hide a style post: 404 to everyone but its author and administrators, out of
        the feed. 409 when already hidden; audited (``post_hidden``)."""
        await moderation.hide(admin, HiddenKind.POST, post_id, data.note if data else None)

    @post("/posts/{post_id:int}/restore", status_code=HTTP_200_OK)
    async def restore_post(self, post_id: int, admin: User, moderation: ModerationService,
                           data: NoteIn | None = None) -> None:
        """Show a style post a moderator hid to everyone again (by id and in the feed). 404
        when there is no such post, 409 "This style post is not hidden." (or hidden while
        its author is suspended); audited (``post_restored``, with the note)."""
        await moderation.restore(admin, HiddenKind.POST, post_id, data.note if data else None)

    @post("/comments/{comment_id:int}/hide", status_code=HTTP_200_OK)
    async def hide_comment(self, comment_id: int, admin: User, moderation: ModerationService,
                           data: NoteIn | None = None) -> None:
        """Hide a comment: it leaves the comment list of everyone but its author and
        administrators (who get it with ``hidden: true``). 409 when already hidden; audited
        (``comment_hidden``)."""
        await moderation.hide(admin, HiddenKind.COMMENT, comment_id,
                              data.note if data else None)

    @post("/comments/{comment_id:int}/restore", status_code=HTTP_200_OK)
    async def restore_comment(self, comment_id: int, admin: User,
                              moderation: ModerationService, data: NoteIn | None = None
                              ) -> None:
        """Show a comment a moderator hid to everyone again. 404 when there is no such
        comment, 409 "This comment is not hidden." (or hidden while its author is
        suspended); audited (``comment_restored``, with the note)."""
        await moderation.restore(admin, HiddenKind.COMMENT, comment_id,
                                 data.note if data else None)

    @post("/users/{user_id:int}/suspend", status_code=HTTP_200_OK)
    async def suspend(self, user_id: int, data: SuspendIn, admin: User,
                      moderation: ModerationService) -> SuspensionOut:
        """End the member's sessions, hide their listings, refuse their logins."""
        return suspension_out(await moderation.suspend(admin, user_id, data.reason, data.days))

    @post("/users/{user_id:int}/unsuspend", status_code=HTTP_200_OK)
    async def unsuspend(self, user_id: int, admin: User, moderation: ModerationService
                        ) -> None:
        await moderation.unsuspend(admin, user_id)

    @get("/audit")
    async def audit(self, admin: User, audit: AuditService, admin_id: AdminFilter = None,
                    action: ActionFilter = None, limit: Limit = None, cursor: Cursor = None
                    ) -> AuditPageOut:
        """Every administrator action, newest first."""
        log = await audit.list(admin, admin_id=admin_id, action=action, limit=limit,
                               cursor=cursor)
        return AuditPageOut(items=[audit_out(e, log) for e in log.page.items],
                            next_cursor=log.page.next_cursor)
