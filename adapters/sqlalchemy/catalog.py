"""Products and their photos: tables, search (full text, filters, keyset pages) and facets.

Search terms are computed in Python (``domain/search.py``: folded words and their stems)
and stored with each listing in ``search_head`` (title, brand) and ``search_body``
(description, category and condition words), migration 0060. Full text over them differs
per database: SQLite has an external-content FTS5 table ``products_fts`` on those two
columns kept in sync by triggers; PostgreSQL a generated ``search_vector`` tsvector column
(head weighted A) with a GIN index. Both only match patterns as prefixes of stored terms,
so the two databases answer the same words the same way. ``search_terms`` counts the
listings per vocabulary word (kept on every write) for typo correction and suggestions.
Prices are stored as integer cents (exact and fast to compare on both databases).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, nullcontext
from dataclasses import replace
from datetime import datetime
from decimal import Decimal
from typing import Any

import numpy as np
from sqlalchemy import (
    Boolean,
    ColumnElement,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    delete,
    func,
    insert,
    literal_column,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.listing_index import ALL as INDEX_ALL
from adapters.listing_index import HEAD as INDEX_HEAD
from adapters.listing_index import ListingIndex
from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime
from adapters.sqlalchemy.listing_changes import sync as sync_index
from adapters.sqlalchemy.paging import after_clause
from adapters.sqlalchemy.search_cache import SearchCache
from application.paging import After
from application.ports.catalog import (
    FacetCount,
    Facets,
    ListingFilter,
    ListingSort,
    SellerCard,
    Suggestion,
)
from domain.catalog import Category, Condition, ListingStatus, Size, brand_key
from domain.listings import Listing, ListingImage
from domain.search import (
    MAX_TERM_LENGTH,
    count_vocabulary,
    patterns,
    search_text,
    vocabulary_fields,
)

BATCH = 5000
# SQLite: the page cache of a bulk load's connection, for its transaction (2 MB by default).
# A batch of new listings dirties pages all over the price, brand and category indexes; with
# room for them, each page is written once at commit instead of whenever it is evicted, and
# the caller's commits can be far apart: seeding 1M went from 204 to 145 s with commits
# every 100,000 (docs/performance.md, "Seeding"). Pages are taken only as they are used.
BULK_CACHE_KIB = 512 * 1024
# SQLite: up to this many text matches, look them up by id rather than walk an index. A page
# of 12 stops early when it walks the sort index, so that pays off sooner than for counting.
TEXT_DRIVE_LIMIT = 20_000
TEXT_COUNT_DRIVE_LIMIT = 250_000
# SQLite: the narrow covering index (id, filter, sort and facet columns) that reads driven by
# the full-text index look their ids up in, instead of whole rows (migration 0071).
TEXT_READS_INDEX = "ix_products_id_filters"
# Covering (status, brand_key, category, size, condition, brand, price_cents, seller_id):
# facet passes, and a brand's listings in an order its own index does not give.
FACETS_INDEX = "ix_products_facets"


class ProductRow(Base):
    __tablename__ = "products"
    __table_args__ = (
        Index("ix_products_status_created_at_id", "status", "created_at", "id"),
        Index("ix_products_status_price_cents_id", "status", "price_cents", "id"),
        Index("ix_products_status_watch_count_id", "status", "watch_count", "id"),
        Index("ix_products_status_category_created_at", "status", "category", "created_at",
              "id"),
        Index("ix_products_status_category_price_cents_id", "status", "category",
              "price_cents", "id"),
        Index("ix_products_status_brand_key_created_at", "status", "brand_key", "created_at",
              "id"),
        Index("ix_products_seller_id_status_created_at", "seller_id", "status", "created_at",
              "id"),
        Index(FACETS_INDEX, "status", "brand_key", "category", "size", "condition",
              "brand", "price_cents", "seller_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seller_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    title: Mapped[str] = mapped_column(String(100))
    description: Mapped[str] = mapped_column(Text)
    price_cents: Mapped[int] = mapped_column(Integer)
    brand: Mapped[str] = mapped_column(String(50))
    brand_key: Mapped[str] = mapped_column(String(50))
    size: Mapped[str] = mapped_column(String(8))
    condition: Mapped[str] = mapped_column(String(16))
    category: Mapped[str] = mapped_column(String(16))
    status: Mapped[str] = mapped_column(String(16), default=ListingStatus.AVAILABLE.value)
    price_drop: Mapped[bool] = mapped_column(Boolean, default=False)
    verified: Mapped[bool] = mapped_column(Boolean, default=False)
    watch_count: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime)
    # domain.search terms; written with every listing, read only by the full-text index
    search_head: Mapped[str] = mapped_column(Text, default="", deferred=True)
    search_body: Mapped[str] = mapped_column(Text, default="", deferred=True)


class SearchTermRow(Base):
    """How many listings use each vocabulary word (``domain.search.vocabulary_words``)."""

    __tablename__ = "search_terms"

    term: Mapped[str] = mapped_column(
        String(MAX_TERM_LENGTH).with_variant(String(MAX_TERM_LENGTH, collation="C"),
                                             "postgresql"), primary_key=True)
    listings: Mapped[int] = mapped_column(Integer, default=0)


class ProductImageRow(Base):
    __tablename__ = "product_images"

    product_id: Mapped[int] = mapped_column(
        ForeignKey("products.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    url: Mapped[str] = mapped_column(String(500))
    thumbnail_url: Mapped[str] = mapped_column(String(500))


P = ProductRow
PRODUCTS = ProductRow.__table__
IMAGES = ProductImageRow.__table__
FTS_INSERT_TRIGGER = "products_fts_insert"
CHANGES_INSERT_TRIGGER = "listing_changes_insert"  # migration 0072
# The change feed's rows of a bulk load, one statement per batch (one stamp for the batch).
CHANGES_FILL = text(
    "INSERT INTO listing_changes(listing_id, stamp) "
    "SELECT id, (SELECT coalesce(max(stamp), 0) + 1 FROM listing_changes) FROM products "
    "WHERE id BETWEEN :low AND :high "
    "ON CONFLICT(listing_id) DO UPDATE SET stamp = excluded.stamp")
FTS_FILL = text("INSERT INTO products_fts(rowid, search_head, search_body) "
                "SELECT id, search_head, search_body FROM products "
                "WHERE id BETWEEN :low AND :high")
TERMS = SearchTermRow.__table__


def to_cents(amount: Decimal) -> int:
    return int(amount * 100)


def _values(listing: Listing) -> dict[str, Any]:
    found = search_text(listing.title, listing.description, listing.brand, listing.category,
                        listing.condition)
    return {
        "search_head": found.head, "search_body": found.body,
        "seller_id": listing.seller_id, "title": listing.title,
        "description": listing.description, "price_cents": to_cents(listing.price),
        "brand": listing.brand, "brand_key": brand_key(listing.brand),
        "size": listing.size.value, "condition": listing.condition.value,
        "category": listing.category.value, "status": listing.status.value,
        "price_drop": listing.price_drop, "verified": listing.verified,
        "created_at": listing.created_at, "updated_at": listing.updated_at or listing.created_at,
    }


# The stored values' members, looked up by dict: calling an Enum per value was a fifth of
# turning a page of rows into listings (24 per search).
_SIZES = {member.value: member for member in Size}
_CONDITIONS = {member.value: member for member in Condition}
_CATEGORIES = {member.value: member for member in Category}
_STATUSES = {member.value: member for member in ListingStatus}


def _listing(row: ProductRow, images: list[ListingImage]) -> Listing:
    return Listing(
        id=row.id, seller_id=row.seller_id, title=row.title, description=row.description,
        price=Decimal(row.price_cents) / 100, brand=row.brand, size=_SIZES[row.size],
        condition=_CONDITIONS[row.condition], category=_CATEGORIES[row.category],
        images=images, created_at=row.created_at, status=_STATUSES[row.status],
        price_drop=row.price_drop, verified=row.verified, watch_count=row.watch_count,
        updated_at=row.updated_at,
    )


def _row_fields(row: ProductRow) -> tuple[str, ...]:
    return vocabulary_fields(row.title, row.description, row.brand, Category(row.category),
                             Condition(row.condition))


def _image_rows(listing_id: int, images: list[ListingImage]) -> list[dict[str, Any]]:
    return [{"product_id": listing_id, "position": n, "url": image.url,
             "thumbnail_url": image.thumbnail_url} for n, image in enumerate(images)]


def _listing_fields(listing: Listing) -> tuple[str, ...]:
    return vocabulary_fields(listing.title, listing.description, listing.brand,
                             listing.category, listing.condition)


# Which matches a text condition keeps: every match, those whose title and brand alone
# match every word ("strong", relevance rank 1), or the others ("weak", rank 0).
ALL, STRONG, WEAK = "all", "strong", "weak"


def fts_query(words: tuple[str, ...], part: str = ALL) -> str:
    """SQLite FTS5: every word as a quoted prefix, or its patterns (``domain.search``) as
    alternatives (words are letters and digits only, so quoting is safe)."""
    def group(word: str) -> str:
        return "(" + " OR ".join(f'"{p}"*' for p in patterns(word)) + ")"

    every = " AND ".join(group(word) for word in words)
    if part == STRONG:
        return f"search_head : ({every})"
    if part == WEAK:
        return f"({every}) NOT (search_head : ({every}))"
    return every


def tsquery(words: tuple[str, ...], part: str = ALL) -> str:
    """PostgreSQL: the same; the head's terms carry weight A."""
    def every(weight: str) -> str:
        return " & ".join("(" + " | ".join(f"{p}:*{weight}" for p in patterns(word)) + ")"
                          for word in words)

    if part == STRONG:
        return every("A")
    if part == WEAK:
        return f"({every('')}) & !({every('A')})"
    return every("")


def _text_match(words: tuple[str, ...], dialect: str, part: str = ALL) -> ColumnElement[bool]:
    if dialect == "postgresql":
        query = func.to_tsquery(literal_column("'simple'::regconfig"), tsquery(words, part))
        return literal_column("products.search_vector").bool_op("@@")(query)
    matches = text("SELECT rowid FROM products_fts WHERE products_fts MATCH :fts")
    return P.id.in_(matches.bindparams(fts=fts_query(words, part)).columns(
        literal_column("rowid", Integer)))


def _successor(prefix: str) -> str:
    """The smallest string above every string starting with ``prefix`` (code point order,
    which is byte order in UTF-8: SQLite's BINARY and PostgreSQL's "C" collation)."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


def _starts_with(column: Any, prefix: str) -> ColumnElement[bool]:
    return (column >= prefix) & (column < _successor(prefix))


FACETS = ("brands", "categories", "sizes", "conditions")
FACET_COLUMNS = {"brands": P.brand_key, "categories": P.category, "sizes": P.size,
                 "conditions": P.condition}


def _facet_values(query: ListingFilter, name: str) -> frozenset[str]:
    chosen = {"brands": query.brands, "categories": query.categories, "sizes": query.sizes,
              "conditions": query.conditions}[name]
    return frozenset(str(value) for value in chosen)


def _has_facet_filter(query: ListingFilter) -> bool:
    return bool(query.brands or query.categories or query.sizes or query.conditions)


def conditions(query: ListingFilter, dialect: str, skip: tuple[str, ...] = (),
               drive_from_text: bool = False, part: str = ALL,
               price_index: bool = True) -> list[ColumnElement[bool]]:
    """The WHERE clauses of a filter, leaving out the facet filters named in ``skip``.

    ``drive_from_text``: write the status test as ``status || ''`` so neither planner can
    use a status index, and the text matches are found through the full-text index first,
    instead of walking every available listing and testing each one against the words
    (which is what both planners choose for a rare word, at a cost of seconds).

    ``price_index=False``: compare ``price_cents + 0``, so the planner cannot drive the
    query from the price index. SQLite keeps no statistics here and takes any price range
    for a narrow one; at a million listings a shop-wide range such as 20 to 170 matches most
    rows, and a newest-first page or a brand count that starts from it reads and sorts
    hundreds of thousands of them (0.5 to 2 s) where the date, brand or covering facet index
    answers in milliseconds (docs/performance.md, "Query plans at a million"). PostgreSQL
    estimates ranges from statistics, so callers ask for this there only where no
    statistic can help (a brand's listings sorted by price, :meth:`_rows`).
    """
    where: list[ColumnElement[bool]] = []
    if not query.include_unavailable:
        status = P.status.concat("") if drive_from_text else P.status
        where.append(status == ListingStatus.AVAILABLE.value)
    if query.seller_id is not None:
        where.append(P.seller_id == query.seller_id)
    if query.words:
        where.append(_text_match(query.words, dialect, part))
    for name in FACETS:
        values = _facet_values(query, name)
        if values and name not in skip:
            where.append(FACET_COLUMNS[name].in_(sorted(values)))
    price: Any = P.price_cents if price_index else P.price_cents + 0
    if query.min_price is not None:
        where.append(price >= to_cents(query.min_price))
    if query.max_price is not None:
        where.append(price <= to_cents(query.max_price))
    return where


def _sort_column(sort: ListingSort) -> Any:
    if sort in (ListingSort.MOST_RECENT, ListingSort.RELEVANCE):
        return P.created_at
    if sort is ListingSort.MOST_POPULAR:
        return P.watch_count
    return P.price_cents


def _after_clause(sort: ListingSort, after: After, *, price_index: bool = True
                  ) -> ColumnElement[bool]:
    column = _sort_column(sort)
    if column is not P.price_cents:
        return after_clause(column, P.id, after, descending=sort.descending)
    cents = to_cents(Decimal(str(after.value)))
    key = column if price_index else column + 0  # see :func:`conditions`
    return after_clause(key, P.id, after, descending=sort.descending, value=cents)


def _indexed_by(statement: Any, index: str) -> Any:
    """SQLite: read ``products`` through ``index`` (``engine.py`` renders the hint;
    PostgreSQL ignores it)."""
    return statement.with_hint(ProductRow, f"INDEXED BY {index}", "sqlite")


def _text_reads(statement: Any) -> Any:
    """SQLite: look the full-text matches up in :data:`TEXT_READS_INDEX` (migration 0071)."""
    return _indexed_by(statement, TEXT_READS_INDEX)


def _walk_index(query: ListingFilter, sort: ListingSort) -> str:
    """The index that lists available listings in ``sort``'s order (one category's own,
    when one is chosen)."""
    column, one = _sort_column(sort), len(query.categories) == 1
    if column is P.watch_count:
        return "ix_products_status_watch_count_id"
    if column is P.price_cents:
        return ("ix_products_status_category_price_cents_id" if one
                else "ix_products_status_price_cents_id")
    return ("ix_products_status_category_created_at" if one
            else "ix_products_status_created_at_id")


def _id_list(text: str | None) -> Any:
    """"1,5,9" as an array of ids, parsed in C (no list of 100,000 strings)."""
    return np.fromstring(text, dtype=np.int64, sep=",") if text else np.empty(0, np.int64)


class SqlListingRepository:
    """``cache`` keeps facet combinations and capped totals (``search_cache.py``);
    ``on_write`` tells the unit of work that listings changed, so that it empties the cache
    after the commit. ``heavy`` is the admission gate (``application/admission.py``) every
    statement that may walk many rows (a search page, a count, a facet pass) goes through;
    answers from the cache and by-id lookups never wait there."""

    def __init__(self, session: Callable[[], AsyncSession], dialect: str,
                 cache: SearchCache | None = None,
                 on_write: Callable[[], None] | None = None,
                 heavy: AbstractAsyncContextManager[Any] | None = None,
                 index: ListingIndex | None = None, lean: Any = None,
                 gate: AbstractAsyncContextManager[Any] | None = None) -> None:
        # The unit of work's session, made on first use: a search the index answers with
        # the lean reads needs none. Its dialect's name, known without making one.
        self._session = session
        self.dialect = dialect
        self.cache = cache
        self._on_write = on_write or (lambda: None)
        self.heavy: AbstractAsyncContextManager[Any] = heavy or nullcontext()
        # The admission gate itself, for a heavy read outside this unit of work (a word's
        # shared fetch, ``_text_ids``); ``heavy`` is this unit of work's slot of it.
        self.gate: AbstractAsyncContextManager[Any] = gate or nullcontext()
        self.index = index
        self.lean = lean  # LeanReads: bounded reads outside this unit of work (``_read``)
        self._synced = False
        self._wrote = False
        self._bits: dict[Hashable, Any] = {}  # a search's count and page share their bitmap

    @property
    def session(self) -> AsyncSession:
        return self._session()

    def on_write(self) -> None:
        self._wrote = True
        self._on_write()

    # -- the in-memory index (adapters/listing_index.py) ---------------------------------

    async def _indexed(self, query: ListingFilter) -> ListingIndex | None:
        """The index, brought up to date, when it can answer ``query``: available listings
        (not a seller's own page, which may show sold ones and has its own index), and not
        in a unit of work that wrote listings (the index holds committed listings only).
        The index reads through the lean path (its words are fetched outside any unit of
        work, ``_text_ids``), so without one it is not used."""
        index = self.index
        if (index is None or self.lean is None or self._wrote or query.include_unavailable
                or query.seller_id is not None):
            return None
        if not index.ready:  # loading (the server starts it), or not wanted here
            return None
        if not self._synced:
            await sync_index(index, self.dialect, self._session, self._read,
                             None if self.lean is None else self.lean.data_version())
            self._synced = True
        return index if index.ready else None

    async def _read(self, statement: Any) -> Sequence[Any]:
        """A bounded read on the lean path (``LeanReads.run``: no thread hop on SQLite, no
        transaction on PostgreSQL), or in this session when there is none or this unit of
        work wrote (it must see its own writes)."""
        if self.lean is not None and not self._wrote:
            return await self.lean.run(statement)
        return (await self.session.execute(statement)).all()

    async def _word_bits(self, index: ListingIndex, words: tuple[str, ...],
                         part: str) -> dict[str, Any]:
        """Each word's bitmap: cached in the index, else the database's full-text answer."""
        found = {}
        for word in words:
            found[word] = await index.word(
                word, part, lambda w=word: self._text_ids(w, STRONG if part == INDEX_HEAD
                                                          else ALL))
        return found

    async def _text_ids(self, word: str, part: str) -> Any:
        """Every listing the full-text index matches ``word`` with, as one string of ids
        (one value to fetch, not a row per match: 30 against 200 ms for 100,000 ids)."""
        if self.dialect == "postgresql":
            # ListingIndex.word runs this in a task shared by every request missing the word,
            # which may outlive the request that started it (its client left): so not in
            # this unit of work's session or admission slot, which would stay taken with
            # nobody left to give them back, but on the lean path's own connection with a
            # slot for this statement alone (the slot first, then the connection, as
            # ``_HeavySlot`` takes them).
            statement = (select(func.string_agg(func.cast(P.id, Text), ","))
                         .where(_text_match((word,), self.dialect, part)))
            async with self.gate:
                return _id_list((await self.lean.run(statement))[0][0])
        # SQLite: on the event loop, once per word (5-30 ms at a million listings): through
        # a worker thread it queued behind every busy request for the GIL, and the first
        # searches of a word waited seconds under load.
        found = await self._read(text(
            "SELECT group_concat(rowid) FROM products_fts WHERE products_fts MATCH :fts"
        ).bindparams(fts=fts_query((word,), part)))
        return _id_list(found[0][0])

    async def _query_bits(self, index: ListingIndex, query: ListingFilter) -> Any:
        """The query's matches (one bitmap for its total and its page: a page sorted by
        price looks only in the price range, and the bitmap holds it too)."""
        key = (index.version, query)
        found = self._bits.get(key)
        if found is None:
            words = await self._word_bits(index, query.words, INDEX_ALL)
            found = self._bits[key] = index.bits(query, words)
        return found

    async def _index_page(self, index: ListingIndex, query: ListingFilter,
                          sort: ListingSort, limit: int, after: After | None) -> list[int]:
        bits = await self._query_bits(index, query)
        if sort is not ListingSort.RELEVANCE or not query.words:
            return index.page(bits, sort, limit, after, query)
        heads = await self._word_bits(index, query.words, INDEX_HEAD)
        strong = index.narrowed(bits, *(heads[word] for word in query.words))
        ids: list[int] = []
        if after is None or after.rank != 0:  # as :meth:`search` in SQL: rank 1, then 0
            ids = index.page(strong, sort, limit, after)
        if len(ids) < limit:
            ids += index.page(bits & ~strong, sort, limit - len(ids),
                              after if after is not None and after.rank == 0 else None)
        return ids

    async def add(self, listing: Listing) -> Listing:
        self.on_write()
        row = ProductRow(**_values(listing), watch_count=listing.watch_count)
        self.session.add(row)
        await self.session.flush()
        listing.id = row.id
        if listing.images:
            await self.session.execute(insert(ProductImageRow),
                                       _image_rows(row.id, listing.images))
        await self._count_words(count_vocabulary(_listing_fields(listing)))
        return listing

    async def _count_words(self, changes: Counter[str]) -> None:
        """Add ``changes`` to the vocabulary counts (one upsert per word, in word order so
        concurrent writers on PostgreSQL take the row locks in the same order)."""
        rows = [{"term": term, "listings": n} for term, n in sorted(changes.items()) if n]
        if not rows:
            return
        insert_into = postgres_insert if self.dialect == "postgresql" else sqlite_insert
        statement = insert_into(TERMS)
        statement = statement.on_conflict_do_update(
            index_elements=[TERMS.c.term],
            set_={"listings": TERMS.c.listings + statement.excluded.listings})
        await self.session.execute(statement, rows)

    async def add_many(self, listings: list[Listing],
                       stored: Callable[[int], None] | None = None) -> list[int]:
        """Bulk insert with ids reserved up front, so products and photos go in as plain
        executemany statements per batch (no per-row RETURNING round trips). On SQLite the
        full-text rows and the change feed's rows are written by one statement per batch
        instead of triggers per row (about twice as fast; see
        :meth:`_without_insert_triggers`), with a page cache that holds what the
        transaction dirties (:data:`BULK_CACHE_KIB`)."""
        self.on_write()
        ids: list[int] = []
        async with self._bulk_cache(), self._without_insert_triggers():
            for start in range(0, len(listings), BATCH):
                ids.extend(await self._add_batch(listings[start:start + BATCH]))
                if stored is not None:
                    stored(len(ids))
        return ids

    @asynccontextmanager
    async def _bulk_cache(self) -> AsyncIterator[None]:
        """SQLite: :data:`BULK_CACHE_KIB` of page cache on this connection while the bulk
        load runs, then its own size again. Pages dirtied meanwhile stay until the commit
        writes them (SQLite never evicts a dirty page for a smaller cache size); the cache
        shrinks back after it."""
        if self.dialect != "sqlite":
            yield
            return
        before = int(await self.session.scalar(text("PRAGMA cache_size")) or 0)
        await self.session.execute(text(f"PRAGMA cache_size = -{BULK_CACHE_KIB}"))
        try:
            yield
        finally:
            await self.session.execute(text(f"PRAGMA cache_size = {before}"))

    async def _add_batch(self, chunk: list[Listing]) -> list[int]:
        new_ids = await self._reserve_ids(chunk[0], len(chunk))
        rows = [{**_values(item), "watch_count": item.watch_count, "id": new_id}
                for item, new_id in zip(chunk, new_ids, strict=True)]
        first_is_stored = self.dialect != "postgresql"
        if rows[first_is_stored:]:
            await self.session.execute(insert(PRODUCTS), rows[first_is_stored:])
        images = [image for item, new_id in zip(chunk, new_ids, strict=True)
                  for image in _image_rows(new_id, item.images)]
        if images:
            await self.session.execute(insert(IMAGES), images)
        if self.dialect == "sqlite":
            span = {"low": new_ids[0], "high": new_ids[-1]}
            await self.session.execute(FTS_FILL, span)
            await self.session.execute(CHANGES_FILL, span)
        await self._count_words(count_vocabulary(
            field for item in chunk for field in _listing_fields(item)))
        return new_ids

    @asynccontextmanager
    async def _without_insert_triggers(self) -> AsyncIterator[None]:
        """SQLite: drop the full-text and change-feed insert triggers for the bulk load and
        put back the very same definitions (read from sqlite_master) afterwards, all inside
        this transaction, which holds the write lock: no other insert can slip past them
        meanwhile."""
        if self.dialect != "sqlite":
            yield
            return
        definitions = [found for name in (FTS_INSERT_TRIGGER, CHANGES_INSERT_TRIGGER)
                       if (found := await self.session.scalar(text(
                           "SELECT sql FROM sqlite_master WHERE type = 'trigger' "
                           "AND name = :name"), {"name": name})) is not None]
        if not definitions:  # already handled by a caller further up
            yield
            return
        # The sqlite3 driver opens a transaction only before DML and runs DDL outside one:
        # without this statement the DROP would be committed at once, and an error later
        # would leave the table with no insert trigger.
        await self.session.execute(text("UPDATE products SET id = id WHERE 0"))
        for name in (FTS_INSERT_TRIGGER, CHANGES_INSERT_TRIGGER):
            await self.session.execute(text(f"DROP TRIGGER IF EXISTS {name}"))
        yield  # on an error the transaction rolls back, and the drops with it
        for definition in definitions:
            await self.session.execute(text(definition))

    async def _reserve_ids(self, first: Listing, count: int) -> list[int]:
        """``count`` unused ids. PostgreSQL: taken from the id sequence. SQLite: the first
        listing is inserted normally (which takes the database's write lock, so no one else
        can insert until commit); the ids after its id are then free."""
        if self.dialect == "postgresql":
            reserve = text("SELECT nextval(pg_get_serial_sequence('products', 'id')) "
                           "FROM generate_series(1, :count)")
            return list((await self.session.scalars(reserve, {"count": count})).all())
        statement = insert(PRODUCTS).returning(PRODUCTS.c.id)
        first_id = await self.session.scalar(
            statement, {**_values(first), "watch_count": first.watch_count})
        assert first_id is not None
        return list(range(first_id, first_id + count))

    async def refresh_statistics(self) -> None:
        """PostgreSQL plans from statistics that autovacuum refreshes only later; SQLite
        keeps none here (its plans above do not depend on them). The change feed and the
        vocabulary too: a million-row ``listing_changes`` without statistics is planned as
        if a third of it matched every look (the first bench after a seed did 17
        searches/s, 188 after ``VACUUM ANALYZE``)."""
        if self.dialect == "postgresql":
            await self.session.execute(text(
                "ANALYZE products, product_images, favorites, listing_changes, search_terms"))

    async def get(self, listing_id: int) -> Listing | None:
        return (await self.get_many([listing_id])).get(listing_id)

    async def get_many(self, listing_ids: list[int], *, indexed: bool = False
                       ) -> dict[int, Listing]:
        # (``indexed`` changes nothing here: the unit of work reads every listing afresh.)
        if not listing_ids:
            return {}
        rows = (await self.session.scalars(
            select(ProductRow).where(ProductRow.id.in_(listing_ids)))).all()
        images = await self._images([row.id for row in rows])
        return {row.id: _listing(row, images.get(row.id, [])) for row in rows}

    async def _images(self, listing_ids: list[int]) -> dict[int, list[ListingImage]]:
        if not listing_ids:
            return {}
        query = (select(ProductImageRow)
                 .where(ProductImageRow.product_id.in_(listing_ids))
                 .order_by(ProductImageRow.product_id, ProductImageRow.position))
        found: dict[int, list[ListingImage]] = {}
        for row in (await self.session.scalars(query)).all():
            found.setdefault(row.product_id, []).append(
                ListingImage(row.url, row.thumbnail_url))
        return found

    async def save(self, listing: Listing) -> None:
        self.on_write()
        row = await self.session.get(ProductRow, listing.id)
        if row is None:
            raise LookupError(f"listing {listing.id} vanished")
        changes = count_vocabulary(_listing_fields(listing))
        changes.subtract(count_vocabulary(_row_fields(row)))
        await self._count_words(changes)
        for name, value in _values(listing).items():
            setattr(row, name, value)
        stored = (await self._images([row.id])).get(row.id, [])
        if stored != listing.images:
            await self.session.execute(
                delete(ProductImageRow).where(ProductImageRow.product_id == row.id))
            if listing.images:
                await self.session.execute(insert(ProductImageRow),
                                           _image_rows(row.id, listing.images))
        await self.session.flush()

    async def delete(self, listing_id: int) -> None:
        self.on_write()
        row = await self.session.get(ProductRow, listing_id)
        if row is None:
            return
        changes: Counter[str] = Counter()
        changes.subtract(count_vocabulary(_row_fields(row)))
        await self._count_words(changes)
        await self.session.execute(delete(ProductRow).where(ProductRow.id == listing_id))

    async def claim_status(self, listing_id: int, expected: ListingStatus,
                           status: ListingStatus, now: datetime) -> bool:
        self.on_write()
        result = await self.session.execute(
            update(ProductRow)
            .where(ProductRow.id == listing_id, ProductRow.status == expected.value)
            .values(status=status.value, updated_at=now)
            .execution_options(synchronize_session=False))
        return result.rowcount == 1  # type: ignore[attr-defined]

    async def search(self, query: ListingFilter, sort: ListingSort, limit: int,
                     after: After | None = None, matches: int | None = None) -> list[Listing]:
        ids = await self.search_ids(query, sort, limit, after)
        if ids is not None:
            found = await self.get_many(ids)
            return [found[i] for i in ids if i in found]
        if sort is not ListingSort.RELEVANCE or not query.words:
            rows = await self._rows(query, sort, limit, after,
                                    await self._drive_from_text(query, matches),
                                    matches=matches)
        else:
            # Relevance: rank 1 (title and brand match every word), newest first, then
            # rank 0; each part walks the same indexes as most recent does. When many
            # listings match, each part asks how many it has (the title matches of a
            # category word can be none at all: walking the date index for them would
            # read every listing).
            small = matches is not None and matches <= TEXT_DRIVE_LIMIT
            rows = []
            if after is None or after.rank != 0:
                rows = await self._rows(query, sort, limit, after,
                                        small or await self._few_matches(query, STRONG),
                                        STRONG)
            if len(rows) < limit:
                rows += await self._rows(query, sort, limit - len(rows),
                                         after if after is not None and after.rank == 0
                                         else None,
                                         small or await self._few_matches(query, WEAK), WEAK)
        images = await self._images([row.id for row in rows])
        return [_listing(row, images.get(row.id, [])) for row in rows]

    async def search_ids(self, query: ListingFilter, sort: ListingSort, limit: int,
                         after: After | None = None) -> list[int] | None:
        index = await self._indexed(query)
        if index is None:
            return None
        return await self._index_page(index, query, sort, limit, after)

    async def _few_matches(self, query: ListingFilter, part: str) -> bool:
        """At most :data:`TEXT_DRIVE_LIMIT` listings match this part of the words (counted
        in the full-text index and stopped there: milliseconds on either database)."""
        if self.dialect == "postgresql":
            matching = (select(literal_column("1")).select_from(ProductRow)
                        .where(_text_match(query.words, self.dialect, part))
                        .limit(TEXT_DRIVE_LIMIT + 1))
            statement: Any = select(func.count()).select_from(matching.subquery())
            values: dict[str, Any] = {}
        else:
            statement = text("SELECT count(*) FROM (SELECT 1 FROM products_fts "
                             "WHERE products_fts MATCH :fts LIMIT :cap)")
            values = {"fts": fts_query(query.words, part), "cap": TEXT_DRIVE_LIMIT + 1}
        async with self.heavy:
            found = await self.session.scalar(statement, values)
        return int(found or 0) <= TEXT_DRIVE_LIMIT

    async def _rows(self, query: ListingFilter, sort: ListingSort, limit: int,
                    after: After | None, drive: bool, part: str = ALL,
                    matches: int | None = None) -> list[ProductRow]:
        column = _sort_column(sort)
        if (column is P.price_cents and not query.words and not query.brands
                and len(query.categories) > 1):
            # Several categories by price: neither SQLite nor PostgreSQL 15 merges their
            # ranges of the (status, category, price) index in price order; they walk the
            # whole catalog's price index instead (cheap dresses sit far down a high-to-low
            # walk of coats). Walk each category's own order and merge the pages here.
            parts = [await self._rows(replace(query, categories=frozenset({category})), sort,
                                      limit, after, drive, part)
                     for category in sorted(query.categories)]
            return sorted((row for rows in parts for row in rows),
                          key=lambda row: (row.price_cents, row.id),
                          reverse=sort.descending)[:limit]

        def order(key: Any) -> tuple[Any, Any]:
            return (key.desc(), P.id.desc()) if sort.descending else (key.asc(), P.id.asc())

        by_price = column is P.price_cents
        few = matches is not None and matches <= TEXT_DRIVE_LIMIT
        # (Both databases: PostgreSQL's statistics know how many listings a brand has, not
        # that its cheapest one is far up the catalog's price order: 0.8 s for one brand.)
        # (Without a brand, one category's few matches are best walked in its own
        # (status, category, price) index.)
        through_filters = by_price and not query.words and bool(
            query.brands or (few and not query.categories
                             and (_has_facet_filter(query) or query.seller_id is not None)))
        where = conditions(query, self.dialect, drive_from_text=drive, part=part,
                           price_index=self._price_index(by_price) and not through_filters)
        if after is not None:
            where.append(_after_clause(sort, after, price_index=not through_filters))
        # Some plans find the page's ids first (``page``), then read just those rows.
        ids = select(P.id).where(*where).limit(limit)
        page = None
        if query.words and self.dialect == "sqlite":
            # The page's ids first, then its rows. Driven from the text, the matches' ids
            # are tested, ordered and cut to a page in the narrow index. Otherwise asking
            # for ids alone lets SQLite walk the sort index and stop after a page, where
            # asking for whole rows makes it read every text match's row and sort them
            # (63 against 3 ms for "leather", newest first, at a million listings).
            # Walking, the walk is named: with several categories SQLite otherwise takes
            # the (status, category, price) index for them and sorts every listing of
            # both by popularity (248 against 9 ms for "striped" in two categories).
            page = ids.order_by(*order(column))
            if drive:
                page = _text_reads(page)
            elif query.seller_id is None:
                page = _indexed_by(page, _walk_index(query, sort))
        elif through_filters:
            # A brand, or few matches, sorted by price: walking the price index for them
            # can read most of the catalog (fair-condition tops sit far down a high-to-low
            # walk, a brand's cheapest listing far up a low-to-high one). Find the page's ids
            # through the brand (or seller) in the covering facet index instead: the price
            # comparisons as ``price_cents + 0`` keep the planner off the price index, and the
            # brand's listings, or the few matches, are sorted in memory.
            page = ids.order_by(*order(column + 0))
        elif (few and query.brands and not query.words and query.seller_id is None
              and self.dialect == "sqlite"):  # (a seller's own listings: the seller index)
            # A brand's few matches in another order (vans under 30, most popular first):
            # the walk of the popularity or date index tests every listing of every brand
            # on the way (0.34 s); the brand's entries of the covering facet index hold
            # just them, and only they are read whole and sorted.
            page = _indexed_by(ids.order_by(*order(column)), FACETS_INDEX)
        rows = select(ProductRow).order_by(*order(column))
        statement = (rows.where(*where).limit(limit) if page is None
                     else rows.where(P.id.in_(page)))
        async with self.heavy:
            return list((await self.session.scalars(statement)).all())

    def _price_index(self, serves: bool) -> bool:
        """May the planner start from the price index? Where it ``serves`` the statement, and
        always on PostgreSQL, which estimates ranges from statistics (:func:`conditions`)."""
        return serves or self.dialect != "sqlite"

    async def count(self, query: ListingFilter, up_to: int | None = None) -> int:
        index = await self._indexed(query)
        if index is not None:
            return index.count(await self._query_bits(index, query), up_to)
        return int(await self._cached(("count", query, up_to), lambda: self._count(query, up_to)))

    async def _cached(self, key: Hashable, compute: Callable[[], Awaitable[Any]]) -> Any:
        """``compute()``'s answer, remembered: by the search index when this unit of work
        has synced it (the vocabulary's counts change with listings, in their transaction,
        so an answer is as fresh as the index that has seen every listing change since:
        ``ListingIndex.remembered``; per process, so with or without Redis and with any
        number of workers), else by the search cache (``search_cache.py``: off with
        several workers and no Redis, when every typo was corrected again in SQL)."""
        index = self.index
        if index is not None and self._synced and not self._wrote and index.ready:
            return await index.remembered(key, compute)
        if self.cache is None:
            return await compute()
        generation = await self.cache.generation()  # read before computing (see the cache)
        found = self.cache.get(key, generation)
        if found is None:
            found = await compute()
            self.cache.put(key, generation, found)
        return found

    async def _count(self, query: ListingFilter, up_to: int | None) -> int:
        # The price index serves a count only when the price range is the only filter (it
        # covers the count then); with a brand, category, size or condition the covering
        # facet index does, and with words the full-text index (see :func:`conditions`).
        drive = await self._drive_from_text(query, counting=True)
        where = conditions(query, self.dialect, drive_from_text=drive,
                           price_index=self._price_index(not (
                               _has_facet_filter(query) or query.words
                               or query.seller_id is not None)))
        matching = select(literal_column("1")).select_from(ProductRow).where(*where)
        if drive:
            matching = _text_reads(matching)
        if up_to is not None:  # stop at ``up_to``: a first page never counts a million rows
            matching = matching.limit(up_to)
        statement = select(func.count()).select_from(matching.subquery())
        async with self.heavy:
            return int(await self.session.scalar(statement) or 0)

    async def facets(self, query: ListingFilter, brand_limit: int) -> Facets:
        """One pass: count the matching listings per (brand, category, size, condition)
        combination (streamed from the covering index ``ix_products_facets``), then add the
        combinations up per facet here, each facet ignoring its own filter."""
        # The facet filters are applied below, so one cached pass serves every tick of them.
        unticked = replace(query, brands=frozenset(), categories=frozenset(),
                           sizes=frozenset(), conditions=frozenset())
        chosen = {name: _facet_values(query, name) for name in FACETS}
        index = await self._indexed(unticked)
        if index is not None:
            words = await self._word_bits(index, unticked.words, INDEX_ALL)
            counted = index.facets(
                index.combos(lambda: index.bits(unticked, words), unticked), chosen)
            counted["brands"] = counted["brands"][:brand_limit]
            return Facets(**{name: [FacetCount(*pair) for pair in pairs]
                             for name, pairs in counted.items()})
        combos = await self._cached(("facets", unticked), lambda: self._combos(unticked))
        totals: dict[str, Counter[str]] = {name: Counter() for name in FACETS}
        shown: dict[str, str] = {}
        for key, category, size, condition, brand, n in combos:
            values = dict(zip(FACETS, (key, category, size, condition), strict=True))
            shown[key] = min(shown.get(key, brand), brand)
            for name in FACETS:
                if all(not chosen[other] or values[other] in chosen[other]
                       for other in FACETS if other != name):
                    totals[name][values[name]] += n

        def ranked(name: str) -> list[FacetCount]:
            pairs = sorted(totals[name].items(), key=lambda item: (-item[1], item[0]))
            return [FacetCount(shown.get(value, value) if name == "brands" else value, n)
                    for value, n in pairs if n]

        return Facets(brands=ranked("brands")[:brand_limit], categories=ranked("categories"),
                      sizes=ranked("sizes"), conditions=ranked("conditions"))

    async def _combos(self, query: ListingFilter) -> list[tuple[Any, ...]]:
        count = func.count()
        drive = await self._drive_from_text(query, counting=True)
        statement = (
            select(P.brand_key, P.category, P.size, P.condition, P.brand, count)
            .where(*conditions(query, self.dialect, skip=FACETS, drive_from_text=drive,
                               price_index=self._price_index(False)))
            # by brand too: the shown spelling is chosen in Python (min), the same on both
            # databases whatever their collation ("H&M" over "hm", "Levi's" over "Levis")
            .group_by(P.brand_key, P.category, P.size, P.condition, P.brand))
        if drive:
            statement = _text_reads(statement)
        async with self.heavy:
            return [tuple(row) for row in await self.session.execute(statement)]

    async def _drive_from_text(self, query: ListingFilter, matches: int | None = None, *,
                               counting: bool = False) -> bool:
        """With search words: find the matches through the full-text index first (see
        :func:`conditions`), or walk the sort index testing the words?

        A page walks the sort index when many listings match (it stops after a dozen);
        ``matches`` (the total, when the caller knows it) or, on SQLite, a capped count of
        the text matches decides. Counting on PostgreSQL always starts from the GIN index;
        on SQLite up to :data:`TEXT_COUNT_DRIVE_LIMIT` text matches (FTS5 counts its own
        matches in milliseconds, so asking is cheap).
        """
        if not query.words:
            return False
        if not counting and matches is not None:
            return matches <= TEXT_DRIVE_LIMIT
        if self.dialect == "postgresql":
            return counting
        limit = TEXT_COUNT_DRIVE_LIMIT if counting else TEXT_DRIVE_LIMIT
        capped = text("SELECT count(*) FROM (SELECT 1 FROM products_fts "
                      "WHERE products_fts MATCH :fts LIMIT :cap)")
        async with self.heavy:
            found = await self.session.scalar(capped, {"fts": fts_query(query.words),
                                                       "cap": limit + 1})
        return int(found or 0) <= limit

    # -- vocabulary: typo correction and suggestions ------------------------------------

    async def remembered(self, key: tuple[str, ...], compute: Callable[[], Awaitable[str]]
                         ) -> str:
        return str(await self._cached(("remembered", *key), compute))

    async def knows_prefix(self, prefixes: tuple[str, ...]) -> bool:
        if not any(prefixes):
            return False

        async def load() -> bool:  # the statement is built only when not cached
            starts = [_starts_with(SearchTermRow.term, p) for p in prefixes if p]
            return bool(await self._read(  # index range reads: on the lean path
                select(literal_column("1")).select_from(SearchTermRow)
                .where(SearchTermRow.listings > 0, or_(*starts)).limit(1)))

        # Cached like the terms near a word: a typo is typed again and again.
        return bool(await self._cached(("prefix", prefixes), load))

    async def terms_near(self, word: str, spread: int) -> dict[str, int]:
        low, high = max(1, len(word) - spread), len(word) + spread

        async def load() -> dict[str, int]:
            rows = await self.session.execute(
                select(SearchTermRow.term, SearchTermRow.listings).where(
                    SearchTermRow.listings > 0,
                    func.length(SearchTermRow.term).between(low, high)))
            return {term: n for term, n in rows}

        return dict(await self._cached(("terms", low, high), load))

    async def suggest_words(self, prefix: str, limit: int) -> list[Suggestion]:
        if not prefix:
            return []
        rows = await self.session.execute(
            select(SearchTermRow.term, SearchTermRow.listings)
            .where(SearchTermRow.listings > 0, _starts_with(SearchTermRow.term, prefix))
            .order_by(SearchTermRow.listings.desc(), SearchTermRow.term).limit(limit))
        return [Suggestion(term, n) for term, n in rows]

    async def suggest_brands(self, prefix: str, limit: int) -> list[Suggestion]:
        """From the facet pass over every available listing (cached and shared with the
        shop's unfiltered facets), so typing costs no scan of a million rows."""
        if not prefix:
            return []
        everything = ListingFilter()
        combos = await self._cached(("facets", everything), lambda: self._combos(everything))
        compact = prefix.replace(" ", "")
        counts: Counter[str] = Counter()
        shown: dict[str, str] = {}
        for key, _category, _size, _condition, brand, n in combos:
            if key and (key.startswith(prefix) or key.replace(" ", "").startswith(compact)):
                counts[key] += n
                shown[key] = min(shown.get(key, brand), brand)
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:limit]
        return [Suggestion(shown[key], n) for key, n in ranked]

    async def count_by_seller(self, seller_id: int, *, include_unavailable: bool) -> int:
        statement = select(func.count()).select_from(ProductRow).where(
            ProductRow.seller_id == seller_id)
        if not include_unavailable:
            statement = statement.where(ProductRow.status == ListingStatus.AVAILABLE.value)
        return int(await self.session.scalar(statement) or 0)

    async def sellers(self, user_ids: set[int]) -> dict[int, SellerCard]:
        if not user_ids:
            return {}
        rows = (await self.session.scalars(
            select(UserRow).where(UserRow.id.in_(sorted(user_ids))))).all()
        return {row.id: SellerCard(row.id, row.username, row.display_name, row.avatar_url,
                                   row.rating, row.rating_count, row.verified) for row in rows}
