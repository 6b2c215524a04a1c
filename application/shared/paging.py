"""Keyset pages behind an opaque cursor: the one home for every paged list.

Every list the API pages (catalog search, blog posts, contact messages, and the areas that
come later: offers, messages, orders, posts, notifications) uses these four pieces:

- :func:`page_limit`: one limit rule. ``None`` gives :data:`DEFAULT_LIMIT`; more than
  :data:`MAX_LIMIT` is cut to it; below 1 is a :class:`ValidationError` on ``limit`` with
  :data:`LIMIT_MESSAGE`.
- :class:`After`: one keyset position, the sort key and id of the last item already shown.
  A repository returns the items strictly after it in the list's order (key, then id).
- :func:`encode_cursor` / :func:`decode_cursor`: one opaque cursor codec (base64url JSON of
  the position plus optional scalar extras, such as the sort a cursor belongs to). Whatever
  a client sends, decoding either gives a position or raises :class:`ValidationError`
  ``{"cursor": "Invalid cursor"}``: garbage, bad base64, the wrong key type, numbers too big
  for the database's columns, or a cursor that belongs to another list shape. Never a 500.
- :func:`page_request` + :func:`page_of`: fetch ``limit + 1`` rows; the extra row only says
  whether another page follows, and the cursor names the last row shown.

A service reads::

    request = page_request(limit, cursor)                    # 400 on a bad limit or cursor
    async with self.uow:
        rows = await self.uow.things.page(..., request.fetch, request.after)
    return page_of(rows, request, lambda t: After(t.created_at, t.id))

The in-memory fakes use :func:`is_after` and the SQL adapters
``adapters/sqlalchemy/paging.py`` for the same "strictly after" comparison.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any, Generic, TypeVar

from domain.errors import ValidationError
from domain.money import round_money

DEFAULT_LIMIT = 12
MAX_LIMIT = 50
LIMIT_MESSAGE = f"Limit must be between 1 and {MAX_LIMIT}"
INVALID_CURSOR = "Invalid cursor"

# A cursor is short; anything longer is not one of ours (and is not worth decoding).
MAX_CURSOR_LENGTH = 512
# Ids and integer keys live in 32-bit integer columns; money keys are compared in cents.
MAX_CURSOR_INT = 2**31 - 1
MAX_CURSOR_MONEY = Decimal(MAX_CURSOR_INT) / 100

KeyValue = datetime | Decimal | int
T = TypeVar("T")
Scalar = str | int | bool | None


@dataclass(frozen=True)
class After:
    """Keyset position: the sort key value and id of the last item already shown.

    ``rank``, when set, comes before the key (a relevance order: rank, then key, then id,
    all in the list's direction); it travels in the cursor as ``r``."""

    value: KeyValue
    id: int
    rank: int | None = None


def is_after(value: Any, item_id: int, after: After | None, *, descending: bool = True,
             rank: int | None = None) -> bool:
    """Does the item keyed ([rank,] value, item_id) come strictly after ``after``?"""
    if after is None:
        return True
    key: tuple[Any, ...] = (value, item_id)
    position: tuple[Any, ...] = (after.value, after.id)
    if after.rank is not None:
        key, position = (rank or 0, *key), (after.rank, *position)
    return key < position if descending else key > position


def page_limit(limit: int | None) -> int:
    """The one limit rule: default 12, cut to 50, below 1 refused."""
    if limit is None:
        return DEFAULT_LIMIT
    if limit < 1:
        raise ValidationError({"limit": LIMIT_MESSAGE})
    return min(limit, MAX_LIMIT)


def _invalid() -> ValidationError:
    return ValidationError({"cursor": INVALID_CURSOR})


def _key_out(value: KeyValue) -> str | int:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def encode_cursor(after: After, **extra: Scalar) -> str:
    """An opaque cursor naming ``after``; ``extra`` scalars travel with it (e.g. the sort)."""
    body: dict[str, Any] = {"k": _key_out(after.value), "i": after.id,
                            **{f"x{k}": v for k, v in extra.items()}}
    if after.rank is not None:
        body["r"] = after.rank
    raw = json.dumps(body, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _small_int(value: object) -> int:
    if type(value) is not int or not 0 <= value <= MAX_CURSOR_INT:
        raise ValueError("not a small non-negative integer")
    return value


def _key_in(value: object, key: type) -> KeyValue:
    if key is datetime and isinstance(value, str):
        stamp = datetime.fromisoformat(value)
        if stamp.tzinfo is None:
            raise ValueError("cursor time without a zone")
        return stamp
    if key is Decimal and isinstance(value, str):
        amount = Decimal(value)
        if not amount.is_finite() or abs(amount) > MAX_CURSOR_MONEY:
            raise ValueError("cursor amount out of range")
        if amount != round_money(amount):
            raise ValueError("cursor amount is not whole cents")
        return amount
    if key is int:
        return _small_int(value)
    raise ValueError("cursor key does not fit the list's order")


@dataclass(frozen=True)
class Cursor:
    after: After
    extra: Mapping[str, Scalar] = field(default_factory=dict)


def decode_cursor(cursor: str | None, key: type = datetime, **expect: Scalar) -> Cursor | None:
    """The position ``cursor`` names, or ``None`` for no cursor (the first page).

    ``key`` is the type of the list's sort key (``datetime``, ``Decimal`` or ``int``);
    ``expect`` names extras that must match (a cursor of another sort is refused).
    Anything else a client could send is :class:`ValidationError` on ``cursor``.
    """
    if not cursor:
        return None
    try:
        if len(cursor) > MAX_CURSOR_LENGTH:
            raise ValueError("cursor too long")
        body = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        if not isinstance(body, dict):
            raise ValueError("cursor is not an object")
        rank = body.get("r")
        after = After(_key_in(body.get("k"), key), _small_int(body.get("i")),
                      None if rank is None else _small_int(rank))
        extra = {name[1:]: value for name, value in body.items() if name.startswith("x")}
        for value in extra.values():
            if not isinstance(value, str | bool | None):
                _small_int(value)
        if any(extra.get(name) != value for name, value in expect.items()):
            raise ValueError("cursor of another list")
    except (ValueError, TypeError, UnicodeDecodeError, binascii.Error, InvalidOperation,
            ArithmeticError, RecursionError) as error:
        raise _invalid() from error
    return Cursor(after, extra)


@dataclass(frozen=True)
class PageRequest:
    """A validated page request: how many to show and where to continue."""

    limit: int
    cursor: Cursor | None = None

    @property
    def after(self) -> After | None:
        return None if self.cursor is None else self.cursor.after

    @property
    def fetch(self) -> int:
        """How many rows to ask for: one more than shown, to know whether more follow."""
        return self.limit + 1


def page_request(limit: int | None, cursor: str | None, key: type = datetime,
                 **expect: Scalar) -> PageRequest:
    """:func:`page_limit` and :func:`decode_cursor` together (both 400 on bad input)."""
    return PageRequest(page_limit(limit), decode_cursor(cursor, key, **expect))


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    next_cursor: str | None


def page_of(rows: Sequence[T], request: PageRequest | int,
               position: Callable[[T], After], **extra: Scalar) -> Page[T]:
    """The first ``limit`` rows of a ``limit + 1`` fetch, and the cursor after the last
    one shown when more follow (``extra`` travels in that cursor)."""
    limit = request if isinstance(request, int) else request.limit
    items = list(rows[:limit])
    if len(rows) <= limit:
        return Page(items, None)
    return Page(items, encode_cursor(position(items[-1]), **extra))
