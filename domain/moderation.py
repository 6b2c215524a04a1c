"""Blocks, suspensions, hidden content and the audit log (issue 37). No I/O, no clock.

- **Block**: either member blocking the other stops messages, offers, follows and orders
  between them (403 :data:`BLOCKED`), and hides each one's listings, posts and comments from
  the other. Blocking is one-sided to make and to undo; its effect is two-sided.
- **Suspension**: an administrator suspends a member for some days or until lifted. While it
  runs the member cannot log in (403 with the reason and the end date), their sessions are
  ended and their listings leave the shop. A timed one ends by itself (:meth:`Suspension.ended`):
  the order timers' sweep lifts it the way an administrator does, listings included. No
  order is placed and no offer accepted with a member whose suspension is running
  (:func:`ensure_not_suspended`).
- **Hidden content**: a hidden listing, post or comment answers 404 to everyone but its owner
  and administrators; a moderator's reason is kept with it, for those two only. An
  administrator restores what a moderator hid (:data:`HIDDEN_ACTIONS`,
  :data:`RESTORED_ACTIONS`); what its owner's suspension hid comes back only with the
  suspension's end (:func:`ensure_restorable`). Its owner is told both ways, with the reason
  (:func:`owner_notice`); a hiding by a suspension is not.
- **Audit**: every administrator action is an entry (who, what, target, note, when) that no
  route edits or deletes.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from domain._labels import LabelledStrEnum
from domain.catalog import ListingStatus
from domain.errors import Conflict, Forbidden
from domain.notifications import excerpt
from domain.text import format_moment
from domain.validation._rules import FieldErrors, clean

BLOCKED = "You can't interact with this member"
CANNOT_BLOCK_SELF = "You cannot block yourself"
SUSPENSION_DAYS_MAX = 3650
REASON_MAX = 500
NOTE_MAX = 1000
# The audit note of a timed suspension lifted by the timers' sweep (no administrator).
SUSPENSION_ENDED = "The suspension's time ran out"


@dataclass(frozen=True)
class Block:
    blocker_id: int
    blocked_id: int
    created_at: datetime


def blocks_between(blocks: frozenset[tuple[int, int]], a: int, b: int) -> bool:
    """Whether ``a`` and ``b`` may not interact: either blocked the other."""
    return (a, b) in blocks or (b, a) in blocks


class HiddenKind(LabelledStrEnum):
    LISTING = "listing", "Listing"
    POST = "post", "Style post"
    COMMENT = "comment", "Comment"


class HideCause(LabelledStrEnum):
    """Why content is hidden: by a moderator, or because its owner is suspended (lifted
    again with the suspension)."""

    MODERATOR = "moderator", "Hidden by a moderator"
    SUSPENSION = "suspension", "Owner suspended"


@dataclass(frozen=True)
class Hiding:
    """Why a listing, post or comment is hidden: by a moderator (with their reason, which
    only its owner and administrators read) or by its owner's suspension (no reason)."""

    cause: HideCause
    reason: str | None = None


# Who owns each kind, as a refusal names them.
_OWNER = {HiddenKind.LISTING: "seller", HiddenKind.POST: "author",
          HiddenKind.COMMENT: "author"}


def not_hidden(kind: HiddenKind) -> str:
    """The 409 of a restore of something not hidden: "This listing is not hidden."."""
    return f"This {kind.label.lower()} is not hidden."


def hide_refusal(kind: HiddenKind, *, exists: bool, hidden: bool,
                 status: ListingStatus | None = None) -> str | None:
    """Why a moderator cannot hide this listing, post or comment now (None: they can): it
    no longer exists, it is already hidden, or a listing is not available (one in an order
    in progress, or sold, stays where its buyer needs it). ``status``: a listing's. The 409
    of a refused hide, and what the desk says in place of its Hide button."""
    if not exists:
        return f"This {kind.label.lower()} no longer exists."
    if hidden or status is ListingStatus.HIDDEN:
        return f"This {kind.label.lower()} is already hidden."
    if status is None or status is ListingStatus.AVAILABLE:
        return None
    now = ("reserved for a buyer" if status is ListingStatus.RESERVED
           else status.label.lower())
    return f"Only an available listing can be hidden: this one is {now}."


def hidden_by_suspension(kind: HiddenKind) -> str:
    """The 409 of a restore of something its owner's suspension hid."""
    return (f"This {kind.label.lower()} is hidden while its {_OWNER[kind]} is suspended: "
            "lift the suspension to bring it back.")


def seller_suspended(kind: HiddenKind) -> str:
    """The 409 of a restore of a listing a moderator hid, while its seller is suspended."""
    return (f"This {kind.label.lower()}'s {_OWNER[kind]} is suspended: restore it once the "
            "suspension is lifted.")


def seller_closed(kind: HiddenKind) -> str:
    """The 409 of a restore of a listing whose seller has closed their account."""
    return (f"This {kind.label.lower()}'s {_OWNER[kind]} has closed their account: it cannot "
            "come back to the shop.")


def ensure_restorable(kind: HiddenKind, hiding: Hiding | None, *,
                      owner_suspended: bool = False, owner_closed: bool = False) -> None:
    """An administrator restores only what a moderator hid: 409 :func:`not_hidden` when it
    is not hidden (``hiding`` None), 409 :func:`hidden_by_suspension` when its owner's
    suspension hid it (lifting the suspension brings it back, and restoring it would put it
    back in the shop, or the feed, while the suspension stands), 409
    :func:`seller_suspended` for a listing a moderator hid whose seller is suspended now (a
    suspension keeps every listing of theirs out of the shop), and 409
    :func:`seller_closed` for a listing whose seller has closed their account (closing takes
    their shop down for good: no one is left to sell it). A closed member's posts and
    comments stay, so a moderator's hiding of them can still be undone."""
    if hiding is None:
        raise Conflict(not_hidden(kind))
    if hiding.cause is HideCause.SUSPENSION:
        raise Conflict(hidden_by_suspension(kind))
    if kind is HiddenKind.LISTING and owner_closed:
        raise Conflict(seller_closed(kind))
    if owner_suspended and kind is HiddenKind.LISTING:
        raise Conflict(seller_suspended(kind))


@dataclass
class Suspension:
    user_id: int
    reason: str
    created_at: datetime
    ends_at: datetime | None
    created_by: int | None = None

    def active(self, now: datetime) -> bool:
        return self.ends_at is None or now < self.ends_at

    def ended(self, now: datetime) -> bool:
        """A timed suspension whose end has come: the timers' sweep lifts it as an
        administrator would (an open-ended one never ends by itself)."""
        return not self.active(now)

    def login_refusal(self, now: datetime | None = None) -> str:
        """Why a sign-in is refused, and until when (``format_moment``, the year left out
        when it is ``now``'s)."""
        until = ("until further notice" if self.ends_at is None
                 else f"until {format_moment(self.ends_at, now)}")
        return f"Your account is suspended {until}. Reason: {self.reason}"


ACCOUNT_SUSPENDED = "Your account is suspended."
SELLER_SUSPENDED = "The seller's account is suspended, so this item cannot be bought now."
OFFER_PARTY_SUSPENDED = "This member's account is suspended, so you can't trade with them now."


def ensure_not_suspended(actor_id: int, suspended: Collection[int], refusal: str) -> None:
    """No trade with a suspended member: 403 when the actor's own suspension is running
    (a session that outlived it), 409 ``refusal`` when the other party's is. ``suspended``:
    the parties whose suspension is active now."""
    if actor_id in suspended:
        raise Forbidden(ACCOUNT_SUSPENDED)
    if suspended:
        raise Conflict(refusal)


def suspension_ends(now: datetime, days: int | None) -> datetime | None:
    return None if days is None else now + timedelta(days=days)


def validate_suspension(reason: str | None, days: int | None) -> dict[str, str]:
    errors = FieldErrors()
    text = clean(reason)
    if not text:
        errors.add("reason", "Please give a reason")
    elif len(text) > REASON_MAX:
        errors.add("reason", f"Reason must be less than {REASON_MAX} characters")
    return {**errors.result(), **validate_suspension_days(days)}


def validate_suspension_days(days: int | None) -> dict[str, str]:
    """A suspension lasts 1 to :data:`SUSPENSION_DAYS_MAX` days, or (None) until lifted."""
    if days is not None and not 1 <= days <= SUSPENSION_DAYS_MAX:
        return {"days": f"Days must be between 1 and {SUSPENSION_DAYS_MAX}"}
    return {}


def validate_note(note: str | None) -> dict[str, str]:
    if len(clean(note)) > NOTE_MAX:
        return {"note": f"Note must be less than {NOTE_MAX} characters"}
    return {}


class AuditAction(LabelledStrEnum):
    PAYMENT_CONFIRMED = "payment_confirmed", "Payment confirmed"
    ADDRESS_EDITED = "address_edited", "Address edited"
    REPORT_RESOLVED = "report_resolved", "Report resolved"
    LISTING_HIDDEN = "listing_hidden", "Listing hidden"
    LISTING_RESTORED = "listing_restored", "Listing restored"
    POST_HIDDEN = "post_hidden", "Post hidden"
    POST_RESTORED = "post_restored", "Post restored"
    COMMENT_HIDDEN = "comment_hidden", "Comment hidden"
    COMMENT_RESTORED = "comment_restored", "Comment restored"
    USER_SUSPENDED = "user_suspended", "Member suspended"
    USER_UNSUSPENDED = "user_unsuspended", "Member unsuspended"
    DISPUTE_RESOLVED = "dispute_resolved", "Dispute resolved"
    ADMIN_GRANTED = "admin_granted", "Admin granted"
    ADMIN_REVOKED = "admin_revoked", "Admin revoked"


# The audit entry of a moderator hiding, and of an administrator restoring, each kind.
HIDDEN_ACTIONS = {HiddenKind.LISTING: AuditAction.LISTING_HIDDEN,
                  HiddenKind.POST: AuditAction.POST_HIDDEN,
                  HiddenKind.COMMENT: AuditAction.COMMENT_HIDDEN}
RESTORED_ACTIONS = {HiddenKind.LISTING: AuditAction.LISTING_RESTORED,
                    HiddenKind.POST: AuditAction.POST_RESTORED,
                    HiddenKind.COMMENT: AuditAction.COMMENT_RESTORED}


# The notice kinds that tell an owner a moderator hid, or an administrator restored, each kind.
HIDDEN_NOTICES = {HiddenKind.LISTING: "listing_hidden", HiddenKind.POST: "post_hidden",
                  HiddenKind.COMMENT: "comment_hidden"}
RESTORED_NOTICES = {HiddenKind.LISTING: "listing_restored", HiddenKind.POST: "post_restored",
                    HiddenKind.COMMENT: "comment_restored"}
#: How much of a listing's title, a post's caption or a comment a notice quotes.
QUOTE_MAX = 60
# What a hiding means for each kind; where a restored one is back, and what that means.
_HIDDEN_MEANS = {
    HiddenKind.LISTING: "It is out of the shop and search, and its open offers were declined.",
    HiddenKind.POST: "It is out of the feed: only you and our moderators can see it now.",
    HiddenKind.COMMENT: "Only you and our moderators can read it on the style post now.",
}
_BACK = {
    HiddenKind.LISTING: ("back in the shop",
                         "A moderator restored it: buyers can find it and buy it again."),
    HiddenKind.POST: ("back", "A moderator restored it: everyone can see it again."),
    HiddenKind.COMMENT: ("back", "A moderator restored it: everyone can read it on the style "
                                 "post again."),
}


@dataclass(frozen=True)
class OwnerNotice:
    kind: str
    title: str
    body: str


def owner_notice(kind: HiddenKind, text: str, *, hidden: bool, reason: str | None
                 ) -> OwnerNotice:
    """What the owner of a listing, post or comment is told when a moderator hides it (with
    the reason, when there is one) or an administrator restores it. ``text``: its title,
    caption or words, quoted short (:data:`QUOTE_MAX`; an empty caption is not quoted)."""
    quote = excerpt(text, QUOTE_MAX)
    what = f"your {kind.label.lower()}" + (f" “{quote}”" if quote else "")
    if not hidden:
        where, body = _BACK[kind]
        return OwnerNotice(RESTORED_NOTICES[kind], f"{what[0].upper()}{what[1:]} is {where}",
                           body)
    why = "" if not reason else f"Reason: {reason}" + ("" if reason[-1] in ".!?" else ".") + " "
    return OwnerNotice(HIDDEN_NOTICES[kind], f"A moderator hid {what}",
                       f"{why}{_HIDDEN_MEANS[kind]} Contact us if you think this is a mistake.")


@dataclass
class AuditEntry:
    admin_id: int | None  # None: the operator at a terminal (the CLI) or a timer
    action: AuditAction
    target_type: str
    target_id: int
    note: str
    created_at: datetime
    id: int | None = None


def record_label(target_type: str, target_id: int, *, order_number: str | None = None,
                 about: str | None = None) -> str:
    """What the audit log calls an order, a report or a dispute (a listing, member, post or
    comment is named by the desk's rule, ``domain.reports.target_label``): ``Order 42-K3Z0QF``
    (``order_number``: its number), ``Report #4 about listing “Wool coat”`` (``about``: the
    desk's label of what was reported), ``Dispute on order 42-K3Z0QF`` (``order_number``:
    the disputed order's). Without them it is gone: ``Order #12 (deleted)``. Another type is
    named by its type and id."""
    if target_type == "report":
        return (f"Report #{target_id} (deleted)" if about is None
                else f"Report #{target_id} about {about[:1].lower()}{about[1:]}")
    if target_type in ("order", "dispute"):
        if order_number is None:
            return f"{target_type.capitalize()} #{target_id} (deleted)"
        return (f"Order {order_number}" if target_type == "order"
                else f"Dispute on order {order_number}")
    return f"{target_type.capitalize()} #{target_id}"
