"""How shoppers' words meet listings: folding, brand names, simple stems, typo correction.

Pure rules, computed in Python on both sides: a listing's *terms* are stored with it at
write time (``search_head`` for title and brand, ``search_body`` for the description, the
category and the condition), and a query's words become *patterns*. Both databases then
only do what they do alike: match a pattern as a prefix of a stored term. So SQLite and
PostgreSQL answer every query the same way, and the in-memory oracle of the property test
is these functions over a list.

- **Folding**: lower case, accents removed (``NFKD`` minus combining marks, plus a few
  letters that do not decompose: sharp s, ae, slashed o, oe, barred l and d, dotless i),
  so "Café" and "cafe", "jäcket" and "jacket" are one word.
- **Words**: runs of letters and digits; an apostrophe or an ampersand *between* two runs
  joins them ("Levi's" -> ``levis``, "H&M" -> ``hm``: one term, not two prefixes); a hyphen
  keeps the parts and adds the joined word ("t-shirt" -> ``t``, ``shirt``, ``tshirt``). A
  brand of several words also gives its joined form ("North Face" -> ``northface``).
- **Stems** (:func:`stem`): English plurals and simple inflections, a light suffix rule
  rather than a full stemmer (which would also fold unrelated words together): ``dresses``
  -> ``dress``, ``jackets`` -> ``jacket``, ``hoodies``/``hoodie``/``hoody`` -> ``hoodi``,
  ``cropped`` -> ``crop``, ``running`` -> ``run``. A listing stores every word *and* its
  stem; a query word matches when the word or its stem is the prefix of a stored term, so
  typing ("jac") still finds "jacket" and "dresses" finds "dress".
- **Category and condition words**: the category's label ("outerwear", "footwear", plus
  "shoes" for footwear) and the condition's label ("like new", "new with tags") are terms
  of the body, so those words find their listings.
- **Relevance**: a listing whose title and brand alone match every word ranks above one
  that needs its description or category (:func:`rank`).
- **Typos** (:func:`correct_word`): a word that matches nothing is replaced by the closest
  term of the catalog's own vocabulary (optimal string alignment distance: a swap of two
  neighbours counts once, so "jakcet" is one edit from "jacket"), the more common term
  winning among equally close ones.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache

from domain.catalog import Category, Condition
from domain.folding import MAX_TERM_LENGTH, fold, query_words, words

__all__ = ["MAX_TERM_LENGTH", "fold", "query_words", "words"]

_VOWELS = frozenset("aeiouy")
_NO_UNDOUBLE = frozenset("lsz")

CATEGORY_WORDS: dict[Category, str] = {
    Category.TOPS: "tops", Category.BOTTOMS: "bottoms", Category.OUTERWEAR: "outerwear",
    Category.DRESSES: "dresses", Category.ACCESSORIES: "accessories",
    Category.FOOTWEAR: "footwear shoes", Category.OTHER: "",
}


def _has_vowel(text: str) -> bool:
    return any(c in _VOWELS for c in text)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """English plurals and simple inflections removed; short words and words with digits
    are left alone. Not a dictionary: a stem need not be a word (``hoodi``). A stem is its
    own stem: the rules run until nothing changes (``aaased`` -> ``aaas`` -> ``aaa``)."""
    while (shorter := _stem_once(word)) != word:
        word = shorter
    return word


def _stem_once(word: str) -> str:
    if len(word) <= 3 or not word.isalpha():
        return word
    w = word
    if w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("ies"):
        w = w[:-3] + ("ie" if len(w) == 4 else "i")
    elif w.endswith(("xes", "ches", "shes", "zzes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    # (after a plural too: paintings -> painting -> paint, as painting itself, so that a
    # stem is its own stem)
    for suffix in ("ing", "ed"):
        base = w[: -len(suffix)]
        if (w.endswith(suffix) and len(base) >= 3 and _has_vowel(base)
                and not w.endswith("eed")):
            w = base
            if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in _VOWELS | _NO_UNDOUBLE:
                w = w[:-1]  # cropped -> crop, knitted -> knit
            return w
    if len(w) > 3 and w.endswith("ie"):
        w = w[:-1]
    elif len(w) > 3 and w.endswith("y") and w[-2] not in _VOWELS:
        w = w[:-1] + "i"
    return w


def terms_of(texts: Iterable[str]) -> list[str]:
    """Every word of ``texts`` and its stem, each once, in first-seen order."""
    seen: dict[str, None] = {}
    for text in texts:
        for word in words(text):
            seen.setdefault(word, None)
            seen.setdefault(stem(word), None)
    return list(seen)


@lru_cache(maxsize=65536)
def _field_terms(text: str) -> tuple[str, ...]:
    return tuple(terms_of([text]))


@lru_cache(maxsize=4096)
def _brand_terms(brand: str) -> tuple[str, ...]:
    found = list(_field_terms(brand))
    parts = words(brand)
    if len(parts) > 1:
        found.append("".join(parts)[:MAX_TERM_LENGTH])
    return tuple(found)


@dataclass(frozen=True)
class SearchText:
    """What a listing is found by: ``head`` (title and brand) and ``body`` (description,
    category and condition words), each a space-separated list of terms."""

    head: str
    body: str

    @property
    def head_terms(self) -> list[str]:
        return self.head.split()

    @property
    def body_terms(self) -> list[str]:
        return self.body.split()


def _joined(groups: Iterable[Iterable[str]]) -> str:
    seen: dict[str, None] = {}
    for group in groups:
        for term in group:
            seen.setdefault(term, None)
    return " ".join(seen)


def search_text(title: str, description: str, brand: str, category: Category,
                condition: Condition) -> SearchText:
    """The stored search terms of a listing (both databases index exactly these)."""
    head = _joined((_field_terms(title), _brand_terms(brand)))
    body = _joined((_field_terms(description), _field_terms(CATEGORY_WORDS[category]),
                    _field_terms(condition.label)))
    return SearchText(head, body)


def vocabulary_fields(title: str, description: str, brand: str, category: Category,
                      condition: Condition) -> tuple[str, ...]:
    """The texts whose words make a listing's part of the vocabulary typos are corrected
    against."""
    return (title, description, brand, CATEGORY_WORDS[category], condition.label)


def vocabulary_words(title: str, description: str, brand: str, category: Category,
                     condition: Condition) -> set[str]:
    """The words (not stems) a listing adds to the vocabulary: real words a page can show
    in "Showing results for ...", two letters or more."""
    return set().union(*map(_field_words, vocabulary_fields(
        title, description, brand, category, condition)))


def count_vocabulary(fields: Iterable[str]) -> Counter[str]:
    """How many of ``fields`` (listing texts, :func:`vocabulary_fields`) use each word: the
    weight of a word in typo correction. Counting per text, not per listing, lets a bulk
    load count each distinct text once (a catalog repeats its titles and descriptions)."""
    counts: Counter[str] = Counter()
    for text, n in Counter(fields).items():
        for word in _field_words(text):
            counts[word] += n
    return counts


@lru_cache(maxsize=65536)
def _field_words(text: str) -> frozenset[str]:
    return frozenset(word for word in words(text) if len(word) > 1)


def patterns(word: str) -> tuple[str, ...]:
    """The prefixes one query word matches terms by: the word, and its stem when that is
    not already a prefix of the word (then it alone would match everything the word does)."""
    root = stem(word)
    if word.startswith(root):
        return (root,)
    return (word, root)


def word_matches(word: str, terms: Iterable[str]) -> bool:
    """Does the query ``word`` match one of ``terms`` (a pattern is a prefix of a term)?"""
    prefixes = patterns(word)
    return any(term.startswith(prefixes) for term in terms)


def matches(query: Iterable[str], text: SearchText) -> bool:
    """Every query word matches a term of the head or the body."""
    terms = text.head_terms + text.body_terms
    return all(word_matches(word, terms) for word in query)


def rank(query: Iterable[str], text: SearchText) -> int:
    """1 when the title and brand alone match every query word, else 0 (relevance
    orders by rank, then newest first)."""
    head = text.head_terms
    return int(all(word_matches(word, head) for word in query))


def distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (insert, delete, substitute, swap neighbours),
    or ``limit + 1`` as soon as it is certain to exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if (i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]):
                best = min(best, previous2[j - 2] + 1)
            current[j] = best
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return min(previous[-1], limit + 1)


def allowed_edits(word: str) -> int:
    """How many edits a correction may make: none below 3 letters, 1 up to 5, else 2."""
    if len(word) < 3:
        return 0
    return 1 if len(word) <= 5 else 2


def correct_word(word: str, vocabulary: Mapping[str, int]) -> str | None:
    """The vocabulary term closest to ``word`` (fewest edits, then the most listings, then
    alphabetical), or ``None`` when none is within :func:`allowed_edits` or ``word`` is
    itself a term. ``vocabulary`` maps terms to how many listings use them."""
    if not word.isalpha() or vocabulary.get(word, 0) > 0:
        return None
    limit = allowed_edits(word)
    best: tuple[int, int, str] | None = None
    for term, count in vocabulary.items():
        if count <= 0 or term == word:
            continue
        edits = distance(word, term, limit)
        if edits <= limit:
            key = (edits, -count, term)
            if best is None or key < best:
                best = key
    return None if best is None else best[2]


def matching_categories(typed: str) -> list[Category]:
    """Categories one of whose words (``CATEGORY_WORDS`` and the label) starts with the
    typed text or is matched by it as a query word ("jack" finds none, "outer" and
    "shoes" find theirs)."""
    query = query_words(typed)
    if not query:
        return []
    return [category for category, terms in _category_terms()
            if terms and all(word_matches(word, terms) for word in query)]


@lru_cache(maxsize=1)
def _category_terms() -> tuple[tuple[Category, tuple[str, ...]], ...]:
    """Each category's terms, folded once (a suggestion asks on every keystroke)."""
    return tuple((category, tuple(terms_of([CATEGORY_WORDS[category], category.label
                                            if category is not Category.OTHER else ""])))
                 for category in Category)
