"""The request and response Structs of ``entrypoints/http/disputes.py``: opening a dispute,
answering, resolving, the desk's pages."""

from __future__ import annotations

from datetime import datetime

from domain.disputes import (
    DETAILS_MAX,
    DETAILS_MIN,
    MAX_PHOTOS,
    NOTE_MAX,
    RESPONSE_MAX,
    DisputeOutcome,
    DisputeReason,
)
from entrypoints.http.openapi import describe
from entrypoints.http.schemas import CamelStruct


@describe(required=["reason", "details"], fields={
    "reason": {"enum": [r.value for r in DisputeReason]},
    "details": {"minLength": DETAILS_MIN, "maxLength": DETAILS_MAX},
    "photos": {"maxItems": MAX_PHOTOS}})
class DisputeIn(CamelStruct):
    reason: str | None = None
    details: str | None = None
    photos: list[str] = []


@describe(required=["text"], fields={"text": {"minLength": 1, "maxLength": RESPONSE_MAX},
                                     "photos": {"maxItems": MAX_PHOTOS}})
class ResponseIn(CamelStruct):
    text: str | None = None
    photos: list[str] = []


@describe(required=["outcome"], fields={"outcome": {"enum": [o.value for o in DisputeOutcome]},
                                        "note": {"maxLength": NOTE_MAX}})
class ResolveDisputeIn(CamelStruct):
    outcome: str | None = None
    note: str | None = None


class DisputePartyOut(CamelStruct):
    id: int
    username: str
    display_name: str


class DisputeItemOut(CamelStruct):
    """A listing of the disputed order: its title and a thumbnail of its cover."""

    id: int
    title: str
    image: str | None


class DisputeResponseOut(CamelStruct):
    id: int
    author_id: int
    text: str
    photos: list[str]
    created_at: datetime


class DisputeOut(CamelStruct):
    id: int
    order_id: int
    order_number: str
    order_status: str
    #: When the order was placed (``createdAt`` is when the dispute was opened).
    order_placed_at: datetime
    #: What the buyer paid for the order: its price, service fee and shipping.
    order_total: str
    #: The order's listings, first first (a bundle has several); "Removed listing" for one
    #: since removed.
    items: list[DisputeItemOut]
    buyer: DisputePartyOut | None
    seller: DisputePartyOut | None
    reason: str
    reason_label: str
    details: str
    photos: list[str]
    status: str
    outcome: str | None
    outcome_label: str | None
    note: str | None
    created_at: datetime
    resolved_at: datetime | None
    responses: list[DisputeResponseOut]
