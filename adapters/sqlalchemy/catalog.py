"""Products and their photos: tables, and the listings repository's by-id reads and writes.

Search is not here: it runs on the search engine (``adapters/search/``, docs/search.md),
fed by the outbox rows every write below adds in its own transaction
(``adapters/sqlalchemy/search_outbox.py``). Prices are stored as integer cents (exact and
fast to compare on both databases).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime, rowcount, table_of
from adapters.sqlalchemy.search_outbox import note
from adapters.sqlalchemy.vacation import VacationRow, vacation_of
from application.ports.catalog import SellerCard
from domain.catalog import Category, Condition, ListingStatus, Size, brand_key
from domain.listings import Listing, ListingImage
from domain.money import from_cents, to_cents

BATCH = 5000
# SQLite: the page cache of a bulk load's connection, for its transaction (2 MB by default).
# A batch of new listings dirties pages all over the price, brand and category indexes; with
# room for them, each page is written once at commit instead of whenever it is evicted, and
# the caller's commits can be far apart (docs/catalog.md, seeding). Pages are taken
# only as they are used.
BULK_CACHE_KIB = 512 * 1024


class ProductRow(Base):
    __tablename__ = "products"
    # Search runs on the engine: the database keeps the indexes of by-seller reads and the
    # newest-first walk of the sitemap only (migration 0074 dropped the search ones).
    __table_args__ = (
        Index("ix_products_status_created_at_id", "status", "created_at", "id"),
        Index("ix_products_seller_id_status_created_at", "seller_id", "status", "created_at",
              "id"),
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


PRODUCTS = table_of(ProductRow)
IMAGES = table_of(ProductImageRow)


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


# The stored values' members, looked up by dict (cheaper than calling an Enum per value).
_SIZES = {member.value: member for member in Size}
_CONDITIONS = {member.value: member for member in Condition}
_CATEGORIES = {member.value: member for member in Category}
_STATUSES = {member.value: member for member in ListingStatus}


def listing_of_row(row: Any, images: list[ListingImage]) -> Listing:
    return Listing(
        id=row.id, seller_id=row.seller_id, title=row.title, description=row.description,
        price=from_cents(row.price_cents), brand=row.brand, size=_SIZES[row.size],
        condition=_CONDITIONS[row.condition], category=_CATEGORIES[row.category],
        images=images, created_at=row.created_at, status=_STATUSES[row.status],
        price_drop=row.price_drop, verified=row.verified, watch_count=row.watch_count,
        updated_at=row.updated_at,
    )


def _image_rows(listing_id: int, images: list[ListingImage]) -> list[dict[str, Any]]:
    return [{"product_id": listing_id, "position": n, "url": image.url,
             "thumbnail_url": image.thumbnail_url} for n, image in enumerate(images)]


# What the search engine indexes of a listing (no photos, no description-less shortcuts).
_INDEXED = (ProductRow.id, ProductRow.seller_id, ProductRow.title, ProductRow.description,
            ProductRow.price_cents, ProductRow.brand, ProductRow.size, ProductRow.condition,
            ProductRow.category, ProductRow.status, ProductRow.price_drop, ProductRow.verified,
            ProductRow.watch_count, ProductRow.created_at, ProductRow.updated_at)


async def indexed_listings(session: AsyncSession, listing_ids: list[int]) -> dict[int, Listing]:
    """The current listings of ``listing_ids`` as the search engine indexes them (no
    photos); a deleted one is missing. The indexer's read of an outbox batch."""
    if not listing_ids:
        return {}
    rows = await session.execute(select(*_INDEXED).where(ProductRow.id.in_(listing_ids)))
    return {row.id: listing_of_row(row, []) for row in rows}


async def indexed_listings_after(session: AsyncSession, after: int, limit: int
                                 ) -> list[Listing]:
    """Up to ``limit`` listings with ids above ``after``, by id: a rebuild's next batch."""
    rows = await session.execute(select(*_INDEXED).where(ProductRow.id > after)
                                 .order_by(ProductRow.id).limit(limit))
    return [listing_of_row(row, []) for row in rows]


async def count_listings(session: AsyncSession) -> int:
    return int(await session.scalar(select(func.count()).select_from(ProductRow)) or 0)


class SqlListingRepository:
    """Listings by id, and every write; each write adds its search outbox rows
    (:func:`adapters.sqlalchemy.search_outbox.note`) in the same transaction."""

    def __init__(self, session: AsyncSession, dialect: str) -> None:
        self.session = session
        self.dialect = dialect

    async def add(self, listing: Listing) -> Listing:
        row = ProductRow(**_values(listing), watch_count=listing.watch_count)
        self.session.add(row)
        await self.session.flush()
        listing.id = row.id
        if listing.images:
            await self.session.execute(insert(ProductImageRow),
                                       _image_rows(row.id, listing.images))
        await note(self.session, [row.id])
        return listing

    async def add_many(self, listings: list[Listing],
                       stored: Callable[[int], None] | None = None) -> list[int]:
        """Bulk insert with ids reserved up front, so products and photos go in as plain
        executemany statements per batch (no per-row RETURNING round trips), with a page
        cache that holds what the transaction dirties (:data:`BULK_CACHE_KIB`)."""
        ids: list[int] = []
        async with self._bulk_cache():
            for start in range(0, len(listings), BATCH):
                ids.extend(await self._add_batch(listings[start:start + BATCH]))
                if stored is not None:
                    stored(len(ids))
        return ids

    @asynccontextmanager
    async def _bulk_cache(self) -> AsyncIterator[None]:
        """SQLite: :data:`BULK_CACHE_KIB` of page cache on this connection while the bulk
        load runs, then its own size again."""
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
        await note(self.session, new_ids)
        return new_ids

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
        """PostgreSQL plans from statistics that autovacuum refreshes only later."""
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
        return {row.id: listing_of_row(row, images.get(row.id, [])) for row in rows}

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
        await note(self.session, [row.id])
        await self.session.flush()

    async def delete(self, listing_id: int) -> None:
        result = await self.session.execute(
            delete(ProductRow).where(ProductRow.id == listing_id))
        if rowcount(result):
            await note(self.session, [listing_id])

    async def claim_status(self, listing_id: int, expected: ListingStatus,
                           status: ListingStatus, now: datetime) -> bool:
        result = await self.session.execute(
            update(ProductRow)
            .where(ProductRow.id == listing_id, ProductRow.status == expected.value)
            .values(status=status.value, updated_at=now)
            .execution_options(synchronize_session=False))
        claimed = rowcount(result) == 1
        if claimed:
            await note(self.session, [listing_id])
        return claimed

    async def newest_by_seller(self, seller_id: int, limit: int,
                               category: Category | None = None) -> list[Listing]:
        statement = (select(ProductRow).where(
            ProductRow.seller_id == seller_id,
            ProductRow.status == ListingStatus.AVAILABLE.value)
            .order_by(ProductRow.created_at.desc(), ProductRow.id.desc()).limit(limit))
        if category is not None:
            statement = statement.where(ProductRow.category == category.value)
        rows = (await self.session.scalars(statement)).all()
        images = await self._images([row.id for row in rows])
        return [listing_of_row(row, images.get(row.id, [])) for row in rows]

    async def count_by_seller(self, seller_id: int, *, include_unavailable: bool) -> int:
        statement = select(func.count()).select_from(ProductRow).where(
            ProductRow.seller_id == seller_id)
        if not include_unavailable:
            statement = statement.where(ProductRow.status == ListingStatus.AVAILABLE.value)
        return int(await self.session.scalar(statement) or 0)

    async def sellers(self, user_ids: set[int]) -> dict[int, SellerCard]:
        """The cards with each seller's vacation row, in one statement."""
        if not user_ids:
            return {}
        rows = (await self.session.execute(
            select(UserRow, VacationRow)
            .outerjoin(VacationRow, VacationRow.user_id == UserRow.id)
            .where(UserRow.id.in_(sorted(user_ids))))).all()
        return {user.id: SellerCard(user.id, user.username, user.display_name, user.avatar_url,
                                    user.rating, user.rating_count, user.verified,
                                    vacation_of(vacation)) for user, vacation in rows}
