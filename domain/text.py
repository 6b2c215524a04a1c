"""Words shown to people that several areas build the same way: a count with its noun, and
a moment or a day as every text the server writes says it."""

from __future__ import annotations

from datetime import UTC, datetime


def count_of(count: int, noun: str, plural: str | None = None) -> str:
    """``"1 report"``, ``"3 reports"``, ``"1,234 items"``, ``"2 people"``: a count with its
    noun, singular only for exactly one; the plural is the noun with an ``s`` unless given."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"


def as_utc(moment: datetime) -> datetime:
    """An aware moment in UTC; a naive one is taken to be UTC already."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def format_moment(moment: datetime, now: datetime | None = None) -> str:
    """A moment as every text the server writes says it (a notice, a thread line, an
    email, an error message): ``"Dec 7, 2026, 01:57 UTC"``. Always in UTC, and saying so:
    the server does not know its reader's time zone (the webapp shows the timestamps it is
    sent in the reader's own, ``formatDateTime``). Given the clock's ``now``, the year is
    left out when it is ``now``'s: ``"Dec 7, 01:57 UTC"``."""
    at = as_utc(moment)
    year = "" if now is not None and as_utc(now).year == at.year else f", {at.year}"
    return f"{at:%b} {at.day}{year}, {at:%H:%M} UTC"


def format_day(moment: datetime) -> str:
    """A calendar day, ``"Dec 7, 2026"`` (the spec's 'MMM d, yyyy', the webapp's
    ``formatDate``), of the moment's own date: a vacation's last day, a post's date."""
    return f"{moment:%b} {moment.day}, {moment.year}"
