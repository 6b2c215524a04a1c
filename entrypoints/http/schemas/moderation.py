"""The request and response Structs of ``entrypoints/http/moderation.py``: the moderation desk and
the audit log."""

from __future__ import annotations

from datetime import datetime

from domain.moderation import (
    NOTE_MAX,
    REASON_MAX,
    SUSPENSION_DAYS_MAX,
    HideCause,
    Suspension,
)
from domain.reports import ReportAction
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct
from entrypoints.http.schemas.users import UserOut


@describe(required=["action"], fields={"action": {"enum": [a.value for a in ReportAction]},
                                       "note": {"maxLength": NOTE_MAX},
                                       "days": {"minimum": 1,
                                                "maximum": SUSPENSION_DAYS_MAX}})
class ResolveIn(CamelStruct):
    action: str | None = None
    note: str | None = None
    #: With ``suspend``: how many days the suspension lasts (absent or null: until lifted).
    days: int | None = None


@describe(fields={"note": {"maxLength": NOTE_MAX}})
class NoteIn(CamelStruct):
    note: str | None = None


@describe(required=["reason"], fields={"reason": {"minLength": 1, "maxLength": REASON_MAX},
                                       "days": {"minimum": 1,
                                                "maximum": SUSPENSION_DAYS_MAX}})
class SuspendIn(CamelStruct):
    reason: str | None = None
    days: int | None = None


class ReportItemOut(CamelStruct):
    id: int
    reporter_id: int
    #: Who reported (null: an account since closed).
    reporter_username: str | None
    reason: str
    details: str
    created_at: datetime
    action: str | None
    #: What the desk did, as a person reads it ("Dismissed", "Hidden", "Member suspended").
    action_label: str | None
    note: str | None


@describe(fields={"targetHiddenCause": {"enum": [cause.value for cause in HideCause]}})
class ReportGroupOut(CamelStruct):
    id: int
    target_type: str
    target_id: int
    #: What is reported, named for the desk: ``Listing “Wool coat”``, ``Member @maya``,
    #: ``Style post “…”``, ``Comment “…”``, ``Message “…”``; one deleted since (or a closed
    #: account) says so, e.g. ``Listing #24 (deleted)``.
    target_label: str
    #: A thumbnail of the listing's cover or the post's picture (null: none).
    target_image: str | None
    #: Where to see it in its place: the listing's page, the member's profile, the post's
    #: page, a comment on its post's page at the comment (``/post/3#comment-9``); null for
    #: a message (no page shows a conversation to anyone outside it: ``targetText`` and the
    #: owner, its sender, stand in) and for what no longer exists.
    target_link: str | None
    #: A comment's or message's words in full when ``targetLabel`` quotes only their start
    #: (null otherwise).
    target_text: str | None
    #: Hide can be done now (a listing, post or comment that exists, is not hidden yet and,
    #: for a listing, is available); false for members and messages.
    can_hide: bool
    #: Why a listing, post or comment cannot be hidden now (null when it can, and for
    #: members and messages).
    hide_why_not: str | None
    owner: UserOut | None
    count: int
    reasons: dict[str, int]
    reports: list[ReportItemOut]
    #: Now: the listing, post or comment is hidden (a resolved group offers Restore).
    target_hidden: bool
    #: Why it is hidden now: ``moderator`` (Restore undoes it) or ``suspension`` (its owner
    #: is suspended: it comes back with the suspension's end, and Restore is refused); null
    #: when it is not hidden.
    target_hidden_cause: str | None
    #: Now: the owner is suspended (a resolved group offers Unsuspend).
    owner_suspended: bool
    #: A resolved group: what the desk did, as it stands now: ``Dismissed``, ``Hidden``,
    #: ``Member suspended``, or once undone ``Hidden, restored on Dec 7, 01:57 UTC`` /
    #: ``Member suspended, lifted on …`` (``…, since restored`` when the audit log does not
    #: say when). Null for an open group.
    outcome: str | None
    #: The note of the resolution that outcome comes from (a target reported again after a
    #: resolution is resolved again: the last one's). Null: no note, or an open group.
    outcome_note: str | None


class SuspensionOut(CamelStruct):
    user_id: int
    reason: str
    #: When it ends (null: until an administrator lifts it).
    ends_at: datetime | None


class ResolvedOut(CamelStruct):
    resolved: int
    #: With ``suspend``: the suspension made (whose, until when), for the desk's toast;
    #: null for the other actions.
    suspension: SuspensionOut | None


def suspension_out(suspension: Suspension) -> SuspensionOut:
    return SuspensionOut(user_id=suspension.user_id, reason=suspension.reason,
                         ends_at=suspension.ends_at)


class AuditEntryOut(CamelStruct):
    id: int
    admin_id: int | None
    # Who that administrator is (null for the operator at a terminal, or an account since
    # deleted).
    admin_username: str | None
    action: str
    target_type: str
    target_id: int
    #: What the target is, for people: the desk's name for a listing, member, style post or
    #: comment (``Listing “Wool coat”``, ``Member @maya``), ``Order 42-K3Z0QF``, ``Report #4
    #: about listing “Wool coat”``, ``Dispute on order 42-K3Z0QF``; one gone since says so
    #: (``Style post #8 (deleted)``).
    target_label: str
    #: Where to see the target in its place, as the desk links it: a listing, a member's
    #: profile, a style post, a comment at its place on its post's page
    #: (``/post/3#comment-9``); null for an order, a report or a dispute, and for a target
    #: that no longer exists.
    target_link: str | None
    note: str
    created_at: datetime


class AuditPageOut(CamelStruct):
    items: list[AuditEntryOut]
    next_cursor: str | None
