"""The SQLAlchemy unit of work: one session, one transaction, repositories per area.

Database errors that a race between requests can cause leave here as typed errors: a unique
or foreign key violation as :class:`Conflict` (409), a lost lock (SQLite busy, PostgreSQL
deadlock or serialization failure) as :class:`WriteConflict`, which the HTTP layer retries.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from types import TracebackType
from typing import Any, Self

from sqlalchemy import text
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from adapters.listing_index import ListingIndex
from adapters.sqlalchemy.accounts import (
    SqlAccountTokenRepository,
    SqlSessionRepository,
    SqlUserRepository,
)
from adapters.sqlalchemy.addresses import SqlAddressRepository
from adapters.sqlalchemy.analytics import SqlActivityRepository
from adapters.sqlalchemy.blog import SqlBlogRepository
from adapters.sqlalchemy.bundles import SqlBagRepository, SqlBundleTierRepository
from adapters.sqlalchemy.catalog import SqlListingRepository
from adapters.sqlalchemy.contact import SqlContactMessageRepository
from adapters.sqlalchemy.engine import WROTE, WROTE_SHOWN, SqliteWriteLockTimeout
from adapters.sqlalchemy.favorites import SqlFavoriteRepository
from adapters.sqlalchemy.mail import SqlMailQueueRepository
from adapters.sqlalchemy.messaging import SqlMessageRepository
from adapters.sqlalchemy.notifications import SqlNotificationRepository
from adapters.sqlalchemy.offers import SqlOfferRepository
from adapters.sqlalchemy.orders import SqlOrderEventRepository, SqlOrderRepository
from adapters.sqlalchemy.posts import (
    PostLikeRow,
    PostSaveRow,
    SqlCommentRepository,
    SqlPostRepository,
    SqlReactionRepository,
)
from adapters.sqlalchemy.reviews import SqlReviewRepository
from adapters.sqlalchemy.search_cache import SearchCache
from adapters.sqlalchemy.sharing import SqlSitemapRepository
from adapters.sqlalchemy.social import SqlFollowRepository
from adapters.sqlalchemy.vacation import SqlVacationRepository
from application.admission import Admission
from domain.errors import Conflict, ValidationError, WriteConflict

CONFLICT_MESSAGE = "That conflicts with existing data; please try again."
# SQLSTATEs of a transaction that lost a race on PostgreSQL: serialization failure, deadlock,
# lock not available.
RETRYABLE_SQLSTATES = frozenset({"40001", "40P01", "55P03"})


def lost_race(error: BaseException) -> bool:
    """True for errors that mean "another transaction was in the way, run again"."""
    if isinstance(error, SqliteWriteLockTimeout):
        return True
    if not isinstance(error, DBAPIError) or isinstance(error, IntegrityError):
        return False
    original = error.orig
    sqlstate = getattr(original, "sqlstate", None) or getattr(original, "pgcode", None)
    if sqlstate in RETRYABLE_SQLSTATES:
        return True
    message = str(original).lower()
    return "database is locked" in message or "database table is locked" in message


def translate(error: BaseException) -> BaseException | None:
    """The typed error a database error stands for, or None to let it through."""
    if isinstance(error, IntegrityError):
        return Conflict(CONFLICT_MESSAGE)
    if isinstance(error, DataError) or (
            isinstance(error, DBAPIError)
            and "invalid input for query argument" in str(error.orig)):
        # A value the column cannot hold (an id past 32 bits on PostgreSQL) that no
        # validation caught: the request's fault, not the server's.
        return ValidationError({"body": "A value in the request is out of range."},
                               "Invalid request. Please check the fields.")
    if lost_race(error):
        return WriteConflict()
    return None


# The repositories a unit of work offers, built on first use: a read touches one or two
# of them, and building all twenty for every request showed up in profiles.
_REPOSITORIES: dict[str, Callable[[Any], Any]] = {
    "users": SqlUserRepository, "sessions": SqlSessionRepository, "blogs": SqlBlogRepository,
    "contact_messages": SqlContactMessageRepository,
    "favorites": SqlFavoriteRepository, "follows": SqlFollowRepository,
    "orders": SqlOrderRepository, "order_events": SqlOrderEventRepository,
    "addresses": SqlAddressRepository, "reviews": SqlReviewRepository,
    "offers": SqlOfferRepository, "activity": SqlActivityRepository,
    "posts": SqlPostRepository, "comments": SqlCommentRepository,
    "likes": lambda session: SqlReactionRepository(session, PostLikeRow),
    "saves": lambda session: SqlReactionRepository(session, PostSaveRow),
    "messages": SqlMessageRepository, "notifications": SqlNotificationRepository,
    "sitemap": SqlSitemapRepository, "account_tokens": SqlAccountTokenRepository,
    "mail": SqlMailQueueRepository,
    "bundle_tiers": SqlBundleTierRepository, "bag": SqlBagRepository,
    "vacations": SqlVacationRepository,
}
# The listings repository also gets the search cache and the admission gate for heavy
# reads, and tells the unit of work it wrote.
_WITH_UOW: dict[str, Callable[[SqlAlchemyUnitOfWork], Any]] = {
    "listings": lambda uow: SqlListingRepository(uow.open_session, uow.dialect,
                                                 uow.search_cache, uow.listings_written,
                                                 uow.heavy_slot, uow.listing_index,
                                                 uow.lean_reads, uow.heavy_reads),
}


class SqlAlchemyUnitOfWork:
    def __init__(self, session_factory: async_sessionmaker[AsyncSession],
                 search_cache: SearchCache | None = None,
                 heavy_reads: Admission | None = None,
                 listing_index: ListingIndex | None = None,
                 lean_reads: Any = None) -> None:
        self.session_factory = session_factory
        self.dialect: str = session_factory.kw["bind"].dialect.name
        self.search_cache = search_cache
        self.heavy_reads = heavy_reads
        self.listing_index = listing_index
        self.lean_reads = lean_reads
        self.heavy_slot = _HeavySlot(self)
        self._holds_heavy_slot = False
        self._depth = 0
        self._entered = False
        self._listings_changed = False

    def listings_written(self) -> None:
        self._listings_changed = True

    async def __aenter__(self) -> Self:
        # Re-entrant: a service may call another method that opens the same unit of work.
        if self._depth == 0:
            for name in (*_REPOSITORIES, *_WITH_UOW):  # repositories of an earlier session
                self.__dict__.pop(name, None)
            # The session is made on first use (``session``): a search the index answers
            # never touches it, and making one (and its sync session) cost 25 us.
            self.__dict__.pop("session", None)
            self._entered = True
            self._listings_changed = False
        self._depth += 1
        return self

    def open_session(self) -> AsyncSession:
        """This unit of work's session, made now if it has none yet."""
        session = self.__dict__.get("session")
        if session is None:
            session = self.session = self.session_factory()
        return session

    def __getattr__(self, name: str) -> Any:
        if not self._entered:
            raise AttributeError(name)
        if name == "session":
            return self.open_session()
        if name in _WITH_UOW:
            repository = _WITH_UOW[name](self)
        elif name in _REPOSITORIES:
            repository = _REPOSITORIES[name](self.session)
        else:
            raise AttributeError(name)
        self.__dict__[name] = repository
        return repository

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        self._depth -= 1
        if self._depth == 0:
            try:
                session = self.__dict__.get("session")
                # Each call below is a trip through a greenlet (~30 us): a session that
                # never began a transaction and holds no object (the index answered) skips
                # them; there is nothing to roll back or to detach.
                if session is not None and (session.in_transaction() or session.identity_map):
                    await session.rollback()
                    await session.close()
            finally:
                await self._release_heavy_slot()
                # The repositories hold bound methods of this unit of work: a cycle, freed
                # only by the garbage collector's rare full passes (tens of MB under load).
                for name in (*_REPOSITORIES, *_WITH_UOW):
                    self.__dict__.pop(name, None)
        typed = translate(exc) if exc is not None else None
        if typed is not None:
            # A constraint or a lock decided a race the service's pre-checks could not see.
            raise typed from exc

    async def _take_heavy_slot(self) -> None:
        gate = self.heavy_reads
        if gate is None or self._holds_heavy_slot:
            return
        if (gate.waiting or gate.running >= gate.limit) and await self._only_read():
            # About to queue: give the connection back first (a session that has only
            # read loses nothing; its loaded rows stay usable), so that sessions holding
            # slots never wait for the pool while the pool waits for slots.
            await self.session.close()
        await gate.__aenter__()
        self._holds_heavy_slot = True

    async def _only_read(self) -> bool:
        session = self.__dict__.get("session")
        if session is None:
            return False  # holds no connection: nothing to give back
        if session.new or session.dirty or session.deleted:
            return False
        if not session.in_transaction():
            return False  # holds no connection: nothing to give back
        connection = await session.connection()
        return not connection.sync_connection.info.get(WROTE)  # type: ignore[union-attr]

    async def _release_heavy_slot(self) -> None:
        if self._holds_heavy_slot:
            self._holds_heavy_slot = False
            await self.heavy_reads.__aexit__(None, None, None)  # type: ignore[union-attr]

    async def commit(self) -> None:
        try:
            # (PostgreSQL only: SQLite's data version moves with every commit anyway)
            shown = self.dialect == "postgresql" and await self._wrote_shown()
            await self.session.commit()
        except (DBAPIError, SqliteWriteLockTimeout) as error:
            await self.session.rollback()
            typed = translate(error)
            if typed is None:
                raise
            raise typed from error
        if self._listings_changed:
            self._listings_changed = False
            if self.search_cache is not None:
                await self.search_cache.invalidate()
        if shown and self.lean_reads is not None:
            self.lean_reads.committed()

    async def _wrote_shown(self) -> bool:
        """Did this transaction write listings or users, what search pages show? (Its
        connection's mark, ``engine.WROTE_SHOWN``, which the commit clears; objects still
        to be flushed are flushed first, as the commit would.)"""
        session = self.session
        if session.new or session.dirty or session.deleted:
            await session.flush()
        if not session.in_transaction():
            return False
        connection = await session.connection()
        return bool(connection.sync_connection.info.get(WROTE_SHOWN))  # type: ignore[union-attr]

    async def ping(self) -> bool:
        return (await self.session.scalar(text("SELECT 1"))) == 1


class _HeavySlot:
    """What the listing repository wraps its heavy statements in: the first one takes a
    slot of the admission gate, and the unit of work keeps it until its session has given
    its connection back. Waiting for the gate before taking a pooled connection matters:
    a slot held by a session still waiting for a connection, while the pool's connections
    are held by sessions waiting for a slot, would deadlock them all."""

    def __init__(self, uow: SqlAlchemyUnitOfWork) -> None:
        self.uow = weakref.proxy(uow)  # no cycle: the unit of work owns this slot

    async def __aenter__(self) -> None:
        await self.uow._take_heavy_slot()

    async def __aexit__(self, *_: object) -> None:
        return None  # kept until the unit of work ends
