"""The available listings' search columns in memory: filters, totals, orders and facets.

At a million listings a search in SQL pays for every text match it tests against a filter
and every match it counts (24 ms of CPU on average, docs/performance.md), and two at a time
on two cores cannot serve 64 shoppers. This index keeps, per process, what a search filters,
sorts and counts by in numpy arrays indexed by listing id, and answers with bitmaps:

- a **bitmap** has one bit per listing id. Filters are bitmaps ANDed together: one per
  category, size, condition, brand and search word (kept in a small LRU and patched as
  listings change), a price range from the price order, and the available listings.
- a **total** is the bitmap's population count: exact, in microseconds.
- a **page** walks an **order** (ids sorted by date, price or watchers, then id, as the SQL
  keyset cursors are) from the cursor and keeps the ids whose bit is set; when few listings
  match it sorts just them instead.
- **facets** count the (brand, category, size, condition) combinations of the matches in
  one ``bincount``.

Search words are not tokenised here: a word's bitmap is the database's own full-text answer
for it (FTS5 or the tsvector, fetched once by the repository and cached), so both databases
keep their exact matching rules; a changed listing's bits are recomputed with
``domain.search.word_matches``, the rule the full-text queries implement (the search
property test holds them equal).

Freshness: triggers keep ``listing_changes`` (migration 0072); :meth:`ListingIndex.sync`
runs before a unit of work's first indexed read, asks for the changes since its last look
(one indexed query, no rows when nothing changed) and applies them, so a listing created,
edited, sold or deleted in any process shows in the next search. The first load runs in the
background; searches use SQL until it is done. Everything here is synchronous between
awaits, so a search sees one consistent state.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from functools import reduce
from typing import Any

import numpy as np

from adapters.bitscan import and_into, population, population_of_and, walk
from application.paging import After
from application.ports.catalog import ListingFilter, ListingSort
from domain.catalog import ListingStatus
from domain.search import word_matches

log = logging.getLogger("rethread.search_index")

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)
AVAILABLE = ListingStatus.AVAILABLE.value
# Cached filter bitmaps (words, brands, categories, sizes, conditions): 125 KB each at a
# million listings.
MASKS = 160
# Change batches remembered, so a word bitmap fetched while others were applied is patched.
RECENT_BATCHES = 256
# More changes than this at once (a bulk load while serving): load everything again.
RELOAD_OVER = 50_000
# A page walks an order testing bits until it has its rows; past this many tests it sorts
# the matches instead (few matches, or matches far from the walk's start).
WALK_BUDGET = 60_000
# A page sorted by price walks the catalog's price order only this far (about; the walk's
# chunks grow fourfold) before it looks band by band (``_banded``): the price order cut
# into PRICE_BANDS bands of about equal size at load, each with its bitmap, so a band
# without matches costs one AND and one count (~10 us) instead of a walk through it
# (~10 ns per listing: 0.6 ms for 60,000) and a query whose matches all sit at the
# other end of the prices (the dearest tees) does not sort all its matches (1-2 ms).
PRICE_WALK = 4_096
PRICE_BANDS = 16
# In a band, its matches are walked when about this many tests should find the page's
# rows, else sorted (a sparse band's ids cost tens of microseconds to sort).
BAND_WALK = 8_192
LOAD_BATCH = 10_000
PRICE_SORTS = (ListingSort.PRICE_LOW_HIGH, ListingSort.PRICE_HIGH_LOW)
# A bitmap with at most one 64-bit word in this many holding a set bit is read word by word
# (``_ids``): measured faster up to about half of them at a million listings.
SPARSE_WORDS = 3
HEAD, ALL = "head", "all"
FACET_NAMES = ("brands", "categories", "sizes", "conditions")
# Facet passes kept per filter until the next change, by their size: a pass is an int32 per
# (brand, category, size, condition) combination present (740 at a million demo listings:
# 3 KB, so ~2,800 passes; a catalog with more combinations keeps fewer).
COMBO_PASS_BYTES = 8 * 2**20
# Listings kept as the lean reads built them, for the pages the index names (``Kept``):
# about 1.1 KB each with their photos, so 22 MB. Random bench searches at a million
# listings show 12,000 distinct listings in 5,500 pages (sorts start at the newest, the
# cheapest, the most watched) and more as a server keeps serving: with 10,000 kept a
# miss (~30 us a listing from SQLite) was still 4% of a search under load, and 20,000
# served a tenth more searches (30,000 no more than 20,000; docs/performance.md,
# "Searches with fewer stalls").
KEPT_LISTINGS = 20_000
# Answers remembered until the next change (``remembered``: typo corrections and the
# vocabulary reads behind them).
REMEMBERED = 4096


def _give_back_memory() -> None:
    """After the load: hand the rows' freed memory back to the system (glibc keeps it
    otherwise, and the process's resident size stays tens of MB above what it uses)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


def micros(moment: datetime) -> int:
    return (moment - EPOCH) // MICROSECOND



def cents(amount: Decimal) -> int:
    return int(amount * 100)


@dataclass(frozen=True)
class Row:
    """A listing as the index reads it (``head``/``body``: its stored search terms)."""

    id: int
    available: bool
    created: int
    price: int
    watch: int
    brand_key: str
    brand: str
    category: str
    size: str
    condition: str
    head: str = ""
    body: str = ""


class Codes:
    """Strings as small integers (brands, categories, facet combinations)."""

    def __init__(self) -> None:
        self.code: dict[Any, int] = {}
        self.values: list[Any] = []

    def of(self, value: Any) -> int:
        found = self.code.get(value)
        if found is None:
            found = self.code[value] = len(self.values)
            self.values.append(value)
        return found


def _set_bits(bits: np.ndarray, ids: np.ndarray, on: np.ndarray) -> None:
    """Set (``on``) or clear the bits of ``ids`` (little-endian bit order)."""
    if not len(ids):
        return
    byte, bit = ids >> 3, (ids & 7).astype(np.uint8)
    ones = np.left_shift(np.uint8(1), bit)
    np.bitwise_or.at(bits, byte[on], ones[on])
    np.bitwise_and.at(bits, byte[~on], ~ones[~on])


def _available(ids: np.ndarray, rows: dict[int, Row]) -> np.ndarray:
    """Which of a change batch's ``ids`` are available after it (``rows``: its listings
    still present; a deleted one has none). Cached bitmaps hold these only."""
    return np.fromiter((i in rows and rows[i].available for i in ids.tolist()), bool,
                       len(ids))


def _pack(flags: np.ndarray) -> np.ndarray:
    return np.packbits(flags, bitorder="little")


def _ids(bits: np.ndarray) -> np.ndarray:
    """The ids whose bit is set, ascending. When at most a third of the bitmap's 64-bit
    words hold a set bit (a query with few matches: those that are sorted rather than
    walked), only those words are unpacked: 25-90 us for up to 3,000 matches at a million
    listings. Otherwise the bitmap is unpacked whole: 0.2-0.5 ms at any density.
    Booleans throughout (``flatnonzero`` on integers is several times slower). The
    bitmap's length is a multiple of 8 bytes (capacities are multiples of 64 ids)."""
    whole = bits.view(np.uint64)
    words = np.flatnonzero(whole != 0)
    if len(words) * SPARSE_WORDS > len(whole):
        return np.flatnonzero(np.unpackbits(bits, bitorder="little").view(bool))
    found = np.flatnonzero(np.unpackbits(whole[words].view(np.uint8),
                                         bitorder="little").view(bool))
    return words[found >> 6] * 64 + (found & 63)


def within(value: int, dtype: Any) -> int:
    """``value`` held to what ``dtype`` can hold (a cursor or a price may name any number;
    NumPy refuses to compare an array with a Python int its type cannot hold)."""
    limits = np.iinfo(dtype)
    return min(max(value, int(limits.min)), int(limits.max))


def _cents_range(query: ListingFilter) -> tuple[int, int]:
    """The query's price range in cents, each end -1 when it has none."""
    low = -1 if query.min_price is None else within(cents(query.min_price), np.int32)
    high = -1 if query.max_price is None else within(cents(query.max_price), np.int32)
    return low, high


class Order:
    """Available listings' ids sorted by (key, id), ascending: the keyset order of a sort."""

    def __init__(self, key_type: Any = np.int32) -> None:
        self.keys = np.empty(0, key_type)
        self.ids = np.empty(0, np.int32)
        self._ranks: np.ndarray | None = None

    def build(self, keys: np.ndarray, ids: np.ndarray) -> None:
        order = np.lexsort((ids, keys))
        self.keys, self.ids = keys[order], ids[order].astype(np.int32)
        self._ranks = None

    def ranks(self, capacity: int) -> np.ndarray:
        """Each listing's place in the order, by id (only the ids in the order are
        meaningful); made on first use after a change (a few ms at a million)."""
        if self._ranks is None or len(self._ranks) < capacity:
            ranks = np.zeros(max(capacity, int(self.ids.max(initial=0)) + 1), np.int32)
            ranks[self.ids] = np.arange(len(self.ids), dtype=np.int32)
            self._ranks = ranks
        return self._ranks

    def position(self, key: int, listing_id: int) -> int:
        """The first index whose (key, id) is at least (``key``, ``listing_id``)."""
        # As the arrays' own types: a Python int makes searchsorted convert the whole
        # array to int64 first (0.24 ms at a million, against 3 us).
        key = self.keys.dtype.type(within(key, self.keys.dtype))
        listing_id = np.int32(within(listing_id, np.int32))
        low = int(np.searchsorted(self.keys, key, "left"))
        high = int(np.searchsorted(self.keys, key, "right"))
        return low + int(np.searchsorted(self.ids[low:high], listing_id, "left"))

    def replace(self, gone: np.ndarray, keys: np.ndarray, ids: np.ndarray) -> None:
        """Take out the ids flagged in ``gone`` (a bool array by id), then put ``ids`` in."""
        keep = ~gone[self.ids]
        self.keys, self.ids = self.keys[keep], self.ids[keep]
        self._ranks = None
        if not len(ids):
            return
        order = np.lexsort((ids, keys))
        keys, ids = keys[order], ids[order]
        at = [self.position(int(k), int(i)) for k, i in zip(keys, ids, strict=True)]
        self.keys = np.insert(self.keys, at, keys)
        self.ids = np.insert(self.ids, at, ids.astype(np.int32))


def _span(order: Order, low: int, high: int) -> tuple[int, int]:
    """The part of a price ``order`` priced from ``low`` to ``high`` cents (-1: no bound)."""
    start = 0 if low < 0 else order.position(low, 0)
    stop = len(order.ids) if high < 0 else order.position(high + 1, 0)
    return start, max(start, stop)


class Kept:
    """Listings the index's pages named lately, as the lean reads built them (by id, least
    recently shown dropped first). Exactly as fresh as the index: every change batch the
    index applies, and every load, forgets the listings it names, in the same synchronous
    step, so a search that has synced the index and reads its page from here sees what it
    would read from the database. Its values are shared between requests: read them, never
    change them."""

    def __init__(self, size: int = KEPT_LISTINGS) -> None:
        self.size = size
        self.found: OrderedDict[int, Any] = OrderedDict()

    def get(self, listing_id: int) -> Any:
        found = self.found.get(listing_id)
        if found is not None:
            self.found.move_to_end(listing_id)
        return found

    def put(self, values: dict[int, Any]) -> None:
        self.found.update(values)
        for listing_id in values:
            self.found.move_to_end(listing_id)
        while len(self.found) > self.size:
            self.found.popitem(last=False)

    def forget(self, listing_ids: Iterable[int]) -> None:
        for listing_id in listing_ids:
            self.found.pop(listing_id, None)

    def clear(self) -> None:
        self.found.clear()


@dataclass
class _Mask:
    """A cached filter's bitmap, of available listings only (``ListingIndex._cached``
    builds it so, :meth:`patch` keeps it so); ``test`` says which changed listings match
    the filter."""

    bits: np.ndarray
    test: Callable[[np.ndarray, dict[int, Row]], np.ndarray]

    def patch(self, ids: np.ndarray, rows: dict[int, Row], available: np.ndarray) -> None:
        """Bring the bitmap up to a change batch: ``ids`` changed, ``rows`` their listings
        still present, ``available`` which of ``ids`` are available (``_available``)."""
        _set_bits(self.bits, ids, self.test(ids, rows) & available)


class ListingIndex:
    """One process's index. :meth:`start` loads it in the background with ``loader``
    (``adapters/sqlalchemy/listing_changes.py``, which also keeps it fresh); until
    :attr:`ready` the repository answers in SQL."""

    def __init__(self, loader: Callable[[ListingIndex], Awaitable[None]] | None = None
                 ) -> None:
        self.loader = loader
        self.ready = False
        self.mark: int | None = None  # where the next look at the change feed starts
        self.version = 0  # change batches applied
        # The database's data version at the last look that found the index current
        # (``listing_changes.sync``); None: look next time.
        self.quiet_at: int | None = None
        self.loads = 0  # loads begun (a look that overlapped one does not count as quiet)
        # Looks at the change feed begun, and the number of the last one finished
        # (``listing_changes.sync``: a request shares a look that began after it arrived).
        self.looks_begun = 0
        self.looked = 0
        # PostgreSQL: the first transaction id not yet assigned at the last look, when no
        # write was in progress anywhere then (else None). Two looks that saw the same one
        # had nothing committed between them (a transaction that committed in between was
        # either in progress at the first or assigned its id after it).
        self.database_version: int | None = None
        self.recent: deque[tuple[int, dict[int, Row]]] = deque(maxlen=RECENT_BATCHES)
        self.masks: OrderedDict[tuple[str, ...], _Mask] = OrderedDict()
        self.brands, self.shown, self.categories = Codes(), Codes(), Codes()
        self.sizes, self.conditions, self.combo_codes = Codes(), Codes(), Codes()
        self._allocate(64)
        self.by_created, self.by_price, self.by_watch = Order(np.int64), Order(), Order()
        # Each category's listings by price (by category code): see :meth:`page`.
        self.by_category_price: dict[int, Order] = {}
        self._task: asyncio.Task[None] | None = None
        self.lock = asyncio.Lock()  # one load or change batch at a time
        self._combo_cache: OrderedDict[Any, tuple[int, np.ndarray]] = OrderedDict()
        self._fetching: dict[tuple[str, str], asyncio.Future[np.ndarray]] = {}
        self._table: tuple[int, dict[str, tuple[np.ndarray, list[str]]]] | None = None
        self.kept = Kept()
        self._counted: tuple[np.ndarray, int, bool, int] | None = None
        self._remembered: OrderedDict[Hashable, tuple[int, Any]] = OrderedDict()
        # Where the price bands meet (cents, ascending; ``_banded``): set at each load.
        self.band_edges = np.empty(0, np.int32)

    # -- storage -----------------------------------------------------------------------

    def _allocate(self, capacity: int) -> None:
        self.capacity = capacity
        self.created = np.zeros(capacity, np.int64)
        self.price = np.zeros(capacity, np.int32)
        self.watch = np.zeros(capacity, np.int32)
        self.brand = np.full(capacity, -1, np.int32)
        # (categories, sizes and conditions are the domain's enums: a few codes each)
        self.category = np.full(capacity, -1, np.int8)
        self.size = np.full(capacity, -1, np.int8)
        self.condition = np.full(capacity, -1, np.int8)
        self.combo = np.full(capacity, -1, np.int32)
        self.alive = np.zeros(capacity // 8, np.uint8)

    def _grow(self, highest_id: int) -> None:
        if highest_id < self.capacity:
            return
        capacity = max(highest_id + 1, self.capacity + self.capacity // 4)
        capacity += -capacity % 64
        extra = capacity - self.capacity

        def widened(array: np.ndarray, fill: int) -> np.ndarray:
            return np.concatenate([array, np.full(extra, fill, array.dtype)])

        self.created, self.price = widened(self.created, 0), widened(self.price, 0)
        self.watch, self.brand = widened(self.watch, 0), widened(self.brand, -1)
        self.category, self.size = widened(self.category, -1), widened(self.size, -1)
        self.condition, self.combo = widened(self.condition, -1), widened(self.combo, -1)
        self.alive = np.concatenate([self.alive, np.zeros(extra // 8, np.uint8)])
        for mask in self.masks.values():
            mask.bits = np.concatenate([mask.bits, np.zeros(extra // 8, np.uint8)])
        self.capacity = capacity

    def _store(self, rows: Sequence[Row]) -> np.ndarray:
        """Write the columns of ``rows`` (all of them available); returns their ids."""
        ids = np.fromiter((r.id for r in rows), np.int64, len(rows))
        if not len(ids):
            return ids
        self._grow(int(ids.max()))
        self.created[ids] = [r.created for r in rows]
        self.price[ids] = [r.price for r in rows]
        self.watch[ids] = [r.watch for r in rows]
        self.brand[ids] = [self.brands.of(r.brand_key) for r in rows]
        self.category[ids] = [self.categories.of(r.category) for r in rows]
        self.size[ids] = [self.sizes.of(r.size) for r in rows]
        self.condition[ids] = [self.conditions.of(r.condition) for r in rows]
        self.combo[ids] = [self.combo_codes.of((r.brand_key, r.category, r.size, r.condition,
                                           r.brand)) for r in rows]
        return ids

    def load(self, batches: Iterable[Sequence[Row]], mark: int) -> None:
        """Replace everything with ``batches`` of rows (the available listings), read after
        ``mark`` was taken from the change feed."""
        self.begin_load()
        for rows in batches:
            self.load_batch(rows)
        self.finish_load(mark)

    def begin_load(self) -> None:
        self.ready = False
        self.loads += 1
        self.quiet_at = None
        self._allocate(64)
        self.masks.clear()
        self.recent.clear()
        self.kept.clear()

    def load_batch(self, rows: Sequence[Row]) -> None:
        ids = self._store(rows)
        _set_bits(self.alive, ids, np.ones(len(ids), bool))

    def finish_load(self, mark: int) -> None:
        self._rebuild_orders()
        keys = self.by_price.keys
        edges = np.unique(keys[np.linspace(0, len(keys), PRICE_BANDS + 1)[1:-1]
                               .astype(np.int64)]) if len(keys) else keys[:0]
        self.band_edges = edges[edges > 0]  # (a band's bounds are cents, -1 meaning none)
        self.mark = mark
        self.quiet_at = None  # the first look after a load always runs
        self.version += 1
        self.ready = True

    def _alive_ids(self) -> np.ndarray:
        return _ids(self.alive)

    def _rebuild_orders(self) -> None:
        ids = self._alive_ids()
        self.by_created.build(self.created[ids], ids)
        self.by_price.build(self.price[ids], ids)
        self.by_watch.build(self.watch[ids], ids)
        self.by_category_price = {}
        codes = self.category[ids]
        for code in np.unique(codes).tolist():
            part = ids[codes == code]
            order = self.by_category_price[code] = Order()
            order.build(self.price[part], part)

    def apply(self, changed: dict[int, Row | None], mark: int) -> None:
        """Apply the changed listings (``None``: deleted); then the next look starts at
        ``mark``."""
        if changed:
            self.kept.forget(changed)
            available = [row for row in changed.values() if row is not None and row.available]
            ids = np.fromiter(changed, np.int64, len(changed))
            self._grow(int(ids.max()))
            gone = np.zeros(self.capacity, bool)
            gone[ids] = True
            stored = self._store(available)
            rows = {i: r for i, r in changed.items() if r is not None}
            on = _available(ids, rows)
            _set_bits(self.alive, ids, on)
            for mask in self.masks.values():
                mask.patch(ids, rows, on)
            self.by_created.replace(gone, self.created[stored], stored)
            self.by_price.replace(gone, self.price[stored], stored)
            self.by_watch.replace(gone, self.watch[stored], stored)
            codes = self.category[stored]
            for code in {*self.by_category_price, *np.unique(codes).tolist()}:
                part = stored[codes == code]
                self.by_category_price.setdefault(code, Order()).replace(
                    gone, self.price[part], part)
            self.version += 1
            self.recent.append((self.version, rows))
        self.mark = mark

    # -- filters -----------------------------------------------------------------------

    def _cached(self, key: tuple[str, ...], build: Callable[[], np.ndarray],
                test: Callable[[np.ndarray, dict[int, Row]], np.ndarray]) -> np.ndarray:
        return self._mask(key, build, test).bits

    def _mask(self, key: tuple[str, ...], build: Callable[[], np.ndarray],
              test: Callable[[np.ndarray, dict[int, Row]], np.ndarray]) -> _Mask:
        """The cached mask of ``key``, built (``build``) and cached when missing; the
        least recently used ones dropped past :data:`MASKS`."""
        found = self._kept_mask(key)
        if found is None:  # (available listings only: see _Mask)
            found = self.masks[key] = _Mask(build() & self.alive, test)
            while len(self.masks) > MASKS:
                self.masks.popitem(last=False)
        return found

    def _kept_mask(self, key: tuple[str, ...]) -> _Mask | None:
        found = self.masks.get(key)
        if found is not None:
            self.masks.move_to_end(key)
        return found

    def _column(self, name: str, column: np.ndarray, codes: Codes, value: str) -> np.ndarray:
        code = codes.code.get(value)
        if code is None:  # no listing has it (yet): nothing to cache
            return np.zeros_like(self.alive)

        def test(ids: np.ndarray, _rows: dict[int, Row]) -> np.ndarray:
            return column_now(name)[ids] == code

        def column_now(which: str) -> np.ndarray:  # the arrays are replaced as they grow
            return getattr(self, which)

        return self._cached((name, value), lambda: _pack(column == code), test)

    def word_bits(self, word: str, part: str) -> np.ndarray | None:
        found = self._kept_mask(("word", part, word))
        return None if found is None else found.bits

    async def word(self, word: str, part: str,
                   fetch: Callable[[], Awaitable[Sequence[int]]]) -> np.ndarray:
        """The word's bitmap, fetched (``fetch``: the database's matches) when not cached;
        requests that miss the same word at once share one fetch."""
        found = self.word_bits(word, part)
        if found is not None:
            return found
        key = (word, part)
        pending = self._fetching.get(key)
        if pending is None:
            pending = self._fetching[key] = asyncio.ensure_future(self._fetch(word, part, fetch))
            pending.add_done_callback(lambda _done: self._fetching.pop(key, None))
            return await asyncio.shield(pending)
        try:
            return await asyncio.shield(pending)
        except Exception:  # the request that fetched it failed (or left): fetch it here
            return await self._fetch(word, part, fetch)

    async def _fetch(self, word: str, part: str,
                     fetch: Callable[[], Awaitable[Sequence[int]]]) -> np.ndarray:
        since = self.version
        return self.put_word(word, part, await fetch(), since)

    def put_word(self, word: str, part: str, ids: Sequence[int], since: int) -> np.ndarray:
        """Cache the listings the database matched ``word`` with (in the head alone, or
        anywhere), fetched when :attr:`version` was ``since``; the changes applied meanwhile
        are applied to it too."""
        wanted = np.asarray(ids, np.int64)
        wanted = wanted[wanted < self.capacity]  # listings not synced yet: patched later
        flags = np.zeros(self.capacity, bool)
        flags[wanted] = True

        def test(changed: np.ndarray, rows: dict[int, Row]) -> np.ndarray:
            return np.fromiter(
                (i in rows and word_matches(word, rows[i].head.split() if part == HEAD else
                                            (rows[i].head + " " + rows[i].body).split())
                 for i in changed.tolist()), bool, len(changed))

        mask = self._mask(("word", part, word), lambda: _pack(flags), test)
        for version, rows in self.recent:
            if version > since:
                changed = np.fromiter(rows, np.int64, len(rows))
                changed = changed[changed < self.capacity]
                mask.patch(changed, rows, _available(changed, rows))
        return mask.bits

    def bits(self, query: ListingFilter, words: dict[str, np.ndarray]) -> np.ndarray:
        """The bitmap of ``query``'s matches (``words``: each word's bitmap): each filter's
        bitmap ANDed, a filter of several values being their OR, in one pass that counts
        them too (``bitscan.and_into``: the search's total, asked for next, is that count).
        Every cached bitmap holds available listings only (built so and patched so), so
        the available listings' own bitmap is not one more operand, and a query of one
        filter (or none) is answered by that filter's bitmap (or the available listings')
        itself, with no pass at all. So the answer may be shared: read it, never change it
        (:meth:`narrowed` makes a new one)."""
        parts = [words[word] for word in query.words]
        for name, column, codes, values in (
                ("brand", self.brand, self.brands, query.brands),
                ("category", self.category, self.categories, query.categories),
                ("size", self.size, self.sizes, query.sizes),
                ("condition", self.condition, self.conditions, query.conditions)):
            if values:
                either = [self._column(name, column, codes, value)
                          for value in sorted(str(v) for v in values)]
                parts.append(either[0] if len(either) == 1 else reduce(np.bitwise_or, either))
        if query.min_price is not None or query.max_price is not None:
            parts.append(self._price_bits(query))
        if len(parts) == 1:  # a cached bitmap as it is (its count is remembered by it)
            return parts[0]
        return self.narrowed(*parts) if parts else self.alive

    def narrowed(self, bits: np.ndarray, *parts: np.ndarray) -> np.ndarray:
        """``bits`` ANDed with each of ``parts``, a new bitmap, made in one pass that
        counts it too (the count asked for next is that one)."""
        found = np.empty_like(bits)
        self._counted = (found, and_into(found, bits, *parts), True, self.version)
        return found

    def _price_bits(self, query: ListingFilter) -> np.ndarray:
        """The listings inside the price range (cached: a shop's price ranges repeat, and
        building one at a million listings costs milliseconds)."""
        return self._price_mask(*_cents_range(query))

    def _price_mask(self, low: int, high: int) -> np.ndarray:
        """The listings priced from ``low`` to ``high`` cents (-1: no bound), cached."""

        def build() -> np.ndarray:
            start, stop = _span(self.by_price, low, high)
            flags = np.zeros(self.capacity, bool)
            flags[self.by_price.ids[start:stop]] = True
            return _pack(flags)

        def test(ids: np.ndarray, _rows: dict[int, Row]) -> np.ndarray:
            prices = self.price[ids]
            return (((low < 0) | (prices >= low)) & ((high < 0) | (prices <= high)))

        return self._cached(("price", str(low), str(high)), build, test)

    def price_span(self, query: ListingFilter, order: Order | None = None) -> tuple[int, int]:
        """The part of a price order (by default the catalog's) inside the query's price
        range."""
        return _span(order or self.by_price, *_cents_range(query))

    def count(self, bits: np.ndarray, up_to: int | None = None) -> int:
        """How many listings ``bits`` holds; with ``up_to``, at most ``up_to`` (the count
        stops there). The last bitmap counted is remembered: a search counts its matches
        for the total, then again to choose how to find its page (as of the same change
        batch: the cached masks are patched in place)."""
        last = self._counted
        if last is not None and last[0] is bits and last[3] == self.version and (
                last[2] or (up_to is not None and up_to <= last[1])):
            return last[1] if up_to is None else min(last[1], up_to)
        found = population(bits, up_to)
        # (exact unless the count stopped at the cap)
        self._counted = (bits, found, up_to is None or found < up_to, self.version)
        return found if up_to is None else min(found, up_to)

    async def remembered(self, key: Hashable, compute: Callable[[], Awaitable[Any]]) -> Any:
        """``compute()``'s answer (a read of something that changes only with listings:
        the vocabulary for typo corrections), remembered until the next change batch: the
        answer is stored under the version it was computed at and served only while that
        is still the index's version. The caller has synced the index."""
        since = self.version
        found = self._remembered.get(key)
        if found is not None and found[0] == since:
            self._remembered.move_to_end(key)
            return found[1]
        value = await compute()
        self._remembered[key] = (since, value)
        self._remembered.move_to_end(key)
        while len(self._remembered) > REMEMBERED:
            self._remembered.popitem(last=False)
        return value

    # -- pages -------------------------------------------------------------------------

    def _order(self, sort: ListingSort) -> Order:
        if sort is ListingSort.MOST_POPULAR:
            return self.by_watch
        if sort in (ListingSort.PRICE_LOW_HIGH, ListingSort.PRICE_HIGH_LOW):
            return self.by_price
        return self.by_created

    @staticmethod
    def _key(sort: ListingSort, after: After) -> int:
        if sort is ListingSort.MOST_POPULAR:
            return int(after.value)
        if sort in (ListingSort.PRICE_LOW_HIGH, ListingSort.PRICE_HIGH_LOW):
            return cents(Decimal(str(after.value)))
        assert isinstance(after.value, datetime)
        return micros(after.value)

    def page(self, bits: np.ndarray, sort: ListingSort, limit: int, after: After | None,
             query: ListingFilter | None = None) -> list[int]:
        """Up to ``limit`` ids set in ``bits``, in ``sort``'s order, after ``after``.

        Sorted by price, only ``query``'s price range is looked in (``bits`` need not hold
        it), and a query naming categories walks each category's own price order and
        merges their pages: in the catalog's, a category's listings may all sit far from
        where the walk starts (the dearest accessories below a hundred thousand coats),
        and a walk that ran out of budget sorted a hundred thousand matches instead
        (2.5 ms; 6% of the bench's pages, more time than all the others' walks)."""
        if query is None or sort not in PRICE_SORTS:
            return self._page(self._order(sort), bits, sort, limit, after, None)
        if query.categories:
            found = self._category_page(bits, sort, limit, after, query)
            if found is not None:
                return found
        return self._page(self.by_price, bits, sort, limit, after, self.price_span(query))

    def _bounds(self, order: Order, sort: ListingSort, after: After | None,
                span: tuple[int, int] | None) -> tuple[int, int]:
        """The part of ``order`` to look in: ``span`` (by default all of it) after
        ``after``."""
        low, high = span or (0, len(order.ids))
        if after is not None:
            at = order.position(self._key(sort, after), after.id + (0 if sort.descending else 1))
            if sort.descending:
                high = min(high, at)
            else:
                low = max(low, at)
        return low, high

    def _page(self, order: Order, bits: np.ndarray, sort: ListingSort, limit: int,
              after: After | None, span: tuple[int, int] | None) -> list[int]:
        low, high = self._bounds(order, sort, after, span)
        if high <= low or limit <= 0:
            return []
        # (only whether a walk would find the page within its budget: counted up to that)
        matches = self.count(bits, limit * len(order.ids) // WALK_BUDGET + 1
                             if WALK_BUDGET else None)
        if not matches:
            return []
        if limit * len(order.ids) > WALK_BUDGET * matches:
            # A walk would test more than the budget before it had a page (few matches):
            # sort the matches themselves.
            return self._sorted(bits, order, sort, low, high, limit)
        if order is self.by_price:
            found, low, high = self._walk(order, bits, sort, limit, low, high, PRICE_WALK)
            if len(found) < limit and low < high:  # none near the walk's start: by band
                found += self._banded(bits, sort, low, high, limit - len(found))
            return found
        found, low, high = self._walk(order, bits, sort, limit, low, high)
        if len(found) < limit and low < high:  # the budget ran out: sort the rest
            found += self._sorted(bits, order, sort, low, high, limit - len(found))
        return found

    def _banded(self, bits: np.ndarray, sort: ListingSort, low: int, high: int,
                limit: int) -> list[int]:
        """The same as walking ``by_price[low:high]``, band by band in ``sort``'s
        direction (see :data:`PRICE_WALK`): a band's matches are its bitmap ANDed with
        ``bits``; a band with none is skipped, one with few is sorted, one with many walked,
        until the page is full."""
        order = self.by_price
        edges = np.searchsorted(order.keys, self.band_edges, "left").tolist()
        starts = [0, *edges, len(order.ids)]
        bounds = [-1, *self.band_edges.tolist(), -1]  # cents; -1: open
        bands = range(len(starts) - 2, -1, -1) if sort.descending else range(len(starts) - 1)
        found: list[int] = []
        for band in bands:
            start, stop = max(low, starts[band]), min(high, starts[band + 1])
            if start >= stop:
                continue
            band_bits = self._price_mask(
                bounds[band], bounds[band + 1] - 1 if bounds[band + 1] >= 0 else -1)
            count = population_of_and(bits, band_bits)
            if not count:
                continue
            matches = np.bitwise_and(bits, band_bits)
            wanted = limit - len(found)
            if wanted * (stop - start) > BAND_WALK * count:  # few: sort them
                found += self._sorted(matches, order, sort, start, stop, wanted)
            else:
                walked, start, stop = self._walk(order, matches, sort, wanted, start, stop,
                                                 BAND_WALK)
                if len(walked) < wanted and start < stop:
                    walked += self._sorted(matches, order, sort, start, stop,
                                           wanted - len(walked))
                found += walked
            if len(found) >= limit:
                break
        return found

    def _walk(self, order: Order, bits: np.ndarray, sort: ListingSort, limit: int,
              low: int, high: int, budget: int | None = None) -> tuple[list[int], int, int]:
        """Up to ``limit`` ids set in ``bits`` from ``order[low:high]`` in ``sort``'s
        direction, testing at most about ``budget`` (by default :data:`WALK_BUDGET`);
        and the part not walked yet."""
        return walk(order.ids, low, high, sort.descending, bits, limit,
                    WALK_BUDGET if budget is None else budget)

    def _category_page(self, bits: np.ndarray, sort: ListingSort, limit: int,
                       after: After | None, query: ListingFilter) -> list[int] | None:
        """A price page walked in each of the query's categories' price orders and
        merged; None when a walk runs out of its budget (:data:`PRICE_WALK`: few matches
        near the start of a category's order: the catalog's order, looked at by band,
        does better)."""
        if limit <= 0:
            return []
        found: list[int] = []
        for name in sorted(str(category) for category in query.categories):
            code = self.categories.code.get(name)
            order = None if code is None else self.by_category_price.get(code)
            if order is None:  # no listing has it
                continue
            low, high = self._bounds(order, sort, after, self.price_span(query, order))
            walked, low, high = self._walk(order, bits, sort, limit, low, high, PRICE_WALK)
            if len(walked) < limit and low < high:
                return None
            found += walked
        found.sort(key=lambda listing_id: (int(self.price[listing_id]), listing_id),
                   reverse=sort.descending)
        return found[:limit]

    def _sorted(self, bits: np.ndarray, order: Order, sort: ListingSort, low: int, high: int,
                limit: int) -> list[int]:
        """The same as walking ``order[low:high]``: the matches' places in the order,
        the ``limit`` first of them picked (a partition, not a sort of all matches)."""
        ranks = order.ranks(self.capacity)[_ids(bits)]
        ranks = ranks[(ranks >= low) & (ranks < high)]
        if len(ranks) > limit:
            ranks = (np.partition(ranks, len(ranks) - limit)[len(ranks) - limit:]
                     if sort.descending else np.partition(ranks, limit - 1)[:limit])
        ranks.sort()
        return order.ids[ranks[::-1] if sort.descending else ranks].tolist()

    # -- facets ------------------------------------------------------------------------

    def combos(self, bits: np.ndarray | Callable[[], np.ndarray], key: Any = None
               ) -> np.ndarray:
        """How many matches each (brand key, category, size, condition, brand) combination
        has (by combination code), as the SQL facet pass groups them. ``key`` names the
        filter ``bits`` came from: its counts are kept until the next change, so ticking
        one facet after another reuses one pass (as the SQL facets' cache does)."""
        if key is None:
            return self._combo_counts(bits() if callable(bits) else bits)
        found = self._combo_cache.get(key)
        if found is None or found[0] != self.version:
            found = self._combo_cache[key] = (
                self.version, self._combo_counts(bits() if callable(bits) else bits))
            while len(self._combo_cache) * found[1].nbytes > COMBO_PASS_BYTES:
                self._combo_cache.popitem(last=False)
        self._combo_cache.move_to_end(key)
        return found[1]

    def _combo_counts(self, bits: np.ndarray) -> np.ndarray:
        chosen = self.combo[_ids(bits)]
        return np.bincount(chosen, minlength=len(self.combo_codes.values)).astype(np.int32)

    def _combo_table(self) -> dict[str, tuple[np.ndarray, list[str]]]:
        """Per facet: each combination's value code, and the values (brands by key)."""
        count = len(self.combo_codes.values)
        if self._table is None or self._table[0] != count:
            combos = self.combo_codes.values
            table = {}
            for position, name in enumerate(FACET_NAMES):
                codes = Codes()
                column = np.fromiter((codes.of(c[position]) for c in combos), np.int32, count)
                table[name] = (column, codes.values)
            spellings = sorted({c[4] for c in combos})
            rank = {spelling: n for n, spelling in enumerate(spellings)}
            shown = np.fromiter((rank[c[4]] for c in combos), np.int32, count)
            # the combinations by brand key, then by spelling: a brand's first present one
            # has its smallest spelling (see :meth:`facets`)
            table["by_brand"] = (np.lexsort((shown, table["brands"][0])), spellings)
            table["shown"] = (shown, spellings)
            self._table = (count, table)
        return self._table[1]

    def facets(self, counts: np.ndarray, chosen: dict[str, frozenset[str]]
               ) -> dict[str, list[tuple[str, int]]]:
        """Per facet, (value, count) most first, then by value; each facet counts the
        combinations that pass the other facets' choices (so its own stay visible).
        Brands are counted by key and shown with their smallest spelling among the
        matches, as the SQL facets are."""
        table = self._combo_table()
        present = counts > 0
        passes = {}
        for name in FACET_NAMES:
            column, values = table[name]
            wanted = chosen[name]
            passes[name] = (np.fromiter((v in wanted for v in values), bool, len(values))[column]
                            if wanted else None)
        found: dict[str, list[tuple[str, int]]] = {}
        for name in FACET_NAMES:
            keep = present.copy()
            for other in FACET_NAMES:
                if other != name and passes[other] is not None:
                    keep &= passes[other]
            column, values = table[name]
            sums = np.bincount(column[keep], weights=counts[keep], minlength=len(values))
            pairs = sorted(((values[n], int(total)) for n in np.flatnonzero(sums).tolist()
                            for total in (sums[n],)), key=lambda pair: (-pair[1], pair[0]))
            found[name] = pairs
        column, values = table["brands"]
        shown_rank, spellings = table["shown"]
        order = table["by_brand"][0]
        order = order[present[order]]
        keys = column[order]
        first = order[np.flatnonzero(np.diff(keys, prepend=-1))]  # each brand's first
        shown = {values[b]: spellings[r]
                 for b, r in zip(column[first].tolist(), shown_rank[first].tolist(), strict=True)}
        found["brands"] = [(shown.get(key, key), n) for key, n in found["brands"]]
        return found

    # -- loading -----------------------------------------------------------------------

    def start(self) -> None:
        """Load in the background (once); searches use SQL meanwhile."""
        if self._task is None and self.loader is not None:
            self._task = asyncio.get_running_loop().create_task(self._load())

    async def wait(self) -> None:
        """Until the background load has finished (tests, benchmarks)."""
        self.start()
        if self._task is not None:
            await asyncio.shield(self._task)

    async def stop(self) -> None:
        """At shutdown: cancel a load still running (its connection may complain as it is
        torn down; nothing is left to care)."""
        if self._task is not None and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _load(self) -> None:
        assert self.loader is not None
        try:
            async with self.lock:
                await self.loader(self)
            _give_back_memory()
            log.info("search index: %d available listings loaded", len(self.by_created.ids))
        except Exception:  # searches go on in SQL; the log says why
            log.exception("search index: load failed; searches use the database")

    def reload(self) -> None:
        """Load everything again in the background (more changes than are worth applying)."""
        self.ready = False
        self._task = None
        self.start()
