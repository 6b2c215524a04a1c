"""The candidates of a typo correction (``adapters/search/vocabulary.py``): RapidFuzz's scan
finds exactly the words the domain's own distance puts within the allowed edits, so the
correction rule (``domain.search.correct_word``) sees every word it could pick."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adapters.search.vocabulary import Vocabulary
from domain.search import correct_word, distance

WORDS = st.text(alphabet="abcdejk", min_size=1, max_size=9)


@given(word=WORDS, vocabulary=st.dictionaries(WORDS, st.integers(1, 50), max_size=60),
       spread=st.integers(0, 2))
def test_the_words_near_are_those_within_the_domains_distance(
        word: str, vocabulary: dict[str, int], spread: int) -> None:
    near = Vocabulary(list(vocabulary.items())).near(word, spread)
    assert near == {t: n for t, n in vocabulary.items() if distance(word, t, spread) <= spread}


def test_a_typo_is_corrected_from_the_words_near() -> None:
    vocabulary = Vocabulary([("jacket", 40), ("jackets", 3), ("packet", 2), ("sweater", 9)])
    near = vocabulary.near("jaket", 1)
    assert near == {"jacket": 40}
    assert correct_word("jaket", near) == "jacket"
    assert vocabulary.near("jakcet", 2) == {"jacket": 40, "jackets": 3, "packet": 2}
    assert vocabulary.near("qzxwv", 1) == {}
