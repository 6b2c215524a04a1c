"""Notification emails (issue 41): which notices are also emailed, under which kind a
member can turn off, and when.

A notice in the bell (``domain/notifications.py``) is emailed once, to its member, unless
they turned its kind off. Most go at once; a chat message only if it is still unread after
``MESSAGE_DELAY``, and at most one email per conversation per ``MESSAGE_EMAIL_GAP``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from enum import StrEnum

from domain._labels import LabelledStrEnum


class EmailKind(LabelledStrEnum):
    """What a member can turn off, each on its own (``GET/PUT
    /api/user/notification-settings``, and the one-click unsubscribe of each email)."""

    OFFER_RECEIVED = "offer_received", "Offers on your listings"
    OFFER_ANSWERED = "offer_answered", "Answers to your offers"
    OFFER_EXPIRED = "offer_expired", "Accepted offers about to run out, or run out"
    ORDER_UPDATES = "order_updates", "Your orders: paid, confirmed, shipped, delivered"
    MESSAGES = "messages", "Messages you have not read for 15 minutes"
    SAVED_SEARCHES = "saved_searches", "New matches for your saved searches"
    MODERATION = "moderation", "A moderator hid or restored your listing, post or comment"


#: The bell's notice kinds that are emailed, and the email kind each one counts under.
#: (Price drops and "watched item sold" stay in the bell.)
EMAIL_KIND_OF_NOTICE: dict[str, EmailKind] = {
    "offer_received": EmailKind.OFFER_RECEIVED,
    "offer_countered": EmailKind.OFFER_ANSWERED,
    "offer_accepted": EmailKind.OFFER_ANSWERED,
    "offer_declined": EmailKind.OFFER_ANSWERED,
    "offer_expired": EmailKind.OFFER_EXPIRED,
    "offer_expiring": EmailKind.OFFER_EXPIRED,
    "order_update": EmailKind.ORDER_UPDATES,
    "message": EmailKind.MESSAGES,
    "saved_search": EmailKind.SAVED_SEARCHES,
    "listing_hidden": EmailKind.MODERATION,
    "listing_restored": EmailKind.MODERATION,
    "post_hidden": EmailKind.MODERATION,
    "post_restored": EmailKind.MODERATION,
    "comment_hidden": EmailKind.MODERATION,
    "comment_restored": EmailKind.MODERATION,
}
AT_ONCE_NOTICES = frozenset(k for k in EMAIL_KIND_OF_NOTICE if k != "message")
MESSAGE_NOTICES = frozenset({"message"})
MESSAGE_DELAY = timedelta(minutes=15)
MESSAGE_EMAIL_GAP = timedelta(hours=1)
#: A buyer whose accepted offer holds an item is reminded this long before the hold ends.
EXPIRY_REMINDER = timedelta(hours=3)


class MailState(StrEnum):
    """What became of a notice's email (``None`` on the notice: not decided yet)."""

    SENT = "sent"  # queued in the mail queue, which sends it
    SKIPPED = "skipped"  # turned off, read in time, a closed account, or a recent email
    BEFORE = "before"  # the notice is older than notification emails


def message_due(created_at: datetime, now: datetime) -> bool:
    """A chat message's notice is emailed only once it has waited ``MESSAGE_DELAY``."""
    return now - created_at >= MESSAGE_DELAY
