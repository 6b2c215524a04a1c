"""The one paging home: cursor codec, limit rule, keyset position, fetch n+1."""

from __future__ import annotations

import base64
import json
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from application.shared.paging import (
    DEFAULT_LIMIT,
    LIMIT_MESSAGE,
    MAX_LIMIT,
    After,
    decode_cursor,
    encode_cursor,
    is_after,
    page_limit,
    page_of,
    page_request,
)
from domain.errors import ValidationError
from tests.support import NOW

pytestmark = pytest.mark.unit



def raw_cursor(body: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(body).encode()).decode().rstrip("=")


@given(seconds=st.integers(0, 10**9), micro=st.integers(0, 999_999),
       post_id=st.integers(1, 2**31 - 1))
def test_cursors_round_trip(seconds: int, micro: int, post_id: int) -> None:
    after = After(NOW + timedelta(seconds=seconds, microseconds=micro), post_id)
    decoded = decode_cursor(encode_cursor(after))
    assert decoded is not None and decoded.after == after


@given(value=st.one_of(st.integers(0, 2**31 - 1),
                       st.decimals(-1000, 10**6, places=2, allow_nan=False)),
       item_id=st.integers(0, 2**31 - 1), extra=st.text(max_size=20))
def test_every_key_type_and_extras_round_trip(value: int | Decimal, item_id: int,
                                              extra: str) -> None:
    cursor = encode_cursor(After(value, item_id), s=extra, t=3)
    decoded = decode_cursor(cursor, type(value), s=extra)
    assert decoded is not None
    assert decoded.after == After(value, item_id)
    assert decoded.extra == {"s": extra, "t": 3}


@pytest.mark.parametrize("cursor", ["x", "bm9wZQ", "MjAyNS0wMS0wNXwx", "!!", "MjAyNXxhYmM"])
def test_tampered_cursors_are_validation_errors(cursor: str) -> None:
    with pytest.raises(ValidationError):
        decode_cursor(cursor)


@pytest.mark.parametrize(("body", "key"), [
    ({"k": "2025-01-05T12:00:00+00:00", "i": 2**31}, datetime),  # id beyond the column
    ({"k": "2025-01-05T12:00:00+00:00", "i": -1}, datetime),
    ({"k": "2025-01-05T12:00:00+00:00", "i": True}, datetime),
    ({"k": "2025-01-05T12:00:00", "i": 1}, datetime),  # no time zone
    ({"k": 10**40, "i": 1}, int),  # a key no 32-bit column holds
    ({"k": "1e999999", "i": 1}, Decimal),  # finite, but not an amount
    ({"k": "NaN", "i": 1}, Decimal),
    ({"k": "12.505", "i": 1}, Decimal),  # prices are whole cents; the index stores cents
    ({"k": "12.50", "i": 1}, datetime),  # another sort's key
    ({"k": "2025-01-05T12:00:00+00:00", "i": 1, "xt": 10**30}, datetime),
    ({"k": "2025-01-05T12:00:00+00:00", "i": 1, "xt": [1]}, datetime),
    ([1, 2], datetime),
])
def test_out_of_range_cursors_are_validation_errors(body: object, key: type) -> None:
    with pytest.raises(ValidationError) as caught:
        decode_cursor(raw_cursor(body), key)
    assert caught.value.errors == {"cursor": "Invalid cursor"}


def test_huge_and_deep_cursors_are_refused_without_work() -> None:
    for cursor in ("A" * 100_000, raw_cursor({"k": "9" * 5000, "i": 1}),
                   base64.urlsafe_b64encode(b"[" * 300).decode()):
        with pytest.raises(ValidationError):
            decode_cursor(cursor, int)


@given(garbage=st.binary(max_size=60), key=st.sampled_from([datetime, Decimal, int]))
def test_garbage_is_400_never_500(garbage: bytes, key: type) -> None:
    cursor = base64.urlsafe_b64encode(garbage).decode()
    try:
        decode_cursor(cursor, key)
    except ValidationError as error:
        assert error.errors == {"cursor": "Invalid cursor"}


def test_a_cursor_of_another_list_is_refused() -> None:
    cursor = encode_cursor(After(NOW, 1), s="most_recent")
    assert decode_cursor(cursor, s="most_recent") is not None
    with pytest.raises(ValidationError):
        decode_cursor(cursor, s="price_low_high")


def test_page_limit_defaults_caps_and_refuses() -> None:
    assert (page_limit(None), page_limit(7), page_limit(51)) == (12, 7, 50)
    assert (DEFAULT_LIMIT, MAX_LIMIT) == (12, 50)
    with pytest.raises(ValidationError) as caught:
        page_limit(0)
    assert caught.value.errors == {"limit": LIMIT_MESSAGE}
    assert LIMIT_MESSAGE == "Limit must be between 1 and 50"


def test_fetch_one_more_tells_whether_another_page_follows() -> None:
    request = page_request(2, None)
    assert request.fetch == 3 and request.after is None
    rows = [(NOW - timedelta(minutes=n), n) for n in range(3)]
    page = page_of(rows, request, lambda row: After(*row), s="x")
    assert page.items == rows[:2]
    assert page.next_cursor is not None
    following = page_request(2, page.next_cursor, s="x")
    assert following.after == After(*rows[1])
    assert page_of(rows[:2], 2, lambda row: After(*row)).next_cursor is None


def test_is_after_follows_the_direction() -> None:
    position = After(5, 10)
    assert is_after(5, 9, position) and is_after(4, 99, position)
    assert not is_after(5, 10, position) and not is_after(6, 1, position)
    assert is_after(5, 11, position, descending=False)
    assert is_after(1, 1, None)
