"""URL slugs for blog posts (spec section 5).

Generation rule: lowercase, strip punctuation, spaces to hyphens, collapse repeated
hyphens, trim hyphens at the ends. Non-ASCII letters are transliterated where Unicode
allows it (NFKD: "Café" -> "cafe") and dropped otherwise ("日本" -> ""). The result is
cut to :data:`MAX_SLUG_LENGTH` at a character, then trailing hyphens are trimmed again.

:func:`slugify` is idempotent and its result is either empty or satisfies
:func:`is_valid_slug`. It can be shorter than :data:`MIN_SLUG_LENGTH` (title "A!" gives
"a"); the caller decides what to do then (the blog form asks for a slug).
"""

from __future__ import annotations

import re
import unicodedata

MIN_SLUG_LENGTH = 3
MAX_SLUG_LENGTH = 100

# The canonical form: runs of [a-z0-9] joined by single hyphens.
SLUG_RE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)
SLUG_CHARS_RE = re.compile(r"[a-z0-9-]*", re.ASCII)

_PUNCTUATION_RE = re.compile(r"[^a-z0-9\s-]", re.ASCII)
_SEPARATORS_RE = re.compile(r"[\s-]+")


def slugify(text: str, max_length: int = MAX_SLUG_LENGTH) -> str:
    """``"Hello, World!  Café"`` -> ``"hello-world-cafe"``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    without_punctuation = _PUNCTUATION_RE.sub("", ascii_text.lower())
    hyphenated = _SEPARATORS_RE.sub("-", without_punctuation).strip("-")
    return hyphenated[:max_length].rstrip("-")


def is_valid_slug(slug: str) -> bool:
    """True for a canonical slug of 3 to 100 characters (what :func:`slugify` makes)."""
    return MIN_SLUG_LENGTH <= len(slug) <= MAX_SLUG_LENGTH and SLUG_RE.fullmatch(slug) is not None
