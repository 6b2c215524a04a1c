"""The words typo corrections are looked for among (``ListingSearch.terms_near``): the
index's ``vocab`` terms with how many listings use each, grouped by length.

A correction compares the typed word with every word of a similar length. Done in Python
(``domain.search.distance``) that cost 95-195 ms at 15,000-25,000 candidates, on the event
loop, for any word anyone typed that the catalog lacks; RapidFuzz's C++ optimal string
alignment (the same distance: insertions, deletions, substitutions and swaps of
neighbours, each counting one) finds the few words within the allowed edits, and the
domain's rule (``correct_word``) then picks among those few."""

from __future__ import annotations

from collections import defaultdict

from rapidfuzz import process
from rapidfuzz.distance import OSA


class Vocabulary:
    def __init__(self, words: list[tuple[str, int]]) -> None:
        self.counts = dict(words)
        self._by_length: dict[int, list[str]] = defaultdict(list)
        for term in self.counts:
            self._by_length[len(term)].append(term)

    def near(self, word: str, spread: int) -> dict[str, int]:
        """The words within ``spread`` edits of ``word``, with their counts."""
        found: dict[str, int] = {}
        for length in range(max(1, len(word) - spread), len(word) + spread + 1):
            for term, _, _ in process.extract(word, self._by_length.get(length, []),
                                              scorer=OSA.distance, score_cutoff=spread,
                                              limit=None):
                found[term] = self.counts[term]
        return found
