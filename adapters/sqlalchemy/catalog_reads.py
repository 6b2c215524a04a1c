"""The read path of product pages and search pages: listings by id with their sellers' cards.

Two statements (the listings joined with their sellers and the sellers' vacation rows, then
their photos) through SQLAlchemy Core into the domain's :class:`Listing` and
:class:`SellerCard`: no session, no ORM objects, no transaction to begin or roll back. The
one function :func:`read_with_sellers` serves both databases:

- SQLite: run whole in a worker thread on a synchronous engine over the same file
  (``create_sqlite_read_engine``: the standard library's driver, connections that refuse
  writes), one hand-off to the thread and one back per read. Through the async session on
  aiosqlite every DB-API call was its own hand-off to aiosqlite's thread: a product page
  cost 2.5-2.9 ms of CPU, against 0.25-0.33 ms this way (docs/decisions/read-path.md).
- PostgreSQL: on the app's async engine (asyncpg), in autocommit (no BEGIN / ROLLBACK round
  trips for a read), through ``AsyncConnection.run_sync``.

Reads here see what is committed; they never see a unit of work's uncommitted changes, so
only reads that stand alone use them (``CatalogService.get`` and ``search``).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, Select, bindparam, select
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import table_of
from adapters.sqlalchemy.catalog import IMAGES, PRODUCTS, listing_of_row
from adapters.sqlalchemy.engine import SQLITE_POOL_SIZE
from adapters.sqlalchemy.vacation import VacationRow
from application.ports.catalog import SellerCard
from domain.listings import Listing, ListingImage
from domain.vacation import Vacation

USERS = table_of(UserRow)
VACATIONS = table_of(VacationRow)

def _listings(where: ColumnElement[bool]) -> Select[Any]:
    return (
        select(*PRODUCTS.c, USERS.c.username.label("seller_username"),
               USERS.c.display_name.label("seller_display_name"),
               USERS.c.avatar_url.label("seller_avatar_url"),
               USERS.c.rating.label("seller_rating"),
               USERS.c.rating_count.label("seller_rating_count"),
               USERS.c.verified.label("seller_verified"),
               # The card's "away" (a primary-key lookup per seller, in this statement).
               VACATIONS.c.user_id.label("vacation_user_id"),
               VACATIONS.c.until.label("vacation_until"),
               VACATIONS.c.message.label("vacation_message"),
               VACATIONS.c.started_at.label("vacation_started_at"))
        .select_from(PRODUCTS.outerjoin(USERS, USERS.c.id == PRODUCTS.c.seller_id)
                     .outerjoin(VACATIONS, VACATIONS.c.user_id == PRODUCTS.c.seller_id))
        .where(where)
        # In id order, as without the join (a hash join on PostgreSQL returns any order).
        .order_by(PRODUCTS.c.id))


def _images(where: ColumnElement[bool]) -> Select[Any]:
    return (select(IMAGES.c.product_id, IMAGES.c.url, IMAGES.c.thumbnail_url)
            .where(where).order_by(IMAGES.c.product_id, IMAGES.c.position))


# Built once: SQLAlchemy caches each one's compiled form; building them per call cost more
# than running them. A page of search results reads its ids with an expanding ``IN``, a
# product page its one id with ``=``: an expanding ``IN`` is compiled again on each call
# (SQLAlchemy's "post-compile" step), a third of a one-listing read's CPU (140 -> 100 us
# at 1M on SQLite).
_LISTINGS = _listings(PRODUCTS.c.id.in_(bindparam("ids", expanding=True)))
_IMAGES = _images(IMAGES.c.product_id.in_(bindparam("ids", expanding=True)))
_LISTING = _listings(PRODUCTS.c.id == bindparam("id"))
_IMAGES_OF_ONE = _images(IMAGES.c.product_id == bindparam("id"))

Read = tuple[dict[int, Listing], dict[int, SellerCard]]


def read_with_sellers(connection: Connection, listing_ids: list[int]) -> Read:
    """The listings of ``listing_ids`` that exist, and their sellers' cards."""
    if len(listing_ids) == 1:
        one = {"id": listing_ids[0]}
        rows = connection.execute(_LISTING, one).all()
        if not rows:
            return {}, {}
        image_rows = connection.execute(_IMAGES_OF_ONE, one)
    else:
        rows = connection.execute(_LISTINGS, {"ids": listing_ids}).all()
        if not rows:
            return {}, {}
        image_rows = connection.execute(_IMAGES, {"ids": [row.id for row in rows]})
    images: dict[int, list[ListingImage]] = {}
    for product_id, url, thumbnail_url in image_rows:
        images.setdefault(product_id, []).append(ListingImage(url, thumbnail_url))
    listed: dict[int, Listing] = {}
    sellers: dict[int, SellerCard] = {}
    for row in rows:
        listed[row.id] = listing_of_row(row, images.get(row.id, []))
        if row.seller_username is not None:
            sellers[row.seller_id] = SellerCard(
                row.seller_id, row.seller_username, row.seller_display_name,
                row.seller_avatar_url, row.seller_rating, row.seller_rating_count,
                row.seller_verified, None if row.vacation_user_id is None else Vacation(
                    row.vacation_user_id, row.vacation_until, row.vacation_message,
                    row.vacation_started_at))
    return listed, sellers


class SqlListingReads:
    """:class:`application.ports.catalog.ListingReads` on either database."""

    def __init__(self, engine: AsyncEngine, sqlite: Engine | None) -> None:
        """``sqlite``: the synchronous read engine when the database is SQLite."""
        self.engine = engine.execution_options(isolation_level="AUTOCOMMIT")
        self.sqlite = sqlite
        self._threads: ThreadPoolExecutor | None = None

    async def with_sellers(self, listing_ids: list[int]) -> Read:
        if not listing_ids:
            return {}, {}
        if self.sqlite is not None:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(SQLITE_POOL_SIZE,
                                                   thread_name_prefix="sqlite-read")
            return await asyncio.get_running_loop().run_in_executor(
                self._threads, self._sqlite_read, listing_ids)
        async with self.engine.connect() as connection:
            return await connection.run_sync(read_with_sellers, listing_ids)

    def _sqlite_read(self, listing_ids: list[int]) -> Read:
        assert self.sqlite is not None
        with self.sqlite.connect() as connection:
            return read_with_sellers(connection, listing_ids)

    async def close(self) -> None:
        """Stop the threads (reads under way finish) and close the pooled connections."""
        threads, self._threads = self._threads, None
        if threads is not None:
            await asyncio.to_thread(threads.shutdown)
        if self.sqlite is not None:
            self.sqlite.dispose()
