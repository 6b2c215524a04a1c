"""The search port: what the catalog asks a search engine (docs/search.md).

One adapter implements it, on Tantivy (``adapters/search/engine.py``); a managed engine
(Meilisearch, OpenSearch) would be a second adapter behind the same methods. The engine
answers with listing ids; the catalog reads the listings themselves from the database by
id, so a page always shows the listings' current rows.

Semantics (the brute-force oracle of the property test, ``tests/fakes/catalog.py``, is the
specification): see :mod:`application.ports.catalog` for words, filters, sorts and keyset
positions. ``exclude_sellers`` of a :class:`ListingFilter` drops those sellers' listings
(trust and safety: blocked or suspended sellers).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from application.ports.catalog import Facets, ListingFilter, ListingSort, Suggestion
from application.shared.paging import After


@dataclass(frozen=True)
class SearchStatus:
    """How the index of this host stands: documents, applied outbox position, the outbox's
    last row (``lag`` = rows not yet applied) and when the index last committed."""

    documents: int
    position: int
    outbox: int
    committed_at: datetime | None

    @property
    def lag(self) -> int:
        return max(0, self.outbox - self.position)


class ListingSearch(Protocol):
    async def ids(self, query: ListingFilter, sort: ListingSort, limit: int,
                  after: After | None = None) -> list[int]:
        """Up to ``limit`` matching ids in the sort's order, strictly after ``after``."""
    async def count(self, query: ListingFilter, up_to: int | None = None) -> int:
        """How many match (at most ``up_to`` when given)."""
    async def facets(self, query: ListingFilter, brand_limit: int) -> Facets:
        """Counts per value; each facet ignores its own filter (so choices stay visible)."""
    async def similar(self, listing_id: int, limit: int) -> list[int]:
        """Available listings most like this one (title, brand, category, size), best
        first, never the listing itself; [] when it is not indexed."""
    async def knows_prefix(self, prefixes: tuple[str, ...]) -> bool:
        """Does a vocabulary word (``domain.search.vocabulary_words`` of any listing) start
        with one of ``prefixes``?"""
    async def terms_near(self, word: str, spread: int) -> dict[str, int]:
        """Vocabulary words within ``spread`` edits of the word (``domain.search.distance``),
        with how many listings use each (the candidates of a typo correction)."""
    async def suggest_words(self, prefix: str, limit: int) -> list[Suggestion]:
        """Vocabulary words starting with ``prefix``, most used first."""
    async def suggest_brands(self, prefix: str, limit: int) -> list[Suggestion]:
        """Brands of available listings whose key starts with ``prefix``, most listed first."""
    def version(self) -> str:
        """What this process's answers are read from: changes with every commit or rebuild
        of the index, and is the same in two processes reading the same commit. A key for
        answers kept outside the engine (the HTTP response cache)."""
    async def remembered(self, key: tuple[str, ...], compute: Callable[[], Awaitable[str]]
                         ) -> str:
        """``compute()``'s answer, which depends on the index only: kept (under ``key``)
        until the index changes."""


class SearchHealth(Protocol):
    async def status(self) -> SearchStatus:
        """How this host's index stands against the outbox (``/api/health``, ``rethread
        search status``)."""
