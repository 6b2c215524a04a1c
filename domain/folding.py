"""Text as search sees it: folded (lower case, no accents) and cut into words.

Used by brand keys (``domain.catalog.brand_key``) and by the search rules
(``domain/search.py``, which explains the choices).
"""

from __future__ import annotations

import re
import unicodedata

MAX_TERM_LENGTH = 64
# Letters that NFKD does not split into a base letter and a mark.
_SPECIAL = str.maketrans({"\u00df": "ss", "\u00e6": "ae", "\u00f8": "o", "\u0153": "oe",
                          "\u0142": "l", "\u0111": "d", "\u0131": "i", "\u00fe": "th",
                          "\u00f0": "d", "\u2019": "'", "\u2018": "'", "\uff06": "&"})
_RUN = r"[^\W_]+"
# A word: runs joined by ' or & (kept as one word) and by - (parts kept, joined form added).
_WORD = re.compile(rf"{_RUN}(?:[-'&]{_RUN})*")
_JOINERS = re.compile(r"['&]")


def fold(text: str) -> str:
    """Lower case without accents: "Jäcket Café" -> "jacket cafe"."""
    lowered = text.lower().translate(_SPECIAL)
    if lowered.isascii():
        return lowered
    decomposed = unicodedata.normalize("NFKD", lowered)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return bare.lower().translate(_SPECIAL)  # NFKD can give capitals (a script capital A -> "A")


def _parts(word: str) -> list[str]:
    """One matched word as its terms: joined by ' and &, split (and joined) at hyphens."""
    pieces = [_JOINERS.sub("", piece) for piece in word.split("-")]
    if len(pieces) == 1:
        return pieces
    return [*pieces, "".join(pieces)]


def words(text: str) -> list[str]:
    """The folded words of ``text`` as a shopper's query or a listing field gives them."""
    return [term[:MAX_TERM_LENGTH] for match in _WORD.findall(fold(text))
            for term in _parts(match) if term]


def query_words(text: str) -> list[str]:
    """A query's words: like :func:`words` but a hyphenated word counts as its parts only
    (every part must match; the joined form would only narrow it)."""
    found: list[str] = []
    for match in _WORD.findall(fold(text)):
        found.extend(p for p in (_JOINERS.sub("", piece)[:MAX_TERM_LENGTH]
                                 for piece in match.split("-")) if p)
    return found
