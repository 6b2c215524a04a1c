"""Saved searches that alert (issue 38 item 3).

A member saves the shop's query and filters (at most :data:`MAX_PER_MEMBER`, each search
once: :func:`already_saved`). Matching is the
search engine's (its analyzers: a saved "levis jackets" matches a new "Levi's Trucker
Jacket"); what this module decides is which matches are *new*: listed, or dropped in price,
after a moment (:func:`is_new`), and when a member may be told again (:func:`notify_due`: at
most once per saved search per :data:`NOTIFY_EVERY`, several new listings in one notice).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from decimal import Decimal, InvalidOperation

from domain.errors import Conflict, ValidationError

MAX_PER_MEMBER = 50
NAME_MAX = 80
NOTIFY_EVERY = timedelta(hours=1)
MAX_VALUES = 10  # values per filter
QUERY_MAX = 100


@dataclass(frozen=True, slots=True)
class SavedQuery:
    """The shop's query and filters, as the shop's URL holds them."""

    q: str = ""
    brands: tuple[str, ...] = ()
    categories: tuple[str, ...] = ()
    sizes: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    min_price: str | None = None
    max_price: str | None = None

    @property
    def is_empty(self) -> bool:
        return not (self.q.strip() or self.brands or self.categories or self.sizes
                    or self.conditions or self.min_price or self.max_price)


def clean_query(query: SavedQuery) -> SavedQuery:
    """Trimmed, without empty values; 400 with a sentence when nothing is left or too long."""
    def values(items: tuple[str, ...]) -> tuple[str, ...]:
        kept = tuple(dict.fromkeys(v.strip() for v in items if v.strip()))
        if len(kept) > MAX_VALUES or any(len(v) > QUERY_MAX for v in kept):
            raise ValidationError({"query": "A saved search can name at most 10 values of "
                                            "each filter."})
        return kept

    text = " ".join(query.q.split())
    if len(text) > QUERY_MAX:
        raise ValidationError({"query": f"Search words can be at most {QUERY_MAX} characters."})
    cleaned = SavedQuery(text, values(query.brands), values(query.categories),
                         values(query.sizes), values(query.conditions),
                         (query.min_price or "").strip() or None,
                         (query.max_price or "").strip() or None)
    if cleaned.is_empty:
        raise ValidationError({"query": "Save a search with some words or at least one filter."})
    return cleaned


def query_key(query: SavedQuery) -> tuple[object, ...]:
    """What makes two saved queries the same search: the same words and filter values
    whatever their case, order, repeats or spacing, and the same price bounds ("80" is
    "80.00"); the name is not part of it."""
    def fold(items: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted({" ".join(v.split()).casefold() for v in items} - {""}))

    def price(value: str | None) -> object:
        text = (value or "").strip()
        try:
            amount = Decimal(text)
        except InvalidOperation:
            return text or None
        return amount if amount.is_finite() else text

    return (" ".join(query.q.split()).casefold(), fold(query.brands),
            fold(query.categories), fold(query.sizes), fold(query.conditions),
            price(query.min_price), price(query.max_price))


def already_saved(saved: Iterable[SavedSearch], query: SavedQuery) -> SavedSearch | None:
    """The member's saved search that is the same search as ``query`` (:func:`query_key`),
    if any: saving it again answers that one rather than keeping two."""
    key = query_key(query)
    return next((s for s in saved if query_key(s.query) == key), None)


def describe(query: SavedQuery) -> str:
    """The query in a few words, as the notice and the default name say it:
    "levis jacket, size M"."""
    parts = [query.q] if query.q else []
    parts += list(query.brands)
    parts += list(query.categories)
    if query.sizes:
        parts.append("size " + "/".join(query.sizes))
    parts += list(query.conditions)
    if query.min_price and query.max_price:
        parts.append(f"${query.min_price} to ${query.max_price}")
    elif query.min_price:
        parts.append(f"from ${query.min_price}")
    elif query.max_price:
        parts.append(f"up to ${query.max_price}")
    text = ", ".join(p for p in parts if p)
    return text[:NAME_MAX] or "All listings"


def clean_name(name: str | None, query: SavedQuery) -> str:
    text = " ".join((name or "").split())
    if len(text) > NAME_MAX:
        raise ValidationError({"name": f"A name can be at most {NAME_MAX} characters."})
    return text or describe(query)


@dataclass(kw_only=True)
class SavedSearch:
    id: int | None = None
    user_id: int
    name: str
    query: SavedQuery = field(default_factory=SavedQuery)
    created_at: datetime
    opened_at: datetime  # "new" matches are those after this (the member last looked)
    checked_at: datetime  # matches after this have not been notified yet
    notified_at: datetime | None = None


def new_saved_search(user_id: int, name: str | None, query: SavedQuery, now: datetime
                     ) -> SavedSearch:
    cleaned = clean_query(query)
    return SavedSearch(user_id=user_id, name=clean_name(name, cleaned), query=cleaned,
                       created_at=now, opened_at=now, checked_at=now)


def ensure_room(existing: int) -> None:
    """409 when the member already keeps :data:`MAX_PER_MEMBER` saved searches."""
    if existing >= MAX_PER_MEMBER:
        raise Conflict(f"You can keep at most {MAX_PER_MEMBER} saved searches; delete one "
                       "first.")


def is_new(created_at: datetime, price_drop: bool, updated_at: datetime | None,
           since: datetime) -> bool:
    """A match is new after ``since`` when it was listed then, or its price dropped then."""
    return created_at > since or (price_drop and updated_at is not None and updated_at > since)


def notify_due(search: SavedSearch, now: datetime) -> bool:
    """At most one notice per saved search per hour."""
    return search.notified_at is None or now >= search.notified_at + NOTIFY_EVERY


def notice_text(count: int, search: SavedSearch) -> str:
    """ "3 new: levis jacket, size M" """
    return f"{count} new: {describe(search.query)}"
