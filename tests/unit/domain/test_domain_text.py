"""A count with its noun: singular only for exactly one, grouped by thousands."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.text import count_of

pytestmark = pytest.mark.unit

nouns = st.text(alphabet=st.characters(categories=["L"]), min_size=1, max_size=12)


@pytest.mark.parametrize(
    ("count", "noun", "plural", "text"),
    [
        (1, "report", None, "1 report"),
        (0, "report", None, "0 reports"),
        (3, "report", None, "3 reports"),
        (1234, "item", None, "1,234 items"),
        (1, "person", "people", "1 person"),
        (2, "person", "people", "2 people"),
    ],
)
def test_examples(count: int, noun: str, plural: str | None, text: str) -> None:
    assert count_of(count, noun, plural) == text


@given(st.integers(min_value=-10**12, max_value=10**12), nouns, st.none() | nouns)
def test_the_count_then_the_noun_for_one_or_else_the_plural(
        count: int, noun: str, plural: str | None) -> None:
    number, _, word = count_of(count, noun, plural).partition(" ")
    assert int(number.replace(",", "")) == count
    assert word == (noun if count == 1 else plural or noun + "s")


@given(st.integers(min_value=0, max_value=10**12))
def test_digits_are_grouped_in_threes(count: int) -> None:
    groups = count_of(count, "item").split(" ")[0].split(",")
    assert 1 <= len(groups[0]) <= 3
    assert all(len(group) == 3 for group in groups[1:])
