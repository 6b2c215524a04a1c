"""Demo looks (application/demo/looks.py): which photo each demo listing shows, and that
names, sizes and blog photos agree with what the photos show."""

from __future__ import annotations

import random
import re
from itertools import islice, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from application.demo.blog import PUBLISHED
from application.demo.catalog import GARMENTS, NAMES_FOR, _fit
from application.demo.looks import KINDS, LOOKS, deal, features, fits, kind_rounds, look
from domain.catalog import Category, Size

pytestmark = pytest.mark.unit

# The closest two listings can be and share a photo: a kind comes round once per round of
# len(KINDS) listings, and deals its looks in turn.
APART = (min(len(looks) for looks in LOOKS.values()) - 1) * len(KINDS) + 1


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=400))
def test_listings_near_each_other_never_share_a_photo(seed: int, start: int) -> None:
    dealt = list(islice(deal(random.Random(seed)), start, start + APART))
    assert len(set(dealt)) == len(dealt)
    assert all(a[0] != b[0] for a, b in pairwise(dealt))  # kinds alternate


@given(st.integers(min_value=0, max_value=2**32))
def test_every_kind_comes_round_once_a_round(seed: int) -> None:
    kinds = list(islice(kind_rounds(random.Random(seed)), len(KINDS) * 5))
    for round_start in range(0, len(kinds), len(KINDS)):
        assert sorted(kinds[round_start:round_start + len(KINDS)]) == sorted(KINDS)


def test_every_look_is_its_own_photo_and_has_names_that_fit() -> None:
    seen = set()
    for kind in KINDS:
        for index in range(len(LOOKS[kind])):
            shown = look(kind, index)
            seen.add(shown)
            names = NAMES_FOR[(kind, index)]
            assert names, shown
            for _, model, _ in names:
                words = model.lower()
                assert ("denim" in words or "jeans" in words) == ("denim" in features(shown))
                assert ("floral" in words) == ("floral" in features(shown))
            # neighbouring looks of a kind lie on different surfaces
            assert look(kind, index + 1).surface != shown.surface
    assert len(seen) == sum(len(looks) for looks in LOOKS.values())


def test_a_name_saying_what_a_look_is_not_never_fits() -> None:
    assert fits("denim", look("jacket", 0)) and not fits(None, look("jacket", 0))
    assert fits("quilted", look("jacket", 2)) and not fits("denim", look("jacket", 2))
    assert fits(None, look("tee", 1)) and fits("striped", look("tee", 1))  # breton
    assert not fits("striped", look("tee", 0))


@given(st.integers(min_value=0, max_value=2**32))
def test_sizes_suit_the_category(seed: int) -> None:
    """Clothes take letter sizes, shoes "other" with a US size the title shows, bags one
    size: the spec's sizes (xxs..3xl, other) hold no shoe sizes."""
    rng = random.Random(seed)
    for garment in GARMENTS:
        size, title, note = _fit(rng, garment)
        if garment.category is Category.FOOTWEAR:
            match = re.fullmatch(r", US (\d+(?:\.5)?)", title)
            assert size is Size.OTHER and match and 5 <= float(match[1]) <= 13
            assert note.startswith(f"Size US {match[1]} (EU ")
        elif garment.category is Category.ACCESSORIES:
            assert (size, title, note) == (Size.OTHER, "", "One size. ")
        else:
            assert size in garment.sizes and size is not Size.OTHER and not title


WORDS = {"jeans": "levi's", "blouse": "blouse", "sneaker": "sneaker", "jacket": "jacket"}


def test_a_blog_posts_photo_shows_what_its_text_is_about() -> None:
    for post in PUBLISHED:
        text = f"{post.title} {post.excerpt} {post.content}".lower()
        if len(post.photo) == 1:
            shown = post.photo[0]
            assert WORDS[shown.kind] in text, post.title
            assert shown.colour in text or shown.kind != "blouse", post.title
        else:  # a flat-lay: every piece is one the text names
            assert "sneakers" in text and "shirts" in text and "trousers" in text
    silk = next(p for p in PUBLISHED if "Silk Blouse" in p.title)
    assert [(s.kind, s.colour) for s in silk.photo] == [("blouse", "cream")]
