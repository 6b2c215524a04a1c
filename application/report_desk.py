"""What the moderation desk shows of each report group (issue 37; ``docs/trust.md``): what
is reported, named and pictured (``target_label``: a listing's title and cover, a member's
username, a post's caption and picture, a comment's or message's words; one deleted since
still has a name), where to see it in its place (``target_link``: a comment at its place on
its post's page) and a comment's or message's whole words (``target_text``), who reported
it, whether Hide can be done now (``hide_refusal``), and, for a resolved group, whether its
target is still hidden and its owner still suspended, and its outcome as it stands now
(``report_outcome``: "Hidden, restored on Dec 7, 01:57 UTC" once an administrator restored
it, when the audit log says). All of it is read inside the caller's unit of work, with the
page (``ModerationService.reports``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from application.ports import UnitOfWork
from application.suspensions import suspended_now
from domain.accounts import User
from domain.catalog import ListingStatus
from domain.moderation import (
    RESTORED_ACTIONS,
    AuditAction,
    HiddenKind,
    HideCause,
    hide_refusal,
)
from domain.reports import (
    ReportAction,
    ReportGroup,
    ReportStatus,
    ReportTarget,
    group_reports,
    report_outcome,
    target_label,
    target_link,
    target_text,
)

MAX_REPORTS_READ = 1000
HIDE_TARGETS = {ReportTarget.LISTING: HiddenKind.LISTING, ReportTarget.POST: HiddenKind.POST,
                ReportTarget.COMMENT: HiddenKind.COMMENT}


@dataclass(frozen=True)
class ReportGroupView:
    group: ReportGroup
    owner: User | None
    # Now, so a resolved group can be undone: why its listing, post or comment is hidden
    # (None: it is not; a moderator's hiding is restored, a suspension's is lifted with the
    # suspension), whether its owner is suspended.
    target_hidden_cause: HideCause | None = None
    owner_suspended: bool = False
    # What is reported, as the desk names it (``target_label``), and its picture: a
    # thumbnail of a listing's cover or of a post's photo (None: it has none).
    label: str = ""
    picture: str | None = None
    # Where a moderator sees it in its place (``target_link``; None: nowhere, e.g. a
    # message), and a comment's or message's words in full when the label cuts them.
    link: str | None = None
    text: str | None = None
    # Who reported it: each reporter's username (left out: an account since closed).
    reporters: dict[int, str] = field(default_factory=dict)
    # Why Hide cannot be done now (``hide_refusal``; None: it can, or the target is a
    # member or a message, which are never hidden).
    hide_refusal: str | None = None
    # A resolved group's outcome as it stands now (``report_outcome``); None while open.
    outcome: str | None = None
    # The note of that last resolution (None: none was written, or the group is open).
    outcome_note: str | None = None

    @property
    def target_hidden(self) -> bool:
        return self.target_hidden_cause is not None

    @property
    def can_hide(self) -> bool:
        return self.group.target_type in HIDE_TARGETS and self.hide_refusal is None


@dataclass(frozen=True)
class _Subject:
    """A reported listing, post, comment or message as the desk shows it: its words, its
    picture, for a listing its status (whether it can be hidden), for a comment its post."""

    words: str
    picture: str | None = None
    status: ListingStatus | None = None
    post_id: int | None = None


async def report_groups(uow: UnitOfWork, status: ReportStatus, now: datetime
                        ) -> list[ReportGroupView]:
    """The groups of reports with ``status``, oldest target first, inside an open ``uow``."""
    groups = group_reports(await uow.reports.by_status(status, MAX_REPORTS_READ))
    owner_ids = {g.target_owner_id for g in groups}
    people = await uow.users.get_many(
        owner_ids | {r.reporter_id for g in groups for r in g.reports})
    owners = {uid: people[uid] for uid in owner_ids if uid in people}
    reporters = {uid: user.username for uid, user in people.items() if not user.is_closed}
    hidden = {(target, target_id): cause for target, kind in HIDE_TARGETS.items()
              for target_id, cause in (await uow.hidden.causes(
                  kind, _ids(groups, target))).items()}
    subjects = await _subjects(uow, groups)
    suspended = await suspended_now(uow, owner_ids, now)
    undone = {(g.target_type, g.target_id) for g in groups
              if _undone(g, subjects.get((g.target_type, g.target_id)),
                         hidden=(g.target_type, g.target_id) in hidden,
                         suspended=g.target_owner_id in suspended)}
    undone_at = await _undone_at(uow, groups, undone)
    views = []
    for g in groups:
        owner, cause = owners.get(g.target_owner_id), hidden.get((g.target_type, g.target_id))
        subject = subjects.get((g.target_type, g.target_id))
        exists = (owner if g.target_type is ReportTarget.USER else subject) is not None
        done = g.resolution
        views.append(ReportGroupView(
            g, owner, target_hidden_cause=cause,
            owner_suspended=g.target_owner_id in suspended,
            label=target_label(
                g.target_type, g.target_id, subject.words if subject else None,
                username=owner.username if owner and not owner.is_closed else None),
            picture=subject.picture if subject else None,
            link=target_link(g.target_type, g.target_id, exists=exists,
                             post_id=subject.post_id if subject else None),
            text=target_text(g.target_type, subject.words if subject else None),
            reporters={r.reporter_id: reporters[r.reporter_id] for r in g.reports
                       if r.reporter_id in reporters},
            hide_refusal=_hide_refusal(g.target_type, subject, hidden=cause is not None),
            outcome=None if done is None or done.action is None else report_outcome(
                done.action, undone=(g.target_type, g.target_id) in undone,
                undone_at=undone_at.get((g.target_type, g.target_id)), now=now),
            outcome_note=None if done is None or done.action is None else done.note))
    return views


def _undone(group: ReportGroup, subject: _Subject | None, *, hidden: bool,
            suspended: bool) -> bool:
    """What a resolved group did no longer holds: a hiding restored since (its target is
    there and not hidden), a suspension lifted since (its owner is not suspended)."""
    done = group.resolution
    if done is None:
        return False
    if done.action is ReportAction.SUSPEND:
        return not suspended
    return (done.action is ReportAction.HIDE and subject is not None and not hidden
            and subject.status is not ListingStatus.HIDDEN)


async def _undone_at(uow: UnitOfWork, groups: list[ReportGroup],
                     undone: set[tuple[ReportTarget, int]]
                     ) -> dict[tuple[ReportTarget, int], datetime]:
    """When each undone group's action was undone, from the audit log (one read per kind
    of undoing): its target's restoring, its owner's suspension lifted (by an
    administrator or the timers). Left out: one undone before the group's resolution
    (the log does not say when it was undone after it)."""
    wanted: dict[AuditAction, dict[int, list[ReportGroup]]] = {}
    for g in groups:
        if (g.target_type, g.target_id) not in undone or (done := g.resolution) is None:
            continue
        if done.action is ReportAction.SUSPEND:
            action, target_id = AuditAction.USER_UNSUSPENDED, g.target_owner_id
        else:
            action, target_id = RESTORED_ACTIONS[HIDE_TARGETS[g.target_type]], g.target_id
        wanted.setdefault(action, {}).setdefault(target_id, []).append(g)
    found: dict[tuple[ReportTarget, int], datetime] = {}
    for action, by_target in wanted.items():
        for target_id, at in (await uow.audit.last_done(action, list(by_target))).items():
            for g in by_target[target_id]:
                resolved = g.resolution.resolved_at if g.resolution else None
                if resolved is None or at >= resolved:
                    found[g.target_type, g.target_id] = at
    return found


async def _subjects(uow: UnitOfWork, groups: list[ReportGroup]
                    ) -> dict[tuple[ReportTarget, int], _Subject]:
    """What each group's listing, post, comment or message says now, hidden or not, in one
    read per kind (a member is named by its owner)."""
    found: dict[tuple[ReportTarget, int], _Subject] = {}
    for listing_id, listing in (await uow.listings.get_many(
            _ids(groups, ReportTarget.LISTING))).items():
        cover = listing.cover
        found[ReportTarget.LISTING, listing_id] = _Subject(
            listing.title, cover.thumbnail_url if cover else None, listing.status)
    for target in (ReportTarget.POST, ReportTarget.COMMENT, ReportTarget.MESSAGE):
        for target_id, content in (await uow.reports.contents(
                target, _ids(groups, target))).items():
            found[target, target_id] = _Subject(content.words, content.picture,
                                                post_id=content.post_id)
    return found


def _ids(groups: list[ReportGroup], target: ReportTarget) -> list[int]:
    return [g.target_id for g in groups if g.target_type is target]


def _hide_refusal(target: ReportTarget, subject: _Subject | None, *, hidden: bool
                  ) -> str | None:
    kind = HIDE_TARGETS.get(target)
    if kind is None:
        return None
    return hide_refusal(kind, exists=subject is not None, hidden=hidden,
                        status=subject.status if subject else None)
