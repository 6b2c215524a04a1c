"""Products and their photos: tables, search (full text, filters, keyset pages) and facets.

Full text lives outside the ORM model because it differs per database (migration 0002):
SQLite has an external-content FTS5 table ``products_fts`` kept in sync by triggers;
PostgreSQL a generated ``search_vector`` tsvector column with a GIN index. Both index the
title, description and brand as runs of letters and digits in lower case, and both match
each query word as a prefix, so the two databases answer the same words the same way.
Prices are stored as integer cents (exact and fast to compare on both databases).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from decimal import Decimal
from typing import Any

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
    select,
    text,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime
from adapters.sqlalchemy.paging import after_clause
from application.paging import After
from application.ports.catalog import (
    FacetCount,
    Facets,
    ListingFilter,
    ListingSort,
    SellerCard,
)
from domain.catalog import Category, Condition, ListingStatus, Size
from domain.listings import Listing, ListingImage

BATCH = 5000
# SQLite: up to this many text matches, look them up by id rather than walk an index. A page
# of 12 stops early when it walks the sort index, so that pays off sooner than for counting.
TEXT_DRIVE_LIMIT = 20_000
TEXT_COUNT_DRIVE_LIMIT = 250_000


class ProductRow(Base):
    __tablename__ = "products"
    __table_args__ = (
        Index("ix_products_status_created_at_id", "status", "created_at", "id"),
        Index("ix_products_status_price_cents_id", "status", "price_cents", "id"),
        Index("ix_products_status_watch_count_id", "status", "watch_count", "id"),
        Index("ix_products_status_category_created_at", "status", "category", "created_at",
              "id"),
        Index("ix_products_status_brand_key_created_at", "status", "brand_key", "created_at",
              "id"),
        Index("ix_products_seller_id_status_created_at", "seller_id", "status", "created_at",
              "id"),
        Index("ix_products_facets", "status", "brand_key", "category", "size", "condition",
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
FTS_FILL = text("INSERT INTO products_fts(rowid, title, description, brand) "
                "SELECT id, title, description, brand FROM products "
                "WHERE id BETWEEN :low AND :high")


def to_cents(amount: Decimal) -> int:
    return int(amount * 100)


def brand_key(brand: str) -> str:
    return " ".join(brand.split()).lower()


def _values(listing: Listing) -> dict[str, Any]:
    return {
        "seller_id": listing.seller_id, "title": listing.title,
        "description": listing.description, "price_cents": to_cents(listing.price),
        "brand": listing.brand, "brand_key": brand_key(listing.brand),
        "size": listing.size.value, "condition": listing.condition.value,
        "category": listing.category.value, "status": listing.status.value,
        "price_drop": listing.price_drop, "verified": listing.verified,
        "created_at": listing.created_at, "updated_at": listing.updated_at or listing.created_at,
    }


def _listing(row: ProductRow, images: list[ListingImage]) -> Listing:
    return Listing(
        id=row.id, seller_id=row.seller_id, title=row.title, description=row.description,
        price=Decimal(row.price_cents) / 100, brand=row.brand, size=Size(row.size),
        condition=Condition(row.condition), category=Category(row.category), images=images,
        created_at=row.created_at, status=ListingStatus(row.status), price_drop=row.price_drop,
        verified=row.verified, watch_count=row.watch_count, updated_at=row.updated_at,
    )


def _image_rows(listing_id: int, images: list[ListingImage]) -> list[dict[str, Any]]:
    return [{"product_id": listing_id, "position": n, "url": image.url,
             "thumbnail_url": image.thumbnail_url} for n, image in enumerate(images)]


def fts_query(words: tuple[str, ...]) -> str:
    """SQLite FTS5: every word as a quoted prefix (words are letters and digits only)."""
    return " ".join(f'"{word}"*' for word in words)


def tsquery(words: tuple[str, ...]) -> str:
    """PostgreSQL: every word as a prefix, all required."""
    return " & ".join(f"{word}:*" for word in words)


def _text_match(words: tuple[str, ...], dialect: str) -> ColumnElement[bool]:
    if dialect == "postgresql":
        query = func.to_tsquery(literal_column("'simple'::regconfig"), tsquery(words))
        return literal_column("products.search_vector").bool_op("@@")(query)
    matches = text("SELECT rowid FROM products_fts WHERE products_fts MATCH :fts")
    return P.id.in_(matches.bindparams(fts=fts_query(words)).columns(
        literal_column("rowid", Integer)))


FACETS = ("brands", "categories", "sizes", "conditions")
FACET_COLUMNS = {"brands": P.brand_key, "categories": P.category, "sizes": P.size,
                 "conditions": P.condition}


def _facet_values(query: ListingFilter, name: str) -> frozenset[str]:
    chosen = {"brands": query.brands, "categories": query.categories, "sizes": query.sizes,
              "conditions": query.conditions}[name]
    return frozenset(str(value) for value in chosen)


def conditions(query: ListingFilter, dialect: str, skip: tuple[str, ...] = (),
               drive_from_text: bool = False) -> list[ColumnElement[bool]]:
    """The WHERE clauses of a filter, leaving out the facet filters named in ``skip``.

    ``drive_from_text``: write the status test as ``status || ''`` so neither planner can
    use a status index, and the text matches are found through the full-text index first,
    instead of walking every available listing and testing each one against the words
    (which is what both planners choose for a rare word, at a cost of seconds).
    """
    where: list[ColumnElement[bool]] = []
    if not query.include_unavailable:
        status = P.status.concat("") if drive_from_text else P.status
        where.append(status == ListingStatus.AVAILABLE.value)
    if query.seller_id is not None:
        where.append(P.seller_id == query.seller_id)
    if query.words:
        where.append(_text_match(query.words, dialect))
    for name in FACETS:
        values = _facet_values(query, name)
        if values and name not in skip:
            where.append(FACET_COLUMNS[name].in_(sorted(values)))
    if query.min_price is not None:
        where.append(P.price_cents >= to_cents(query.min_price))
    if query.max_price is not None:
        where.append(P.price_cents <= to_cents(query.max_price))
    return where


def _sort_column(sort: ListingSort) -> Any:
    if sort is ListingSort.MOST_RECENT:
        return P.created_at
    if sort is ListingSort.MOST_POPULAR:
        return P.watch_count
    return P.price_cents


def _after_clause(sort: ListingSort, after: After) -> ColumnElement[bool]:
    column = _sort_column(sort)
    cents = to_cents(Decimal(str(after.value))) if column is P.price_cents else None
    return after_clause(column, P.id, after, descending=sort.descending, value=cents)


class SqlListingRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    @property
    def dialect(self) -> str:
        return self.session.get_bind().dialect.name

    async def add(self, listing: Listing) -> Listing:
        row = ProductRow(**_values(listing), watch_count=listing.watch_count)
        self.session.add(row)
        await self.session.flush()
        listing.id = row.id
        if listing.images:
            await self.session.execute(insert(ProductImageRow),
                                       _image_rows(row.id, listing.images))
        return listing

    async def add_many(self, listings: list[Listing]) -> list[int]:
        """Bulk insert with ids reserved up front, so products and photos go in as plain
        executemany statements per batch (no per-row RETURNING round trips). On SQLite the
        full-text rows are written by one statement per batch instead of a trigger per row
        (about twice as fast); see :meth:`_without_fts_trigger`."""
        ids: list[int] = []
        async with self._without_fts_trigger():
            for start in range(0, len(listings), BATCH):
                ids.extend(await self._add_batch(listings[start:start + BATCH]))
        return ids

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
            await self.session.execute(FTS_FILL, {"low": new_ids[0], "high": new_ids[-1]})
        return new_ids

    @asynccontextmanager
    async def _without_fts_trigger(self) -> AsyncIterator[None]:
        """SQLite: drop the FTS insert trigger for the bulk load and put back the very same
        definition (read from sqlite_master) afterwards, all inside this transaction, which
        holds the write lock: no other insert can slip past the index meanwhile."""
        if self.dialect != "sqlite":
            yield
            return
        definition = await self.session.scalar(text(
            "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = :name"),
            {"name": FTS_INSERT_TRIGGER})
        if definition is None:  # already handled by a caller further up
            yield
            return
        # The sqlite3 driver opens a transaction only before DML and runs DDL outside one:
        # without this statement the DROP would be committed at once, and an error later
        # would leave the table with no insert trigger.
        await self.session.execute(text("UPDATE products SET id = id WHERE 0"))
        await self.session.execute(text(f"DROP TRIGGER {FTS_INSERT_TRIGGER}"))
        yield  # on an error the transaction rolls back, and the drop with it
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
        keeps none here (its plans above do not depend on them)."""
        if self.dialect == "postgresql":
            await self.session.execute(text("ANALYZE products, product_images, favorites"))

    async def get(self, listing_id: int) -> Listing | None:
        return (await self.get_many([listing_id])).get(listing_id)

    async def get_many(self, listing_ids: list[int]) -> dict[int, Listing]:
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
        row = await self.session.get(ProductRow, listing.id)
        if row is None:
            raise LookupError(f"listing {listing.id} vanished")
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
        await self.session.execute(delete(ProductRow).where(ProductRow.id == listing_id))

    async def search(self, query: ListingFilter, sort: ListingSort, limit: int,
                     after: After | None = None, matches: int | None = None) -> list[Listing]:
        column = _sort_column(sort)
        order = ((column.desc(), P.id.desc()) if sort.descending else (column.asc(), P.id.asc()))
        where = conditions(query, self.dialect,
                           drive_from_text=await self._drive_from_text(query, matches))
        if after is not None:
            where.append(_after_clause(sort, after))
        rows = (await self.session.scalars(
            select(ProductRow).where(*where).order_by(*order).limit(limit))).all()
        images = await self._images([row.id for row in rows])
        return [_listing(row, images.get(row.id, [])) for row in rows]

    async def count(self, query: ListingFilter) -> int:
        statement = select(func.count()).select_from(ProductRow).where(*conditions(
            query, self.dialect,
            drive_from_text=await self._drive_from_text(query, counting=True)))
        return int(await self.session.scalar(statement) or 0)

    async def facets(self, query: ListingFilter, brand_limit: int) -> Facets:
        """One pass: count the matching listings per (brand, category, size, condition)
        combination (streamed from the covering index ``ix_products_facets``), then add the
        combinations up per facet here, each facet ignoring its own filter."""
        count = func.count()
        statement = (
            select(P.brand_key, P.category, P.size, P.condition, func.min(P.brand), count)
            .where(*conditions(query, self.dialect, skip=FACETS, drive_from_text=(
                await self._drive_from_text(query, counting=True))))
            .group_by(P.brand_key, P.category, P.size, P.condition))
        combos = [tuple(row) for row in await self.session.execute(statement)]
        chosen = {name: _facet_values(query, name) for name in FACETS}
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
        found = await self.session.scalar(capped, {"fts": fts_query(query.words),
                                                   "cap": limit + 1})
        return int(found or 0) <= limit

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
