"""The fast path reads a query string exactly as ``parse_qsl`` (Litestar's reading) does."""

from __future__ import annotations

from urllib.parse import parse_qsl

from hypothesis import example, given
from hypothesis import strategies as st

from entrypoints.http.fast_path import _pairs


@given(st.text(alphabet="ab=&%+2Fc; é", max_size=40))
@example("q=jacket&&category=tops&limit=24&=x&y=&z")
@example("q=a+b&brand=h%26m")
def test_a_query_string_splits_as_parse_qsl_splits_it(query: str) -> None:
    assert _pairs(query) == parse_qsl(query, keep_blank_values=True, separator="&")
