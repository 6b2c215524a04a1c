"""Reports (issue 37): a member flags a listing, a person, a style post, a comment or a
message for the moderation desk. No I/O, no clock.

Rules: the target type and the reason are from fixed lists; details are optional and at most
:data:`DETAILS_MAX` characters; a member cannot report themselves or what they own (400);
reporting the same target twice is a conflict (409, settled by a unique index).
The desk groups open reports by target and resolves them all at once with one action.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from domain._labels import LabelledStrEnum
from domain.notifications import excerpt
from domain.text import format_moment
from domain.validation._rules import FieldErrors, clean

DETAILS_MAX = 1000
ALREADY_REPORTED = "You have already reported this"
OWN_TARGET = "You cannot report yourself or your own content"
#: How much of a reported listing's title, post's caption, comment or message the desk quotes.
LABEL_QUOTE_MAX = 60


class ReportTarget(LabelledStrEnum):
    LISTING = "listing", "Listing"
    USER = "user", "Member"
    POST = "post", "Style post"
    COMMENT = "comment", "Comment"
    MESSAGE = "message", "Message"


class ReportReason(LabelledStrEnum):
    COUNTERFEIT = "counterfeit", "Counterfeit"
    PROHIBITED = "prohibited", "Prohibited item"
    OFFENSIVE = "offensive", "Offensive"
    HARASSMENT = "harassment", "Harassment"
    SPAM = "spam", "Spam"
    SCAM = "scam", "Scam or fraud"
    OTHER = "other", "Something else"


class ReportStatus(LabelledStrEnum):
    OPEN = "open", "Open"
    RESOLVED = "resolved", "Resolved"


class ReportAction(LabelledStrEnum):
    """What the desk did about a target: nothing, hide the content, suspend its owner."""

    DISMISS = "dismiss", "Dismissed"
    HIDE = "hide", "Hidden"
    SUSPEND = "suspend", "Member suspended"


# How an action the desk took is undone since: a hiding restored, a suspension lifted
# (by an administrator, or its time ran out). Dismissing leaves nothing to undo.
UNDONE = {ReportAction.HIDE: "restored", ReportAction.SUSPEND: "lifted"}


def report_outcome(action: ReportAction, *, undone: bool, undone_at: datetime | None,
                   now: datetime) -> str:
    """What the desk did about a resolved group, and whether it still holds, as the desk
    says it: "Dismissed", "Hidden", "Member suspended" while it holds; once undone,
    "Hidden, restored on Dec 7, 01:57 UTC" or "Member suspended, lifted on …" (``undone_at``,
    said as ``format_moment`` says a moment), or "…, since restored" when that moment is
    not known."""
    verb = UNDONE.get(action)
    if verb is None or not undone:
        return action.label
    if undone_at is None:
        return f"{action.label}, since {verb}"
    return f"{action.label}, {verb} on {format_moment(undone_at, now)}"


# What a member was reported for, as the reason of a suspension the desk makes without a
# note (the member reads it when a sign-in is refused).
_SUSPENDED_FOR = {
    ReportReason.COUNTERFEIT: "selling counterfeit items",
    ReportReason.PROHIBITED: "selling prohibited items",
    ReportReason.OFFENSIVE: "offensive content",
    ReportReason.HARASSMENT: "harassment",
    ReportReason.SPAM: "spam",
    ReportReason.SCAM: "scam or fraud",
}


def suspension_reason(reason: ReportReason) -> str:
    """The reason of a suspension decided on a report with no note: a sentence, such as
    "Reported by other members for harassment." (``Suspension.login_refusal`` quotes it)."""
    what = _SUSPENDED_FOR.get(reason)
    return "Reported by other members." if what is None else (
        f"Reported by other members for {what}.")


def target_label(target: ReportTarget, target_id: int, words: str | None, *,
                 username: str | None = None) -> str:
    """What the desk calls a reported target: ``Listing “Wool coat”``, ``Member @maya``,
    ``Style post “Autumn layers”``, ``Comment “…”``, ``Message “…”``, quoted with
    :func:`excerpt`. ``words``: the listing's title, the post's caption, the comment's or
    message's text; None when it no longer exists. For a member, ``username`` (None: the
    account is closed or gone)."""
    if target is ReportTarget.USER:
        return (f"Member @{username}" if username
                else f"Member #{target_id} (account closed)")
    if words is None:
        return f"{target.label} #{target_id} (deleted)"
    quote = excerpt(words, LABEL_QUOTE_MAX)
    if not quote:
        return f"{target.label} #{target_id} (no caption)"
    return f"{target.label} “{quote}”"


def target_link(target: ReportTarget, target_id: int, *, exists: bool,
                post_id: int | None = None) -> str | None:
    """Where the desk's moderator sees a reported target in its place: a listing's page, a
    member's profile, a style post's page, a comment on its post's page at the comment
    (``/post/3#comment-9``, ``post_id``: the post it is on). None for what no longer exists,
    and for a message: no page shows a conversation to anyone outside it, administrators
    included, so the desk quotes the message (:func:`target_text`) and names its sender."""
    if not exists:
        return None
    if target is ReportTarget.COMMENT:
        return None if post_id is None else f"/post/{post_id}#comment-{target_id}"
    page = {ReportTarget.LISTING: "/product", ReportTarget.USER: "/profile",
            ReportTarget.POST: "/post"}.get(target)
    return None if page is None else f"{page}/{target_id}"


def target_text(target: ReportTarget, words: str | None) -> str | None:
    """A comment's or message's words in full, when the quote of its label
    (:func:`target_label`) leaves some out; None otherwise and for other targets."""
    if target not in (ReportTarget.COMMENT, ReportTarget.MESSAGE) or words is None:
        return None
    whole = " ".join(words.split())
    return None if excerpt(words, LABEL_QUOTE_MAX) == whole else words.strip()


@dataclass(frozen=True)
class ReportForm:
    target_type: str | None
    target_id: int | None
    reason: str | None
    details: str | None = None


@dataclass(frozen=True)
class CleanReport:
    target_type: ReportTarget
    target_id: int
    reason: ReportReason
    details: str


@dataclass
class Report:
    reporter_id: int
    target_type: ReportTarget
    target_id: int
    target_owner_id: int
    reason: ReportReason
    details: str
    created_at: datetime
    status: ReportStatus = ReportStatus.OPEN
    action: ReportAction | None = None
    note: str | None = None
    resolved_by: int | None = None
    resolved_at: datetime | None = None
    id: int | None = None


def validate_report(form: ReportForm) -> tuple[CleanReport | None, dict[str, str]]:
    """The cleaned report, or every field's message."""
    errors = FieldErrors()
    target = ReportTarget.parse(form.target_type)
    if target is None:
        choices = ", ".join(t.value for t in ReportTarget)
        errors.add("targetType", f"Please choose what you are reporting ({choices})")
    if form.target_id is None or form.target_id < 1:
        errors.add("targetId", "Please say which item you are reporting")
    reason = ReportReason.parse(form.reason)
    if reason is None:
        errors.add("reason", "Please choose a reason")
    details = clean(form.details)
    if len(details) > DETAILS_MAX:
        errors.add("details", f"Details must be less than {DETAILS_MAX} characters")
    found = errors.result()
    if found or target is None or reason is None or form.target_id is None:
        return None, found
    return CleanReport(target, form.target_id, reason, details), {}


def is_own_target(reporter_id: int, owner_id: int) -> bool:
    """Reporting yourself or your own listing, post, comment or message is refused."""
    return reporter_id == owner_id


@dataclass(frozen=True)
class ReportGroup:
    """The open (or resolved) reports about one target, as the desk shows them."""

    target_type: ReportTarget
    target_id: int
    target_owner_id: int
    reports: tuple[Report, ...]

    @property
    def count(self) -> int:
        return len(self.reports)

    @property
    def reasons(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for report in self.reports:
            counts[report.reason.value] = counts.get(report.reason.value, 0) + 1
        return counts

    @property
    def first_id(self) -> int:
        return min(r.id or 0 for r in self.reports)

    @property
    def resolution(self) -> Report | None:
        """The report resolved last (a target reported again after a resolution is resolved
        again): what the desk did most recently. None while none is resolved."""
        done = [(r.resolved_at, r.id or 0, r) for r in self.reports
                if r.action is not None and r.resolved_at is not None]
        return max(done, key=lambda d: d[:2])[2] if done else None


def group_reports(reports: list[Report]) -> list[ReportGroup]:
    """One group per target, in the order each target was first reported (oldest first)."""
    groups: dict[tuple[ReportTarget, int], list[Report]] = {}
    for report in sorted(reports, key=lambda r: (r.created_at, r.id or 0)):
        groups.setdefault((report.target_type, report.target_id), []).append(report)
    return [ReportGroup(kind, target_id, items[0].target_owner_id, tuple(items))
            for (kind, target_id), items in groups.items()]
