"""Search rules: folding, brand names, stems, category words, relevance rank, typo fixing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.catalog import Category, Condition
from domain.search import (
    allowed_edits,
    correct_word,
    distance,
    fold,
    matches,
    matching_categories,
    patterns,
    query_words,
    rank,
    search_text,
    stem,
    vocabulary_words,
    word_matches,
    words,
)

pytestmark = pytest.mark.unit

lower_words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=12)


def text_of(title: str, description: str = "Worn twice.", brand: str = "",
            category: Category = Category.TOPS, condition: Condition = Condition.GOOD):
    return search_text(title, description, brand, category, condition)


def finds(q: str, title: str, **rest) -> bool:
    return matches(query_words(q), text_of(title, **rest))


@pytest.mark.parametrize(("plural", "singular"), [
    ("dresses", "dress"), ("jackets", "jacket"), ("hoodies", "hoodie"), ("skirts", "skirt"),
    ("tees", "tee"), ("jeans", "jean"), ("boxes", "box"), ("watches", "watch"),
    ("babies", "baby"), ("shoes", "shoe"), ("glasses", "glass")])
def test_plurals_and_singulars_find_each_other(plural: str, singular: str) -> None:
    assert stem(plural) == stem(singular)
    assert finds(plural, f"Blue {singular}") and finds(singular, f"Blue {plural}")


@pytest.mark.parametrize(("inflected", "base"), [
    ("cropped", "crop"), ("knitted", "knit"), ("running", "run"), ("washed", "wash")])
def test_simple_inflections_find_their_base(inflected: str, base: str) -> None:
    assert finds(inflected, f"A {base} top") and finds(base, f"A {inflected} top")


def test_short_words_digits_and_doubled_e_are_kept() -> None:
    assert [stem(w) for w in ("tee", "bus", "3xl", "501", "speed", "dress", "levis")] == [
        "tee", "bus", "3xl", "501", "speed", "dress", "levis"]


def test_accents_fold_both_ways() -> None:
    assert fold("Jäcket Café ØRE Straße") == "jacket cafe ore strasse"
    assert finds("cafe", "Café racer") and finds("Café", "cafe racer")
    assert finds("jäcket", "Denim jacket")


def test_brand_punctuation_makes_one_term() -> None:
    assert query_words("H&M levi's Levi\u2019s") == ["hm", "levis", "levis"]
    for q in ("levis", "levi's", "Levis", "levi"):
        assert finds(q, "Straight jeans", brand="Levi's"), q
    for q in ("hm", "h&m", "H&M"):
        assert finds(q, "Sundress", brand="H&M"), q
    assert not finds("h&m", "Hat", brand="Mango")  # not "h*" and "m*"
    assert finds("northface", "Puffer", brand="North Face")


def test_hyphens_keep_parts_and_add_the_joined_word() -> None:
    assert words("T-shirt") == ["t", "shirt", "tshirt"]
    assert query_words("t-shirt") == ["t", "shirt"]
    assert finds("tshirt", "Plain t-shirt") and finds("t-shirt", "Plain T-Shirt")


def test_category_and_condition_words_match() -> None:
    coat = dict(category=Category.OUTERWEAR, condition=Condition.LIKE_NEW)
    assert finds("outerwear", "Wool coat", **coat) and finds("like new", "Wool coat", **coat)
    assert finds("shoes", "Samba", category=Category.FOOTWEAR)
    assert finds("footwear", "Samba", category=Category.FOOTWEAR)
    assert not finds("footwear", "Wool coat", **coat)
    assert matching_categories("outer") == [Category.OUTERWEAR]
    assert matching_categories("shoe") == [Category.FOOTWEAR]
    assert matching_categories("dress") == [Category.DRESSES]
    assert matching_categories("") == []


def test_rank_prefers_title_and_brand() -> None:
    words_ = tuple(query_words("denim jacket"))
    assert rank(words_, text_of("Denim jacket")) == 1
    assert rank(words_, text_of("Wool coat", description="Goes with a denim jacket")) == 0
    assert rank((), text_of("Anything")) == 1


@given(word=lower_words)
def test_a_word_always_finds_itself_and_its_prefixes_find_it(word: str) -> None:
    listing = text_of(f"A {word} piece")
    assert matches((word,), listing)
    for n in range(1, len(word) + 1):
        assert matches((word[:n],), listing), word[:n]


@given(word=lower_words.filter(lambda w: len(w) > 3 and not w.endswith(("s", "y", "i", "u"))))
def test_adding_s_finds_the_same_listing(word: str) -> None:
    assert matches((word + "s",), text_of(f"A {word} piece"))
    assert matches((word,), text_of(f"Two {word}s"))


@given(text=st.text(max_size=60))
def test_folded_words_are_lower_case_runs_and_idempotent(text: str) -> None:
    found = query_words(text)
    assert all(w and w == w.lower() and "&" not in w and "'" not in w for w in found)
    assert query_words(" ".join(found)) == found
    assert all(stem(w) == stem(stem(w)) or len(stem(w)) <= 3 for w in found if w.isalpha())


@given(word=lower_words)
def test_patterns_match_what_the_word_matches(word: str) -> None:
    assert word_matches(word, [word]) and all(word.startswith(p) or stem(word) == p
                                              for p in patterns(word))


@given(a=lower_words, b=lower_words)
def test_distance_is_symmetric_and_bounded(a: str, b: str) -> None:
    assert distance(a, b, 20) == distance(b, a, 20)
    assert distance(a, a, 2) == 0
    assert distance(a, b, 20) <= max(len(a), len(b))
    assert distance(a, b, 1) <= 2


def test_distance_past_the_limit_is_limit_plus_one() -> None:
    # no row ends early here (each has a cell within 1), only the last cell is past it
    assert distance("ab", "bca", 1) == 2
    assert distance("ab", "bca", 3) == 3


def test_distance_counts_a_swap_once() -> None:
    assert distance("jakcet", "jacket", 2) == 1
    assert distance("jacket", "jackets", 2) == 1
    assert distance("kitten", "sitting", 5) == 3


def test_typos_are_corrected_to_the_closest_common_word() -> None:
    vocabulary = {"jacket": 40, "jackets": 1, "packet": 2, "dress": 30, "dresses": 5}
    assert correct_word("jakcet", vocabulary) == "jacket"
    assert correct_word("jackat", vocabulary) == "jacket"  # packet is 2 edits away
    assert correct_word("drss", vocabulary) == "dress"
    assert correct_word("jacket", vocabulary) is None  # a known word is left alone
    assert correct_word("zzzzzz", vocabulary) is None
    assert correct_word("ab", {"ac": 9}) is None  # too short to guess
    assert correct_word("ackets", {"jackets": 1, "packets": 9}) == "packets"  # more common


@given(word=lower_words.filter(lambda w: len(w) >= 3), vocabulary=st.dictionaries(
    lower_words, st.integers(min_value=1, max_value=50), max_size=20))
def test_a_correction_is_a_vocabulary_word_within_the_allowed_edits(
        word: str, vocabulary: dict[str, int]) -> None:
    fixed = correct_word(word, vocabulary)
    if fixed is not None:
        assert fixed in vocabulary and fixed != word
        assert distance(word, fixed, 5) <= allowed_edits(word)
        closest = min(distance(word, t, 5) for t in vocabulary)
        assert distance(word, fixed, 5) == closest


def test_vocabulary_words_are_whole_words() -> None:
    assert vocabulary_words("Denim jackets", "Worn twice.", "Levi's", Category.OUTERWEAR,
                            Condition.LIKE_NEW) == {
        "denim", "jackets", "worn", "twice", "levis", "outerwear", "like", "new"}
