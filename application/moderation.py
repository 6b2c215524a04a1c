"""The moderation desk (issue 37): open reports grouped by target (what each shows:
``application/report_desk.py``) and resolved with one action; hiding and restoring
listings, posts and comments (a moderator's reason is kept with the hidden row: a hidden
listing's page shows it to its seller and administrators, ``CatalogService.get``, and its
owner is told both ways, ``_tell_owner``); suspending and lifting suspensions.
Administrators only; every action is written to the audit log in its own transaction
(``application/audit.py``).

A hidden listing moves to the listing status ``hidden`` (``domain/listings.py``): search,
the shop and checkout all show only available listings, so nothing else filters it. A
suspension ends the member's sessions, closes their own open offers, ends every unused
reservation of an accepted offer for or from them (``member_suspended``; the other party's
listing is back in the shop), hides their available listings (cause ``suspension``,
restored when the suspension is lifted, never by an administrator's ``restore``) and
declines the open offers on them. While it runs no order is placed and no offer accepted
with them (``application/suspensions.py``).
A timed suspension is lifted the same way when its end has passed, by the order timers'
sweep (``application/order_timers.py``, :meth:`ModerationService.end_suspension`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from application.account_closure import account_closed
from application.account_sessions import sessions_ended
from application.audit import record_audit
from application.notifications import notify
from application.offer_endings import close_own_offers, end_reservations
from application.offers import decline_open_offers
from application.ports import Clock, UnitOfWork
from application.posts import post_shown
from application.report_desk import HIDE_TARGETS, ReportGroupView, report_groups
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
    Hiding,
    Suspension,
    ensure_restorable,
    hide_refusal,
    not_hidden,
    owner_notice,
    suspension_ends,
    validate_note,
    validate_suspension,
    validate_suspension_days,
)
from domain.offers import DeclineReason
from domain.reports import ReportAction, ReportStatus, suspension_reason
from domain.text import count_of
from domain.validation._rules import clean

NOT_HIDEABLE = "Only an available listing can be hidden."


@dataclass(frozen=True)
class _Target:
    """A listing, post or comment a moderator hides or restores: its owner, the words its
    owner's notice quotes (title, caption or comment), the page it is on (a comment's: its
    post's; None when its owner cannot open that page) and, for a listing, its status."""

    owner_id: int
    text: str
    link: str | None
    status: ListingStatus | None = None


@dataclass(frozen=True)
class Resolution:
    """What one action on a report did: how many reports it resolved and, when it
    suspended the owner, the suspension (who, until when), for the desk to say."""

    count: int
    suspension: Suspension | None = None


class ModerationService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    # -- reports -----------------------------------------------------------------------

    async def reports(self, admin: User | None, status: str | None = None
                      ) -> list[ReportGroupView]:
        """Reports grouped by target, oldest target first (``admin`` None: the CLI), each
        with what it is about and who reported it, read in one unit of work."""
        if admin is not None:
            admin.ensure_admin()
        wanted = ReportStatus.parse(status or "open")
        if wanted is None:
            raise ValidationError({"status": "Status must be open or resolved"})
        async with self.uow:
            return await report_groups(self.uow, wanted, self.clock.now())

    async def resolve_report(self, admin: User | None, report_id: int, action: str | None,
                             note: str | None, days: int | None = None) -> Resolution:
        """Resolve every open report of the report's target: how many were resolved, and
        the suspension made. ``days``: how long a suspension lasts (None: until lifted;
        only with ``suspend``)."""
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
            suspension = None
            if chosen is ReportAction.HIDE:
                kind = HIDE_TARGETS.get(report.target_type)
                if kind is None:
                    raise ValidationError({"action": "Only listings, posts and comments can "
                                                     "be hidden; suspend the member instead"})
                await self._hide(admin, kind, report.target_id, note,
                                 reason=clean(note) or report.reason.label)
            elif chosen is ReportAction.SUSPEND:
                suspension = await self._suspend(
                    admin, report.target_owner_id,
                    clean(note) or suspension_reason(report.reason), days)
            count = await self.uow.reports.resolve_target(
                report.target_type, report.target_id, chosen, clean(note),
                admin.id if admin else None, self.clock.now())
            await record_audit(self.uow, admin, AuditAction.REPORT_RESOLVED, "report",
                               report_id, f"{chosen.value}: {clean(note)}".rstrip(": "),
                               self.clock)
            await self.uow.commit()
        return Resolution(count, suspension)

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
        """Undo a moderator's hiding: 404 when there is no such listing, post or comment,
        409 when it is not hidden, its owner's suspension hid it (it comes back when the
        suspension is lifted or ends) or its seller has closed their account
        (``ensure_restorable``); audited (``RESTORED_ACTIONS``)."""
        if admin is not None:
            admin.ensure_admin()
        require_valid(validate_note(note))
        now = self.clock.now()
        async with self.uow:
            target = await self._target(kind, target_id)
            hiding = await self._hiding(kind, target_id, target)
            hidden = hiding is not None
            ensure_restorable(
                kind, hiding,
                owner_closed=hidden and await account_closed(self.uow, target.owner_id),
                owner_suspended=hidden and await self._suspended(target.owner_id, now))
            if kind is HiddenKind.LISTING and not await self.uow.listings.claim_status(
                    target_id, ListingStatus.HIDDEN, ListingStatus.AVAILABLE, now):
                raise Conflict(not_hidden(kind))  # restored by someone else meanwhile
            await self.uow.hidden.remove(kind, target_id)
            await self._tell_owner(kind, target, hidden=False, reason=None)
            await record_audit(self.uow, admin, RESTORED_ACTIONS[kind], kind.value, target_id,
                               note, self.clock)
            await self.uow.commit()

    async def _suspended(self, user_id: int, now: datetime) -> bool:
        suspension = await self.uow.suspensions.get(user_id)
        return suspension is not None and suspension.active(now)

    async def _hiding(self, kind: HiddenKind, target_id: int, target: _Target
                      ) -> Hiding | None:
        """Why it is hidden (None: it is not). A listing's status says whether it is
        hidden; one hidden with no row (a closed account's listings, which
        ``ensure_restorable`` then refuses) counts as a moderator's."""
        if target.status is None:
            return await self.uow.hidden.hiding(kind, target_id)
        if target.status is not ListingStatus.HIDDEN:
            return None
        return await self.uow.hidden.hiding(kind, target_id) or Hiding(HideCause.MODERATOR)

    async def _hide(self, admin: User | None, kind: HiddenKind, target_id: int,
                    note: str | None, cause: HideCause = HideCause.MODERATOR,
                    reason: str | None = None) -> None:
        """``reason``: why, as kept with the hidden row (its owner and administrators read
        it: ``hidden.hiding``) and told to its owner; by default the note."""
        now = self.clock.now()
        target = await self._target(kind, target_id)
        owner = target.owner_id
        why = (reason or clean(note) or None) if cause is HideCause.MODERATOR else None
        if kind is HiddenKind.LISTING:
            if not await self.uow.listings.claim_status(
                    target_id, ListingStatus.AVAILABLE, ListingStatus.HIDDEN, now):
                listing = await self.uow.listings.get(target_id)
                raise Conflict(hide_refusal(
                    kind, exists=listing is not None, hidden=False,
                    status=listing.status if listing else None) or NOT_HIDEABLE)
            await decline_open_offers(
                self.uow, product_id=target_id, now=now, reason=DeclineReason.LISTING_DELETED)
            await self.uow.hidden.add(kind, target_id, owner, cause, now, reason=why)
        elif not await self.uow.hidden.add(kind, target_id, owner, cause, now, reason=why):
            raise Conflict(f"This {kind.label.lower()} is already hidden.")
        if cause is HideCause.MODERATOR:
            await self._tell_owner(kind, target, hidden=True, reason=why)
            await record_audit(self.uow, admin, HIDDEN_ACTIONS[kind], kind.value, target_id,
                               note, self.clock)

    async def _tell_owner(self, kind: HiddenKind, target: _Target, *, hidden: bool,
                          reason: str | None) -> None:
        """A notice (and so an email, ``domain/notification_mail.py``) to the owner of a
        listing, post or comment a moderator hid (with the reason) or an administrator
        restored, inside the transaction; its words are ``owner_notice``'s."""
        notice = owner_notice(kind, target.text, hidden=hidden, reason=reason)
        await notify(self.uow, user_id=target.owner_id, kind=notice.kind, title=notice.title,
                     body=notice.body, link=target.link, now=self.clock.now())

    async def _target(self, kind: HiddenKind, target_id: int) -> _Target:
        """The listing, post or comment as hiding and restoring need it, read once; 404
        when there is none."""
        if kind is HiddenKind.LISTING:
            listing = await self.uow.listings.get(target_id)
            if listing is None:
                raise NotFound("Product not found")
            return _Target(listing.seller_id, listing.title, f"/product/{target_id}",
                           listing.status)
        if kind is HiddenKind.POST:
            post = await self.uow.posts.get(target_id)
            if post is None:
                raise NotFound(f"{kind.label} not found")
            return _Target(post.user_id, post.content, f"/post/{target_id}")
        comment = await self.uow.comments.get(target_id)
        if comment is None:
            raise NotFound(f"{kind.label} not found")
        # The commenter's notice links to the post only if they can open it (a hidden
        # post's page answers 404 to all but its author and administrators).
        post = await self.uow.posts.get(comment.post_id)
        readable = post is not None and await post_shown(
            self.uow, post, await self.uow.users.get(comment.user_id))
        return _Target(comment.user_id, comment.content,
                       f"/post/{comment.post_id}" if readable else None)

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
        until = "indefinitely" if days is None else f"for {count_of(days, 'day')}"
        await record_audit(self.uow, admin, AuditAction.USER_SUSPENDED, "user", user_id,
                           f"{reason} ({until})", self.clock)
        return suspension

