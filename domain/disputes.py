"""Disputes: buyer protection that can be claimed (issue 37). No I/O, no clock.

The buyer of an order claims it while the order is ``delivered`` and inside the 3-day
protection window (:data:`domain.order_rules.BUYER_PROTECTION`; a delivered order with no
known delivery time is refused, never disputable forever), or, for ``not_received``,
while it is ``shipped`` and was shipped more than :data:`NOT_RECEIVED_AFTER` ago. The order
becomes ``disputed``: the automatic completion (which only looks at delivered orders) stops.
The seller answers, once or more; an administrator resolves it: ``release`` completes the
order (the seller is paid), ``refund`` marks it ``refunded`` (the money goes back off the
platform, as it came in; the listing stays sold). Every other attempt is refused with a
sentence saying why (409). :func:`claim_window` says the same to the buyer beforehand (the
reasons open now, from when "not received" opens), asking :func:`why_not_disputable`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol, TypeVar

from domain._labels import LabelledStrEnum
from domain.order_rules import BUYER_PROTECTION, BUYER_PROTECTION_DAYS, OrderStatus
from domain.validation._rules import FieldErrors, clean

NOT_RECEIVED_AFTER_DAYS = 7
NOT_RECEIVED_AFTER = timedelta(days=NOT_RECEIVED_AFTER_DAYS)
DETAILS_MIN, DETAILS_MAX = 20, 2000
RESPONSE_MIN, RESPONSE_MAX = 1, 2000
MAX_PHOTOS = 5
NOTE_MAX = 1000
NO_DELIVERY_TIME = ("This order has no recorded delivery time, so its buyer protection "
                    "window cannot be checked. Please contact support.")


class DisputeReason(LabelledStrEnum):
    NOT_AS_DESCRIBED = "not_as_described", "Not as described"
    DAMAGED = "damaged", "Arrived damaged"
    COUNTERFEIT = "counterfeit", "Counterfeit"
    NOT_RECEIVED = "not_received", "Not received"
    OTHER = "other", "Something else"


class DisputeStatus(LabelledStrEnum):
    OPEN = "open", "Open"
    RESOLVED = "resolved", "Resolved"


class DisputeOutcome(LabelledStrEnum):
    RELEASE = "release", "Payment released to the seller"
    REFUND = "refund", "Refunded to the buyer"


# The order timeline's line for each dispute step (order_events kind "dispute").
DISPUTE_EVENT_LABELS = {"opened": "Dispute opened", "response": "Dispute answered",
                        "release": "Dispute resolved: payment released",
                        "refund": "Dispute resolved: refunded"}

OUTCOME_STATUS = {DisputeOutcome.RELEASE: OrderStatus.COMPLETED,
                  DisputeOutcome.REFUND: OrderStatus.REFUNDED}
# The status change each dispute step makes in the same moment: the timeline shows the step
# ("Dispute opened", "Dispute resolved: refunded"), not the status line too ("Disputed").
STEP_STATUS = {"opened": OrderStatus.DISPUTED.value,
               "release": OrderStatus.COMPLETED.value,
               "refund": OrderStatus.REFUNDED.value}


class TimelineLine(Protocol):
    @property
    def kind(self) -> str: ...
    @property
    def status(self) -> str | None: ...
    @property
    def at(self) -> datetime: ...


Line = TypeVar("Line", bound=TimelineLine)


def one_line_per_step(lines: list[Line]) -> list[Line]:
    """The timeline without the status lines a dispute step already says: a ``status``
    line is left out when a ``dispute`` line of the same moment made that status. Every
    other line stays, in its order."""
    said = {(STEP_STATUS[line.status], line.at) for line in lines
            if line.kind == "dispute" and line.status in STEP_STATUS}
    return [line for line in lines
            if not (line.kind == "status" and (line.status, line.at) in said)]


def entered_at(lines: Sequence[TimelineLine], status: OrderStatus) -> datetime | None:
    """When the order last moved to ``status``, by its timeline (oldest line first)."""
    moments = [line.at for line in lines if line.status == status.value]
    return moments[-1] if moments else None


def not_received_from(shipped_at: datetime | None) -> datetime | None:
    """The first moment a shipped order may be claimed as not received (None: never, as
    without a shipping time the wait cannot be shown to be over)."""
    return None if shipped_at is None else shipped_at + NOT_RECEIVED_AFTER


def why_not_disputable(status: OrderStatus, reason: DisputeReason,
                       delivered_at: datetime | None, shipped_at: datetime | None,
                       now: datetime) -> str | None:
    """None when the buyer may open a dispute now; otherwise the sentence saying why not."""
    if status is OrderStatus.DISPUTED:
        return "This order already has an open dispute."
    if status is OrderStatus.DELIVERED:
        if delivered_at is None:
            # The window cannot be shown to be open (as a shipped order with no shipping
            # time below): refused rather than disputable forever.
            return NO_DELIVERY_TIME
        if now >= delivered_at + BUYER_PROTECTION:
            return (f"Buyer protection ended {BUYER_PROTECTION_DAYS} days after delivery, "
                    "so this order can no longer be disputed.")
        return None
    if status is OrderStatus.SHIPPED:
        if reason is not DisputeReason.NOT_RECEIVED:
            return ("Until the order is delivered, a dispute can only say the item was not "
                    "received.")
        opens = not_received_from(shipped_at)
        if opens is None or now < opens:
            return (f"An item can be reported as not received {NOT_RECEIVED_AFTER_DAYS} days "
                    "after it was shipped.")
        return None
    return (f"A {status.label.lower()} order cannot be disputed; buyer protection covers "
            "shipped and delivered orders.")


@dataclass(frozen=True)
class ClaimWindow:
    """What the buyer of an order may claim now (the order answer's ``disputeReasons``):
    the reasons :func:`why_not_disputable` takes at this moment, in the reasons' order;
    with none, the sentence saying why (``why_not``), and ``opens_at`` when a claim becomes
    possible by time alone (None when none will, or when one already can)."""

    reasons: tuple[DisputeReason, ...]
    opens_at: datetime | None
    why_not: str | None


def claim_window(status: OrderStatus, delivered_at: datetime | None,
                 shipped_at: datetime | None, now: datetime) -> ClaimWindow:
    """:func:`why_not_disputable` asked for every reason at ``now``, and from when the
    waiting claim ("not received" on a shipped order) opens."""
    reasons = tuple(reason for reason in DisputeReason if why_not_disputable(
        status, reason, delivered_at, shipped_at, now) is None)
    opens = not_received_from(shipped_at) if status is OrderStatus.SHIPPED else None
    return ClaimWindow(
        reasons=reasons, opens_at=opens if opens is not None and now < opens else None,
        why_not=None if reasons else why_not_disputable(
            status, DisputeReason.NOT_RECEIVED, delivered_at, shipped_at, now))


def validate_dispute(reason: str | None, details: str | None, photos: int
                     ) -> tuple[DisputeReason | None, dict[str, str]]:
    errors = FieldErrors()
    chosen = DisputeReason.parse(reason)
    if chosen is None:
        errors.add("reason", "Please choose a reason")
    text = clean(details)
    if len(text) < DETAILS_MIN:
        errors.add("details", f"Details must be at least {DETAILS_MIN} characters")
    elif len(text) > DETAILS_MAX:
        errors.add("details", f"Details must be less than {DETAILS_MAX} characters")
    if photos > MAX_PHOTOS:
        errors.add("photos", f"You can add at most {MAX_PHOTOS} photos")
    return chosen, errors.result()


def validate_response(text: str | None, photos: int) -> dict[str, str]:
    errors = FieldErrors()
    cleaned = clean(text)
    if len(cleaned) < RESPONSE_MIN:
        errors.add("text", "Please write your answer")
    elif len(cleaned) > RESPONSE_MAX:
        errors.add("text", f"Your answer must be less than {RESPONSE_MAX} characters")
    if photos > MAX_PHOTOS:
        errors.add("photos", f"You can add at most {MAX_PHOTOS} photos")
    return errors.result()


@dataclass
class DisputeResponse:
    author_id: int
    text: str
    photos: list[str]
    created_at: datetime
    id: int | None = None


@dataclass
class Dispute:
    order_id: int
    buyer_id: int
    seller_id: int
    reason: DisputeReason
    details: str
    photos: list[str]
    created_at: datetime
    status: DisputeStatus = DisputeStatus.OPEN
    outcome: DisputeOutcome | None = None
    note: str | None = None
    resolved_by: int | None = None
    resolved_at: datetime | None = None
    responses: list[DisputeResponse] = field(default_factory=list)
    id: int | None = None

    def may_see(self, user_id: int | None, is_admin: bool) -> bool:
        return is_admin or user_id in (self.buyer_id, self.seller_id)
