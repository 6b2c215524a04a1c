"""The moderation desk (issue 37): open reports grouped by target and resolved with one
action; hiding and restoring listings, posts and comments (a moderator's reason is kept with
the hidden row: a hidden listing's page shows it to its seller and administrators,
``CatalogService.get``, and its owner is told both ways, ``_tell_owner``); suspending and
lifting suspensions. Administrators only; every action is written to the audit log in its
own transaction (``application/audit.py``).

A hidden listing moves to the listing status ``hidden`` (``domain/listings.py``): search,
the shop and checkout all show only available listings, so nothing else filters it. A
suspension ends the member's sessions, closes their own open offers, ends every unused
reservation of an accepted offer for or from them (``member_suspended``; the other party's
listing is back in the shop), hides their available listings (cause ``suspension``,
restored when the suspension is lifted) and declines the open offers on them. While it runs
no order is placed and no offer accepted with them (``application/suspensions.py``).
A timed suspension is lifted the same way when its end has passed, by the order timers'
sweep (``application/order_timers.py``, :meth:`ModerationService.end_suspension`).
"""

from __future__ import annotations

from dataclasses import dataclass

from application.account_sessions import sessions_ended
from application.audit import record_audit
from application.notifications import notify
from application.offer_endings import close_own_offers, end_reservations
from application.offers import decline_open_offers
from application.ports import Clock, UnitOfWork
from domain.accounts import User
from domain.catalog import ListingStatus
from domain.errors import Conflict, NotFound, ValidationError, require_valid
from domain.moderation import (
    HIDDEN_ACTIONS,
    RESTORED_ACTIONS,
    SUSPENSION_ENDED,
    AuditAction,
    HiddenKind,
    HideCause,
    Suspension,
    owner_notice,
    suspension_ends,
    validate_note,
    validate_suspension,
    validate_suspension_days,
)
from domain.offers import DeclineReason
from domain.reports import ReportAction, ReportGroup, ReportStatus, ReportTarget, group_reports
from domain.validation._rules import clean

MAX_REPORTS_READ = 1000
NOT_HIDEABLE = "Only an available listing can be hidden."
HIDE_TARGETS = {ReportTarget.LISTING: HiddenKind.LISTING, ReportTarget.POST: HiddenKind.POST,
                ReportTarget.COMMENT: HiddenKind.COMMENT}


@dataclass(frozen=True)
class ReportGroupView:
    group: ReportGroup
    owner: User | None
    # Now, so a resolved group can be undone: its listing, post or comment is hidden, its
    # owner suspended.
    target_hidden: bool = False
    owner_suspended: bool = False


class ModerationService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    # -- reports -----------------------------------------------------------------------

    async def reports(self, admin: User | None, status: str | None = None
                      ) -> list[ReportGroupView]:
        """Reports grouped by target, oldest target first (``admin`` None: the CLI)."""
        if admin is not None:
            admin.ensure_admin()
        wanted = ReportStatus.parse(status or "open")
        if wanted is None:
            raise ValidationError({"status": "Status must be open or resolved"})
        async with self.uow:
            groups = group_reports(await self.uow.reports.by_status(wanted, MAX_REPORTS_READ))
            owners = await self.uow.users.get_many({g.target_owner_id for g in groups})
            hidden = {(kind, target_id) for target, kind in HIDE_TARGETS.items()
                      for target_id in await self.uow.hidden.hidden_ids(
                          kind, [g.target_id for g in groups if g.target_type is target])}
            now = self.clock.now()
            suspended = set()
            for owner_id in {g.target_owner_id for g in groups}:
                suspension = await self.uow.suspensions.get(owner_id)
                if suspension is not None and suspension.active(now):
                    suspended.add(owner_id)
        return [ReportGroupView(
            g, owners.get(g.target_owner_id),
            target_hidden=(HIDE_TARGETS.get(g.target_type), g.target_id) in hidden,
            owner_suspended=g.target_owner_id in suspended) for g in groups]

    async def resolve_report(self, admin: User | None, report_id: int, action: str | None,
                             note: str | None, days: int | None = None) -> int:
        """Resolve every open report of the report's target; how many were resolved.
        ``days``: how long a suspension lasts (None: until lifted; only with ``suspend``)."""
        if admin is not None:
            admin.ensure_admin()
        chosen = ReportAction.parse(action)
        if chosen is None:
            raise ValidationError({"action": "Action must be dismiss, hide or suspend"})
        require_valid(validate_note(note))
        if days is not None and chosen is not ReportAction.SUSPEND:
            raise ValidationError({"days": "Days apply only to a suspension"})
        require_valid(validate_suspension_days(days))
        async with self.uow:
            report = await self.uow.reports.get(report_id)
            if report is None:
                raise NotFound("Report not found")
            if report.status is ReportStatus.RESOLVED:
                raise Conflict("This report has already been resolved.")
            if chosen is ReportAction.HIDE:
                kind = HIDE_TARGETS.get(report.target_type)
                if kind is None:
                    raise ValidationError({"action": "Only listings, posts and comments can "
                                                     "be hidden; suspend the member instead"})
                await self._hide(admin, kind, report.target_id, note,
                                 reason=clean(note) or report.reason.label)
            elif chosen is ReportAction.SUSPEND:
                await self._suspend(admin, report.target_owner_id,
                                    clean(note) or f"Reported: {report.reason.label}", days)
            count = await self.uow.reports.resolve_target(
                report.target_type, report.target_id, chosen, clean(note),
                admin.id if admin else None, self.clock.now())
            await record_audit(self.uow, admin, AuditAction.REPORT_RESOLVED, "report",
                               report_id, f"{chosen.value}: {clean(note)}".rstrip(": "),
                               self.clock)
            await self.uow.commit()
        return count

    # -- hiding ------------------------------------------------------------------------

    async def hide(self, admin: User | None, kind: HiddenKind, target_id: int,
                   note: str | None = None) -> None:
        if admin is not None:
            admin.ensure_admin()
        require_valid(validate_note(note))
        async with self.uow:
            await self._hide(admin, kind, target_id, note)
            await self.uow.commit()

    async def restore(self, admin: User | None, kind: HiddenKind, target_id: int,
                      note: str | None = None) -> None:
        """Undo a hiding: 404 when there is no such listing, post or comment, 409 when it is
        not hidden; audited (``RESTORED_ACTIONS``)."""
        if admin is not None:
            admin.ensure_admin()
        require_valid(validate_note(note))
        now = self.clock.now()
        async with self.uow:
            if kind is HiddenKind.LISTING:
                if await self.uow.listings.get(target_id) is None:
                    raise NotFound("Product not found")
                if not await self.uow.listings.claim_status(
                        target_id, ListingStatus.HIDDEN, ListingStatus.AVAILABLE, now):
                    raise Conflict("This listing is not hidden.")
            else:
                await self._owner(kind, target_id)  # 404 for a missing post or comment
                if not await self.uow.hidden.is_hidden(kind, target_id):
                    raise Conflict(f"This {kind.label.lower()} is not hidden.")
            await self.uow.hidden.remove(kind, target_id)
            await self._tell_owner(kind, target_id, hidden=False, reason=None)
            await record_audit(self.uow, admin, RESTORED_ACTIONS[kind], kind.value, target_id,
                               note, self.clock)
            await self.uow.commit()

    async def _hide(self, admin: User | None, kind: HiddenKind, target_id: int,
                    note: str | None, cause: HideCause = HideCause.MODERATOR,
                    reason: str | None = None) -> None:
        """``reason``: why, as kept with the hidden row (its owner and administrators read
        it: ``hidden.hiding``) and told to its owner; by default the note."""
        now = self.clock.now()
        owner = await self._owner(kind, target_id)
        why = (reason or clean(note) or None) if cause is HideCause.MODERATOR else None
        if kind is HiddenKind.LISTING:
            if not await self.uow.listings.claim_status(
                    target_id, ListingStatus.AVAILABLE, ListingStatus.HIDDEN, now):
                listing = await self.uow.listings.get(target_id)
                if listing is not None and listing.status is ListingStatus.HIDDEN:
                    raise Conflict("This listing is already hidden.")
                raise Conflict(NOT_HIDEABLE)
            await decline_open_offers(
                self.uow, product_id=target_id, now=now, reason=DeclineReason.LISTING_DELETED)
            await self.uow.hidden.add(kind, target_id, owner, cause, now, reason=why)
        elif not await self.uow.hidden.add(kind, target_id, owner, cause, now, reason=why):
            raise Conflict(f"This {kind.label.lower()} is already hidden.")
        if cause is HideCause.MODERATOR:
            await self._tell_owner(kind, target_id, hidden=True, reason=why)
            await record_audit(self.uow, admin, HIDDEN_ACTIONS[kind], kind.value, target_id,
                               note, self.clock)

    async def _tell_owner(self, kind: HiddenKind, target_id: int, *, hidden: bool,
                          reason: str | None) -> None:
        """A notice (and so an email, ``domain/notification_mail.py``) to the owner of a
        listing, post or comment a moderator hid (with the reason) or an administrator
        restored, inside the transaction; its words are ``owner_notice``'s."""
        about = await self._about(kind, target_id)
        if about is None:
            return
        owner_id, text, link = about
        notice = owner_notice(kind, text, hidden=hidden, reason=reason)
        await notify(self.uow, user_id=owner_id, kind=notice.kind, title=notice.title,
                     body=notice.body, link=link, now=self.clock.now())

    async def _about(self, kind: HiddenKind, target_id: int) -> tuple[int, str, str] | None:
        """Its owner, the words a notice quotes (title, caption or comment) and the page it
        is on (a comment's: its post's page), or None when it is gone."""
        if kind is HiddenKind.LISTING:
            listing = await self.uow.listings.get(target_id)
            return None if listing is None else (
                listing.seller_id, listing.title, f"/product/{target_id}")
        if kind is HiddenKind.POST:
            post = await self.uow.posts.get(target_id)
            return None if post is None else (post.user_id, post.content, f"/post/{target_id}")
        comment = await self.uow.comments.get(target_id)
        return None if comment is None else (
            comment.user_id, comment.content, f"/post/{comment.post_id}")

    async def _owner(self, kind: HiddenKind, target_id: int) -> int:
        target = ReportTarget(kind.value)
        people = await self.uow.reports.target_owner(target, target_id)
        if people is None:
            raise NotFound(f"{kind.label} not found")
        return people[0]

    # -- suspensions -------------------------------------------------------------------

    async def member(self, login: str) -> User:
        """A member by username or email (the CLI names people, not ids)."""
        async with self.uow:
            user = await self.uow.users.get_by_login(login.strip())
        if user is None:
            raise NotFound(f"No user named '{login}'")
        return user

    async def suspend(self, admin: User | None, user_id: int, reason: str | None,
                      days: int | None) -> Suspension:
        if admin is not None:
            admin.ensure_admin()
        require_valid(validate_suspension(reason, days))
        async with self.uow:
            suspension = await self._suspend(admin, user_id, clean(reason), days)
            await self.uow.commit()
        return suspension

    async def unsuspend(self, admin: User | None, user_id: int) -> None:
        if admin is not None:
            admin.ensure_admin()
        async with self.uow:
            if not await self.uow.suspensions.remove(user_id):
                raise Conflict("This member is not suspended.")
            await self._lifted(admin, user_id, None)
            await self.uow.commit()

    async def ended_suspension_ids(self, limit: int) -> list[int]:
        """Members whose timed suspension has ended (for the timers' sweep)."""
        async with self.uow:
            return await self.uow.suspensions.ended_ids(self.clock.now(), limit)

    async def end_suspension(self, user_id: int) -> bool:
        """Lift a timed suspension whose end has passed, as :meth:`unsuspend` does (its
        listings come back; audited with no administrator). False when it has not ended, or
        another sweep or an administrator lifted or renewed it first: the removal is a
        compare-and-delete on the ended row, so of several sweeps one lifts it."""
        async with self.uow:
            if not await self.uow.suspensions.remove_ended(user_id, self.clock.now()):
                return False
            await self._lifted(None, user_id, SUSPENSION_ENDED)
            await self.uow.commit()
        return True

    async def _lifted(self, admin: User | None, user_id: int, note: str | None) -> None:
        """What follows the removal of a suspension: the listings it hid are back in the
        shop, and the audit log says who lifted it (``admin`` None: the CLI or the timer)."""
        now = self.clock.now()
        for listing_id in await self.uow.hidden.by_cause(user_id, HiddenKind.LISTING,
                                                         HideCause.SUSPENSION):
            await self.uow.listings.claim_status(listing_id, ListingStatus.HIDDEN,
                                                 ListingStatus.AVAILABLE, now)
            await self.uow.hidden.remove(HiddenKind.LISTING, listing_id)
        await record_audit(self.uow, admin, AuditAction.USER_UNSUSPENDED, "user",
                           user_id, note, self.clock)

    async def _suspend(self, admin: User | None, user_id: int, reason: str,
                       days: int | None) -> Suspension:
        now = self.clock.now()
        user = await self.uow.users.get(user_id)
        if user is None:
            raise NotFound("User not found")
        if user.is_admin:
            raise Conflict("An administrator cannot be suspended; revoke the role first.")
        suspension = Suspension(user_id=user_id, reason=reason, created_at=now,
                                ends_at=suspension_ends(now, days),
                                created_by=admin.id if admin else None)
        await self.uow.suspensions.put(suspension)
        await self.uow.suspensions.end_sessions(user_id)
        sessions_ended(self.uow, user_id)
        # Nothing they agreed stays in motion: their open offers close, and every unused
        # reservation for or from them ends (their own listings then leave the shop below).
        await close_own_offers(self.uow, user_id, DeclineReason.MEMBER_SUSPENDED, now)
        await end_reservations(self.uow, user_id, DeclineReason.MEMBER_SUSPENDED, now)
        for listing_id in await self.uow.suspensions.available_listings(user_id):
            if await self.uow.listings.claim_status(listing_id, ListingStatus.AVAILABLE,
                                                    ListingStatus.HIDDEN, now):
                await self.uow.hidden.add(HiddenKind.LISTING, listing_id, user_id,
                                          HideCause.SUSPENSION, now)
                await decline_open_offers(
                    self.uow, product_id=listing_id, now=now,
                    reason=DeclineReason.LISTING_DELETED)
        until = "indefinitely" if days is None else f"for {days} days"
        await record_audit(self.uow, admin, AuditAction.USER_SUSPENDED, "user", user_id,
                           f"{reason} ({until})", self.clock)
        return suspension

