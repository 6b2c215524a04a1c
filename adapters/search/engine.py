"""The search port on Tantivy: every worker's reader of its host's on-disk index.

Each worker process opens the live index (``documents.live_path``) read-only; the operating
system's page cache holds its files once for all of them. A reader looks for a newer commit
(or a rebuilt index swapped in) at most every :data:`CHECK_SECONDS`, and at once when the
indexer in its own process says it committed (:meth:`TantivySearch.committed`).

Keyset pages: Tantivy orders by one fast field; ties are broken by id here. A page asks for
the matches strictly after the cursor's key (a range on the key), and separately for the
cursor key's own matches after its id; when the page ends inside a run of equal keys, that
run is completed in id order. Relevance is two levels: rank 1 (title and brand match every
word, ``domain.search.rank``) before rank 0, each newest first.

Cost at a million listings: ordering or counting every match of a broad query reads every
listing (30-40 ms here). So a sorted page first asks only for the keys nearest its start —
the newest 0.5 %, then 4 %, then 32 % of the catalog (:class:`Spread`, the key's histogram,
read once a minute) — and widens only when that window holds too few matches; a window
that holds the page holds its best matches, so the answer is exact. A total above the cap
(``application.catalog.TOTAL_CAP``, shown as "10,000+") and the facet counts of a query
matching more than :data:`BROAD` listings are remembered for a few seconds across commits;
exact totals and every other count are read again after every commit.

Tantivy releases the GIL while it searches; every read runs in a worker thread, so a long
search never stalls the event loop's other connections.

Size: one adapter class behind one port (application/ports/search.py: ids, count, facets,
similar, vocabulary, suggestions) and the reader cache those share (_recent, _keep); the
documents are already apart (documents.py) and so is the writer (indexer.py).
"""

from __future__ import annotations

import asyncio
import bisect
import functools
import os
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

import tantivy
from tantivy import FieldType, Occur, Order, Query

from adapters.search.documents import (
    BRAND_SEPARATOR,
    EPOCH,
    LISTING,
    META,
    SCHEMA,
    WINDOW_FIELDS,
    live_path,
    micros,
    open_index,
)
from adapters.search.vocabulary import Vocabulary
from application.ports.catalog import (
    FacetCount,
    Facets,
    ListingFilter,
    ListingSort,
    Suggestion,
)
from application.shared.paging import After
from domain.catalog import ListingStatus
from domain.money import to_cents
from domain.search import patterns

CHECK_SECONDS = 0.05
FACETS = ("brands", "categories", "sizes", "conditions")
_FACET_FIELDS = {"brands": "brand_key", "categories": "category", "sizes": "size",
                 "conditions": "condition"}
_BUCKETS = 65_000
_SORT_FIELD = {ListingSort.MOST_RECENT: "created", ListingSort.RELEVANCE: "created",
               ListingSort.PRICE_LOW_HIGH: "price", ListingSort.PRICE_HIGH_LOW: "price",
               ListingSort.MOST_POPULAR: "watch"}
_REMEMBERED = 4096
# How long a key's spread (:class:`Spread`), the vocabulary typos are corrected against and
# a capped total are kept across commits: each changes by a few listings a second at most,
# and each costs a read of every listing.
SPREAD_SECONDS = 60.0
VOCABULARY_SECONDS = 30.0
CAPPED_TOTAL_SECONDS = 5.0
# How long a prefix's suggested words are kept across commits.
SUGGESTION_SECONDS = 5.0
# A query matching more listings than this is broad: its facet counts are kept for
# CAPPED_TOTAL_SECONDS too (each count moves by a sale or two in that time).
BROAD = 10_000
# A sorted page's probes: the listings nearest its start, as a share of the catalog.
_WINDOWS = (0.005, 0.04, 0.32)
_SPREAD_BUCKETS = 2000


def _term(field: str, value: Any) -> Query:
    return Query.term_query(SCHEMA, field, value)


def _any_of(field: str, values: list[Any]) -> Query:
    return _term(field, values[0]) if len(values) == 1 else Query.term_set_query(
        SCHEMA, field, values)


def _range(field: str, low: int | None = None, high: int | None = None) -> Query:
    return Query.range_query(SCHEMA, field, FieldType.Integer, lower_bound=low,
                             upper_bound=high)


def _all(queries: list[Query]) -> Query:
    if len(queries) == 1:
        return queries[0]
    return Query.boolean_query([(Occur.Must, q) for q in queries])


@functools.lru_cache(maxsize=_REMEMBERED)
def _word(field: str, word: str) -> Query:
    """The terms of ``field`` the query word or its stem prefixes (``domain.search``).
    Kept: each regex costs ~0.3 ms to build, and a query depends on the schema alone."""
    found = [Query.regex_query(SCHEMA, field, re.escape(p) + ".*") for p in patterns(word)]
    return found[0] if len(found) == 1 else Query.boolean_query(
        [(Occur.Should, q) for q in found])


def _key(value: Any) -> int:
    """A cursor's key as the index stores it."""
    if isinstance(value, datetime):
        return micros(value)
    if isinstance(value, Decimal):
        return to_cents(value)
    return int(value)


def _meta(searcher: tantivy.Searcher) -> tuple[int, int | None]:
    """The outbox position and commit time (microseconds since :data:`EPOCH`) the index's
    last commit stored; (0, None) before its first."""
    hits = searcher.search(_term("kind", META), limit=1).hits
    if not hits:
        return 0, None
    meta = searcher.doc(hits[0][1])
    return int(meta.get_first("position") or 0), int(meta.get_first("committed") or 0)


class TantivySearch:
    """``directory``: the host's search directory (``RETHREAD_SEARCH_DIR``); ``ticks``: the
    seconds clock behind every "at most every" and "kept for" here (monotonic; a test
    moves its own)."""

    def __init__(self, directory: Path, ticks: Callable[[], float] = time.monotonic) -> None:
        self.directory = directory
        self.ticks = ticks
        self._index: tantivy.Index | None = None
        self._path: Path | None = None
        self._meta_stamp = 0
        self._checked = float("-inf")
        self._cache: dict[Hashable, Any] = {}  # until the next commit
        self._kept: dict[Hashable, tuple[float, Any]] = {}  # for a few seconds (``_lasting``)
        # Built queries by filter: they depend on the schema only, never on the index, so
        # a search's count and its page (and the next request's) share one.
        self._filters: dict[tuple[ListingFilter, tuple[str, ...], bool], Query] = {}

    # -- the reader ---------------------------------------------------------------------

    def committed(self) -> None:
        """The indexer of this process committed: look again at the next question."""
        self._checked = float("-inf")

    def _searcher(self) -> tantivy.Searcher | None:
        now = self.ticks()
        if now - self._checked >= CHECK_SECONDS:
            self._checked = now
            self._look()
        return None if self._index is None else self._index.searcher()

    def _look(self) -> None:
        path = live_path(self.directory)
        if path is None:
            return
        try:
            stamp = os.stat(path / "meta.json").st_mtime_ns
        except FileNotFoundError:
            return
        if path != self._path:
            self._index, self._path, self._meta_stamp = open_index(path), path, stamp
            self._index.config_reader(reload_policy="Manual")
            self._kept.clear()  # a rebuilt index: nothing read from the old one holds
            self._changed()
        elif stamp != self._meta_stamp and self._index is not None:
            self._meta_stamp = stamp
            self._index.reload()
            self._changed()

    def _changed(self) -> None:
        self._cache.clear()

    def version(self) -> str:
        """The live index as this process reads it: its directory, outbox position and
        commit time, read once per commit (the ``meta`` document). Every commit moves it,
        and two processes reading the same commit have the same one."""
        searcher = self._searcher()
        if searcher is None or self._path is None:
            return ""
        found = self._cache.get("version")
        if found is None:
            position, committed = _meta(searcher)
            found = self._cache["version"] = f"{self._path.name}:{position}:{committed}"
        return cast(str, found)

    def status(self) -> tuple[int, int, datetime | None]:
        """Documents, applied outbox position and last commit of the live index."""
        searcher = self._searcher()
        if searcher is None:
            return 0, 0, None
        position, micros_committed = _meta(searcher)
        if micros_committed is None:
            return 0, 0, None
        committed = EPOCH + timedelta(microseconds=micros_committed)
        # Every live document but the meta one is a listing: the segments' live-document
        # counts answer without reading a posting list (a health check asks this).
        documents = max(searcher.num_docs - 1, 0)
        return documents, position, committed

    # -- queries ------------------------------------------------------------------------

    def _recent(self, key: Hashable, seconds: float) -> Any | None:
        """What :meth:`_keep` kept under ``key`` less than ``seconds`` ago, else None."""
        found = self._kept.get(key)
        return found[1] if found is not None and self.ticks() - found[0] <= seconds else None

    def _keep(self, key: Hashable, value: Any) -> Any:
        """Keep ``value`` across commits (until a rebuild), stamped now."""
        if len(self._kept) >= _REMEMBERED:
            self._kept.clear()
        self._kept[key] = (self.ticks(), value)
        return value

    def _lasting(self, key: Hashable, seconds: float, compute: Callable[[], Any]) -> Any:
        """``compute()``, kept for ``seconds`` across commits (and until a rebuild)."""
        found = self._recent(key, seconds)
        return self._keep(key, compute()) if found is None else found

    async def _lasting_in_thread(self, key: Hashable, seconds: float,
                                 compute: Callable[[], Any]) -> Any:
        """:meth:`_lasting` with ``compute`` run in a worker thread; no thread when kept."""
        found = self._recent(key, seconds)
        if found is not None:
            return found
        return await asyncio.to_thread(self._lasting, key, seconds, compute)

    def _filter(self, query: ListingFilter, skip: tuple[str, ...] = (),
                reading_all: bool = False) -> Query:
        """The engine's query of ``query`` (without the facets named in ``skip``), built
        once: a search's count and its facets reuse one, its pages another.
        ``reading_all``: for work that reads every match (a count, facets), whose price
        range is read from ``price_terms``'s postings, not ``price``'s column (at 1M:
        counts 26.8 -> 15.1 ms over 90 % of the catalog, 4.0 -> 1.9 ms over 9 %); a page
        ordered by a key keeps the column, which it seeks into from a narrow window."""
        key = (query, skip, reading_all)
        found = self._filters.get(key)
        if found is None:
            if len(self._filters) >= _REMEMBERED:
                self._filters.clear()
            found = self._filters[key] = _build_filter(
                query, skip, WINDOW_FIELDS["price"] if reading_all else "price")
        return found

    async def ids(self, query: ListingFilter, sort: ListingSort, limit: int,
                  after: After | None = None) -> list[int]:
        searcher = self._searcher()
        if searcher is None or limit <= 0:
            return []
        return await asyncio.to_thread(self._ids, searcher, query, sort, limit, after)

    def _ids(self, searcher: tantivy.Searcher, query: ListingFilter, sort: ListingSort,
             limit: int, after: After | None) -> list[int]:
        """A page of ids, its key's spread (read at most once a minute) and all, in one
        worker thread."""
        field, descending = _SORT_FIELD[sort], sort.descending
        spread = self._lasting(("spread", field), SPREAD_SECONDS,
                               lambda: _spread(searcher, field))
        base = self._filter(query)
        start = _start(query, field, descending)
        if sort is not ListingSort.RELEVANCE or not query.words:
            return _keyset(searcher, spread, base, field, descending, limit, after, start)
        head = _all([_word("head", word) for word in query.words])
        strong = _all([base, head])
        weak = Query.boolean_query([(Occur.Must, base), (Occur.MustNot, head)])
        found: list[int] = []
        if after is None or after.rank == 1:
            found = _keyset(searcher, spread, strong, field, True, limit, after)
            after = None
        if len(found) < limit:
            found += _keyset(searcher, spread, weak, field, True, limit - len(found), after)
        return found

    async def count(self, query: ListingFilter, up_to: int | None = None) -> int:
        searcher = self._searcher()
        if searcher is None:
            return 0
        key = ("total", query)
        kept = self._recent(key, CAPPED_TOTAL_SECONDS)
        if up_to is not None and kept is not None and kept > up_to:
            return up_to  # still above the cap: a few sales cannot bring it under
        counted = await asyncio.to_thread(
            lambda: _count(searcher, self._filter(query, reading_all=True)))
        if up_to is not None and counted > up_to:
            self._keep(key, counted)
        return counted if up_to is None else min(counted, up_to)

    async def facets(self, query: ListingFilter, brand_limit: int) -> Facets:
        searcher = self._searcher()
        if searcher is None:
            return Facets()
        key = ("facets", query, brand_limit)
        kept = self._recent(key, CAPPED_TOTAL_SECONDS)
        if kept is not None:
            return cast(Facets, kept)
        facets = await asyncio.to_thread(self._facets, searcher, query, brand_limit)
        # A facet left unticked counts every match once: its sum is the query's total.
        unticked = next((name for name in FACETS[1:] if not _ticked(query, name)), None)
        if unticked is not None and sum(f.count for f in getattr(facets, unticked)) > BROAD:
            self._keep(key, facets)  # a broad query's counts: kept a moment
        return facets

    def _facets(self, searcher: tantivy.Searcher, query: ListingFilter, brand_limit: int
                ) -> Facets:
        ticked = [name for name in FACETS if _ticked(query, name)]
        counted: dict[str, Counter[str]] = {}
        shown: dict[str, str] = {}
        # Facets whose filter is not ticked share one pass (the full filter); each ticked
        # one gets its own pass without its own filter.
        passes: list[tuple[Query, list[str]]] = [
            (self._filter(query, reading_all=True), [n for n in FACETS if n not in ticked])]
        passes += [(self._filter(query, skip=(name,), reading_all=True), [name])
                   for name in ticked]
        for filtered, names in passes:
            if not names:
                continue
            aggregations = {name: {"terms": {"field": "brand_pair" if name == "brands"
                                             else _FACET_FIELDS[name],
                                             "size": _BUCKETS, "segment_size": _BUCKETS}}
                            for name in names}
            result = searcher.aggregate(filtered, aggregations)
            for name in names:
                counts: Counter[str] = Counter()
                for bucket in result[name]["buckets"]:
                    value, n = str(bucket["key"]), int(bucket["doc_count"])
                    if name == "brands":
                        value, _, brand = value.partition(BRAND_SEPARATOR)
                        shown[value] = min(shown.get(value, brand), brand)
                    counts[value] += n
                counted[name] = counts

        def ranked(name: str) -> list[FacetCount]:
            pairs = sorted(counted[name].items(), key=lambda item: (-item[1], item[0]))
            return [FacetCount(shown.get(value, value) if name == "brands" else value, n)
                    for value, n in pairs if n]

        return Facets(brands=ranked("brands")[:brand_limit], categories=ranked("categories"),
                      sizes=ranked("sizes"), conditions=ranked("conditions"))

    async def similar(self, listing_id: int, limit: int) -> list[int]:
        searcher = self._searcher()
        if searcher is None or limit <= 0:
            return []
        return await asyncio.to_thread(_similar, searcher, listing_id, limit)

    # -- vocabulary: typo correction and suggestions ------------------------------------

    def _vocabulary(self, prefix: str, limit: int | None = None) -> list[tuple[str, int]]:
        searcher = self._searcher()
        if searcher is None:
            return []
        return _vocabulary(searcher, prefix, limit)

    async def knows_prefix(self, prefixes: tuple[str, ...]) -> bool:
        searcher = self._searcher()
        if searcher is None:
            return False
        return await asyncio.to_thread(
            lambda: any(_vocabulary(searcher, p, 1) for p in prefixes if p))

    async def terms_near(self, word: str, spread: int) -> dict[str, int]:
        vocabulary: Vocabulary = await self._lasting_in_thread(
            ("vocabulary",), VOCABULARY_SECONDS, lambda: Vocabulary(self._vocabulary("")))
        return await asyncio.to_thread(vocabulary.near, word, spread)

    async def suggest_words(self, prefix: str, limit: int) -> list[Suggestion]:
        searcher = self._searcher()
        if not prefix or searcher is None:
            return []
        # Kept a few seconds across commits: what the search boxes retype. They are words
        # with counts, never a listing shown as available, and a count moves by a sale or
        # two in that time; read again after every commit they cost a pass over the prefix's
        # terms whenever favourites are being added (many commits a second).
        found: list[tuple[str, int]] = await self._lasting_in_thread(
            ("words", prefix, limit), SUGGESTION_SECONDS,
            lambda: _vocabulary(searcher, prefix, limit))
        return [Suggestion(term, n) for term, n in found]

    def _brands(self) -> dict[str, tuple[str, int]]:
        """Brand key -> (shown spelling, available listings), for suggestions."""
        searcher = self._searcher()
        if searcher is None:
            return {}
        available = _term("status", ListingStatus.AVAILABLE.value)
        counts: Counter[str] = Counter()
        shown: dict[str, str] = {}
        for pair, n in searcher.terms_with_prefix("brand_pair", "", filter_query=available):
            key, _, brand = pair.partition(BRAND_SEPARATOR)
            if n > 0 and key:
                counts[key] += int(n)
                shown[key] = min(shown.get(key, brand), brand)
        return {key: (shown[key], n) for key, n in counts.items()}

    async def suggest_brands(self, prefix: str, limit: int) -> list[Suggestion]:
        if not prefix:
            return []
        compact = prefix.replace(" ", "")
        brands: dict[str, tuple[str, int]] = await self._lasting_in_thread(
            ("brands",), VOCABULARY_SECONDS, self._brands)
        found = [(key, shown, n) for key, (shown, n) in brands.items()
                 if key.startswith(prefix) or key.replace(" ", "").startswith(compact)]
        found.sort(key=lambda item: (-item[2], item[0]))
        return [Suggestion(shown, n) for _, shown, n in found[:limit]]

    async def remembered(self, key: tuple[str, ...], compute: Callable[[], Awaitable[str]]
                         ) -> str:
        self._searcher()
        found = self._cache.get(("remembered", *key))
        if found is None:
            found = await compute()
            self._remember(("remembered", *key), found)
        return str(found)

    def _remember(self, key: Hashable, value: Any) -> None:
        """Keep ``value`` until the next commit."""
        if len(self._cache) >= _REMEMBERED:
            self._cache.clear()
        self._cache[key] = value


def _build_filter(query: ListingFilter, skip: tuple[str, ...], price: str) -> Query:
    """``price``: the field a price range is read from (``TantivySearch._filter``)."""
    # The meta document has no status: the status term leaves it out by itself, one
    # posting list fewer to intersect than a ``kind`` term besides.
    parts = [_term("kind", LISTING) if query.include_unavailable
             else _term("status", ListingStatus.AVAILABLE.value)]
    chosen = {"brands": sorted(query.brands),
              "categories": sorted(c.value for c in query.categories),
              "sizes": sorted(s.value for s in query.sizes),
              "conditions": sorted(c.value for c in query.conditions)}
    for name, values in chosen.items():
        if values and name not in skip:
            parts.append(_any_of(_FACET_FIELDS[name], values))
    if query.min_price is not None or query.max_price is not None:
        parts.append(_range(
            price, None if query.min_price is None else to_cents(query.min_price),
            None if query.max_price is None else to_cents(query.max_price)))
    if query.seller_id is not None:
        parts.append(_term("seller", query.seller_id))
    parts.extend(_word("terms", word) for word in query.words)
    found = _all(parts)
    excluded = []
    if query.exclude_sellers:
        excluded.append(_any_of("seller", sorted(query.exclude_sellers)))
    if query.include_unavailable and not query.include_hidden:
        excluded.append(_term("status", ListingStatus.HIDDEN.value))
    if excluded:
        found = Query.boolean_query([(Occur.Must, found)]
                                    + [(Occur.MustNot, part) for part in excluded])
    return found


def _ticked(query: ListingFilter, name: str) -> bool:
    return bool(getattr(query, name))


@dataclass(frozen=True)
class Spread:
    """How a sort key's values spread over the available listings: a histogram, the lower
    edge of each non-empty bucket (ascending) with its number of listings."""

    edges: list[int]
    counts: list[int]
    interval: int

    def windows(self, descending: bool, bound: int | None) -> list[int]:
        """Where each probe of a page starting at ``bound`` (None: at the first key) ends:
        the key reached after about 0.5 %, 4 % and 32 % of the listings. Descending pages
        probe keys >= each, ascending ones keys <= each."""
        total = sum(self.counts)
        targets = [max(1, round(share * total)) for share in _WINDOWS]
        ends: list[int] = []
        seen = 0
        if descending:
            at = len(self.edges) - 1 if bound is None else bisect.bisect_right(
                self.edges, bound) - 1
            step = -1
        else:
            at = 0 if bound is None else max(bisect.bisect_right(self.edges, bound) - 1, 0)
            step = 1
        while 0 <= at < len(self.edges) and targets:
            seen += self.counts[at]
            if seen * 2 > total:  # a window of most listings costs more than none
                break
            if seen >= targets[0]:
                ends.append(self.edges[at] if descending
                            else self.edges[at] + self.interval - 1)
                targets = [t for t in targets if t > seen]
            at += step
        return ends


def _spread(searcher: tantivy.Searcher, field: str) -> Spread:
    available = _term("status", ListingStatus.AVAILABLE.value)
    stats = searcher.aggregate(available, {"s": {"stats": {"field": field}}})["s"]
    if not stats.get("count") or stats.get("min") is None:
        return Spread([], [], 1)
    low, high = int(stats["min"]), int(stats["max"])
    interval = max(1, -(-(high - low + 1) // _SPREAD_BUCKETS))
    histogram = searcher.aggregate(available, {"h": {"histogram": {
        "field": field, "interval": interval, "min_doc_count": 1}}})["h"]["buckets"]
    buckets = sorted((int(b["key"]), int(b["doc_count"])) for b in histogram)
    return Spread([edge for edge, _ in buckets], [n for _, n in buckets], interval)


def _top(searcher: tantivy.Searcher, query: Query, field: str, descending: bool,
         need: int, windows: list[int]) -> list[tuple[Any, Any]]:
    """The ``need`` best hits of ``query`` by ``field``: from the first window holding that
    many (its hits are then the best of all: every key outside it is worse), else from all."""
    order = Order.Desc if descending else Order.Asc
    ranged = WINDOW_FIELDS.get(field, field)  # (its postings: documents.WINDOW_FIELDS)
    for end in windows:
        window = _all([query, _range(ranged, low=end) if descending
                       else _range(ranged, high=end)])
        hits = searcher.search(window, limit=need, count=False, order_by_field=field,
                               order=order).hits
        if len(hits) == need:
            return hits
    return searcher.search(query, limit=need, count=False, order_by_field=field,
                           order=order).hits


def _count(searcher: tantivy.Searcher, query: Query) -> int:
    return int(searcher.search(query, limit=1).count or 0)  # type: ignore[attr-defined]  # not in tantivy's stubs


def _vocabulary(searcher: tantivy.Searcher, prefix: str, limit: int | None = None
                ) -> list[tuple[str, int]]:
    return [(term, int(n)) for term, n in searcher.terms_with_prefix(
        "vocab", prefix, filter_query=_term("kind", LISTING), limit=limit) if n > 0]


def _similar(searcher: tantivy.Searcher, listing_id: int, limit: int) -> list[int]:
    hits = searcher.search(_term("id", listing_id), limit=1).hits
    if not hits:
        return []
    text = searcher.doc(hits[0][1]).get_first("similar") or ""
    if not text:
        return []
    like = Query.more_like_this_document_fields_query(
        SCHEMA, {"similar": [text]}, min_doc_frequency=1, min_term_frequency=1,
        max_query_terms=25)
    query = Query.boolean_query([
        (Occur.Must, like), (Occur.Must, _term("status", ListingStatus.AVAILABLE.value)),
        (Occur.MustNot, _term("id", listing_id))])
    found = searcher.search(query, limit=limit).hits
    return _ints(searcher.fast_field_values("id", [a for _, a in found]))


def _start(query: ListingFilter, field: str, descending: bool) -> int | None:
    """Where the filter itself starts a page ordered by ``field``: a price range's near
    end (the low end ascending, the high end descending), else None."""
    if field != "price":
        return None
    edge = query.max_price if descending else query.min_price
    return None if edge is None else to_cents(edge)


def _keyset(searcher: tantivy.Searcher, spread: Spread, query: Query, field: str,
            descending: bool, limit: int, after: After | None, start: int | None = None
            ) -> list[int]:
    """Up to ``limit`` ids of ``query`` ordered by (``field``, id), both descending or both
    ascending, strictly after ``after``. ``start``: the first key the query can match
    (:func:`_start`), so the probed windows begin there, not at the catalog's first key."""
    order = Order.Desc if descending else Order.Asc
    found: list[int] = []
    rest = query
    bound = None
    if after is not None:
        key = _key(after.value)
        same = _all([query, _term(field, key),
                     _range("id", high=after.id - 1) if descending
                     else _range("id", low=after.id + 1)])
        found = _ids(searcher, same, "id", order, limit)
        if len(found) >= limit:
            return found[:limit]
        rest = _all([query, _range(field, high=key - 1) if descending
                     else _range(field, low=key + 1)])
        bound = key - 1 if descending else key + 1
    if start is not None:
        bound = start if bound is None else min(bound, start) if descending else max(
            bound, start)
    need = limit - len(found)
    hits = _top(searcher, rest, field, descending, need, spread.windows(descending, bound))
    if not hits:
        return found
    ids = searcher.fast_field_values("id", [address for _, address in hits])
    keyed = [(int(k), i) for (k, _), i in zip(hits, _ints(ids), strict=True)]
    if len(hits) == need:  # the last key's run may go on past the page: finish it by id
        last = keyed[-1][0]
        keyed = [pair for pair in keyed if pair[0] != last]
        run = _ids(searcher, _all([rest, _term(field, last)]), "id", order,
                   need - len(keyed))
        keyed.sort(reverse=descending)
        return found + [i for _, i in keyed] + run
    keyed.sort(reverse=descending)
    return found + [i for _, i in keyed]


def _ids(searcher: tantivy.Searcher, query: Query, field: str, order: Order,
         limit: int) -> list[int]:
    if limit <= 0:
        return []
    hits = searcher.search(query, limit=limit, count=False, order_by_field=field,
                           order=order).hits
    return [int(k) for k, _ in hits]


def _ints(values: list[int | float | bool | None]) -> list[int]:
    """An integer fast field's values (tantivy's stubs type them as any fast field's)."""
    return [int(cast(int, value)) for value in values]
