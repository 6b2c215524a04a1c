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
        """List the reports desk.

        Administrators only (401 for visitors, 403 for members). Reports grouped by target,
        oldest first, each group with what it is about (label, picture, text, link), its
        owner, how many reports and which reasons, each report and its reporter, and whether
        the target can be hidden. `status` is open (the default) or resolved (400
        otherwise).
        """
        return [group_out(v, admin) for v in await moderation.reports(admin, status)]

    @post("/reports/{report_id:int}/resolve", status_code=HTTP_200_OK)
    async def resolve(self, report_id: int, data: ResolveIn, admin: User,
                      moderation: ModerationService) -> ResolvedOut:
        """Resolve a report.

        Administrators only (401 for visitors, 403 for members). Every open report of the
        report's target is resolved with one `action`: dismiss, hide the listing, post or
        comment, or suspend its owner (for `days`, or until lifted), with an optional note;
        audited. 200 with how many were resolved and the suspension made. 400 for another
        action, `days` without a suspension, hiding a member or a message, or a note or days
        the rules refuse; 404 for an unknown report; 409 when it is already resolved, the
        target cannot be hidden, or its owner is an administrator.
        """
        done = await moderation.resolve_report(admin, report_id, data.action, data.note,
                                               data.days)
        return ResolvedOut(resolved=done.count, suspension=None if done.suspension is None
                           else suspension_out(done.suspension))

    @post("/listings/{listing_id:int}/hide", status_code=HTTP_200_OK)
    async def hide_listing(self, listing_id: int, admin: User, moderation: ModerationService,
                           data: NoteIn | None = None) -> None:
        """Hide a listing.

        Administrators only (401 for visitors, 403 for members). Takes an available listing
        out of the shop: it answers 404 to everyone but its seller and administrators, its
        open offers are declined, and its seller is told why (the optional note, which they
        and administrators also read on its page as `hiddenReason`); audited. 400 for an
        over-long note; 404 for an unknown listing; 409 when it is not available or already
        hidden.
        """
        await moderation.hide(admin, HiddenKind.LISTING, listing_id, data.note if data else None)

    @post("/listings/{listing_id:int}/restore", status_code=HTTP_200_OK)
    async def restore_listing(self, listing_id: int, admin: User,
                              moderation: ModerationService, data: NoteIn | None = None
                              ) -> None:
        """Restore a hidden listing.

        Administrators only (401 for visitors, 403 for members). Puts a listing a moderator
        hid back in the shop; its seller is told; audited with the optional note. 400 for an
        over-long note; 404 for an unknown listing; 409 when it is not hidden, was hidden by
        its seller's suspension (lifting the suspension brings it back), its seller is
        suspended now, or its seller closed their account.
        """
        await moderation.restore(admin, HiddenKind.LISTING, listing_id,
                                 data.note if data else None)

    @post("/posts/{post_id:int}/hide", status_code=HTTP_200_OK)
    async def hide_post(self, post_id: int, admin: User, moderation: ModerationService,
                        data: NoteIn | None = None) -> None:
        """Hide a style post.

        Administrators only (401 for visitors, 403 for members). The post answers 404 to
        everyone but its author and administrators and leaves the feed; its author is told
        why (the optional note); audited. 400 for an over-long note; 404 for an unknown
        post; 409 when it is already hidden.
        """
        await moderation.hide(admin, HiddenKind.POST, post_id, data.note if data else None)

    @post("/posts/{post_id:int}/restore", status_code=HTTP_200_OK)
    async def restore_post(self, post_id: int, admin: User, moderation: ModerationService,
                           data: NoteIn | None = None) -> None:
        """Restore a hidden style post.

        Administrators only (401 for visitors, 403 for members). Shows a post a moderator
        hid to everyone again (by id and in the feed); its author is told; audited with the
        optional note. 400 for an over-long note; 404 for an unknown post; 409 when it is
        not hidden, or was hidden by its author's suspension.
        """
        await moderation.restore(admin, HiddenKind.POST, post_id, data.note if data else None)

    @post("/comments/{comment_id:int}/hide", status_code=HTTP_200_OK)
    async def hide_comment(self, comment_id: int, admin: User, moderation: ModerationService,
                           data: NoteIn | None = None) -> None:
        """Hide a comment.

        Administrators only (401 for visitors, 403 for members). The comment leaves the
        comment list of everyone but its author and administrators (who get it with `hidden:
        true`); its author is told why (the optional note); audited. 400 for an over-long
        note; 404 for an unknown comment; 409 when it is already hidden.
        """
        await moderation.hide(admin, HiddenKind.COMMENT, comment_id,
                              data.note if data else None)

    @post("/comments/{comment_id:int}/restore", status_code=HTTP_200_OK)
    async def restore_comment(self, comment_id: int, admin: User,
                              moderation: ModerationService, data: NoteIn | None = None
                              ) -> None:
        """Restore a hidden comment.

        Administrators only (401 for visitors, 403 for members). Shows a comment a moderator
        hid to everyone again; its author is told; audited with the optional note. 400 for
        an over-long note; 404 for an unknown comment; 409 when it is not hidden, or was
        hidden by its author's suspension.
        """
        await moderation.restore(admin, HiddenKind.COMMENT, comment_id,
                                 data.note if data else None)

    @post("/users/{user_id:int}/suspend", status_code=HTTP_200_OK)
    async def suspend(self, user_id: int, data: SuspendIn, admin: User,
                      moderation: ModerationService) -> SuspensionOut:
        """Suspend a member.

        Administrators only (401 for visitors, 403 for members). With a `reason`, for `days`
        (1 to 3650) or until lifted: the member's sessions end, their logins are refused
        with the reason, their open offers and reservations end and their available listings
        leave the shop; audited. 200 with the suspension. 400 without a reason or for days
        out of range; 404 for an unknown member; 409 for an administrator (revoke the role
        first).
        """
        return suspension_out(await moderation.suspend(admin, user_id, data.reason, data.days))

    @post("/users/{user_id:int}/unsuspend", status_code=HTTP_200_OK)
    async def unsuspend(self, user_id: int, admin: User, moderation: ModerationService
                        ) -> None:
        """Lift a member's suspension.

        Administrators only (401 for visitors, 403 for members). The member may sign in
        again and the listings the suspension hid come back; audited. 409 when the member is
        not suspended.
        """
        await moderation.unsuspend(admin, user_id)

    @get("/audit")
    async def audit(self, admin: User, audit: AuditService, admin_id: AdminFilter = None,
                    action: ActionFilter = None, limit: Limit = None, cursor: Cursor = None
                    ) -> AuditPageOut:
        """Read the audit log.

        Administrators only (401 for visitors, 403 for members). Every administrator action,
        newest first, a page at a time (`limit`, `cursor`), each with who, what, on which
        target and the note; `adminId` and `action` filter it. 400 for an unknown action.
        """
        log = await audit.list(admin, admin_id=admin_id, action=action, limit=limit,
                               cursor=cursor)
        return AuditPageOut(items=[audit_out(e, log) for e in log.page.items],
                            next_cursor=log.page.next_cursor)
