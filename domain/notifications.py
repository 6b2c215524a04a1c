"""Notifications: short notices a user reads from the bell in the header (issue 11 item 6).

The kinds are fixed; each area creates its own (messages, offers, watched listings, orders).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from domain.errors import ValidationError

NOTIFICATION_KINDS = (
    "message", "offer_received", "offer_countered", "offer_accepted", "offer_declined",
    "offer_expired",
    "price_drop", "item_sold", "order_update",
)
TITLE_MAX = 120
BODY_MAX = 500
LINK_MAX = 300


@dataclass(frozen=True, slots=True)
class Notification:
    id: int | None
    user_id: int
    kind: str
    title: str
    body: str
    link: str | None
    created_at: datetime
    read: bool = False


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def new_notification(*, user_id: int, kind: str, title: str, body: str, link: str | None,
                     now: datetime) -> Notification:
    """A notification with its texts trimmed to fit; an unknown kind is a programming error
    surfaced as a ValidationError. A link must be a site path (``/messages/3``)."""
    if kind not in NOTIFICATION_KINDS:
        raise ValidationError({"kind": f"Unknown notification kind {kind!r}"})
    if link is not None and (not link.startswith("/") or link.startswith("//")
                             or len(link) > LINK_MAX):
        raise ValidationError({"link": "A notification link must be a site path"})
    return Notification(id=None, user_id=user_id, kind=kind, title=_shorten(title, TITLE_MAX),
                        body=_shorten(body, BODY_MAX), link=link, created_at=now)
