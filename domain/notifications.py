"""Notifications: short notices a user reads from the bell in the header (issue 11 item 6).

The kinds are fixed; each area creates its own (messages, offers, watched listings, orders).

Social news (issue 36): a new follower, a like or a comment on one of your looks. These come
in bursts, so they are **grouped**: while unread, one notice per kind and link (your
followers, one look's likes, one look's comments) names the latest person and counts the
others ("Maya and 3 others liked your look"). :func:`grouped_notice` folds one more person
into the unread notice (or starts one); it remembers the distinct people (``actor_ids``,
newest first, at most :data:`MAX_GROUP_ACTORS`), so the same person liking, unliking and
liking again counts once. Once read, the next one starts a new group.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from domain.errors import ValidationError
from domain.text import count_of

NOTIFICATION_KINDS = (
    "message", "offer_received", "offer_countered", "offer_accepted", "offer_declined",
    "offer_expired", "offer_expiring",
    "price_drop", "item_sold", "order_update", "saved_search",
    "new_follower", "post_liked", "post_commented",
    "listing_hidden", "listing_restored", "post_hidden", "post_restored",
    "comment_hidden", "comment_restored",
)
# What each social kind says after the people's names.
SOCIAL_VERBS = {
    "new_follower": "started following you",
    "post_liked": "liked your look",
    "post_commented": "commented on your look",
}
MAX_GROUP_ACTORS = 1000  # a group counts at most this many people
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
    # A grouped social notice's people, newest first (empty for every other kind).
    actor_ids: tuple[int, ...] = ()


def _shorten(text: str, limit: int, *, lines: bool = False) -> str:
    """``text`` with its spaces collapsed (its line breaks kept with ``lines``: a body's
    lines are the paragraphs of its email), cut to ``limit`` characters with "…"."""
    if lines:
        text = "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())
    else:
        text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def excerpt(text: str, limit: int) -> str:
    """``text`` on one line in at most ``limit`` characters, to quote in a notice: when too
    long, cut after the last whole word that fits (inside a word only when the first word
    alone is too long), its trailing punctuation dropped, and ended with "…"."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if text[limit - 1] != " " and " " in cut:  # the cut falls inside a word: drop it
        cut = cut.rsplit(" ", 1)[0]
    return (cut.rstrip(" ,.;:!?-") or cut) + "…"


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
                        body=_shorten(body, BODY_MAX, lines=True), link=link, created_at=now)


def social_title(kind: str, latest_name: str, others: int) -> str:
    """"Maya liked your look", "Maya and 1 other liked your look", "Maya and 3 others…"."""
    verb = SOCIAL_VERBS[kind]
    if others <= 0:
        return f"{latest_name} {verb}"
    return f"{latest_name} and {count_of(others, 'other')} {verb}"


def grouped_notice(previous: Notification | None, *, user_id: int, kind: str, actor_id: int,
                   actor_name: str, body: str, link: str, now: datetime) -> Notification:
    """The unread notice of this social ``kind`` and ``link`` with ``actor_id`` as its
    latest person: ``previous`` (that unread notice, if any) grown by one distinct person."""
    if kind not in SOCIAL_VERBS:
        raise ValidationError({"kind": f"Not a social notification kind {kind!r}"})
    earlier = () if previous is None else tuple(a for a in previous.actor_ids if a != actor_id)
    actors = (actor_id, *earlier)[:MAX_GROUP_ACTORS]
    others = len(actors) - 1
    notice = new_notification(user_id=user_id, kind=kind,
                              title=social_title(kind, actor_name, others), body=body,
                              link=link, now=now)
    return replace(notice, actor_ids=actors)
