"""Words shown to people that several areas build the same way."""

from __future__ import annotations


def count_of(count: int, noun: str, plural: str | None = None) -> str:
    """``"1 report"``, ``"3 reports"``, ``"1,234 items"``, ``"2 people"``: a count with its
    noun, singular only for exactly one; the plural is the noun with an ``s`` unless given."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"
