"""The SQLAlchemy unit of work: one session, one transaction, repositories per area.

Database errors that a race between requests can cause leave here as typed errors: a unique
or foreign key violation as :class:`Conflict` (409), a lost lock (SQLite busy, PostgreSQL
deadlock or serialization failure) as :class:`WriteConflict`, which the HTTP layer retries.
"""

from __future__ import annotations

from types import TracebackType
from typing import Self

from sqlalchemy import text
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from adapters.sqlalchemy.accounts import SqlSessionRepository, SqlUserRepository
from adapters.sqlalchemy.addresses import SqlAddressRepository
from adapters.sqlalchemy.analytics import SqlActivityRepository
from adapters.sqlalchemy.blog import SqlBlogRepository
from adapters.sqlalchemy.catalog import SqlListingRepository
from adapters.sqlalchemy.contact import SqlContactMessageRepository
from adapters.sqlalchemy.engine import SqliteWriteLockTimeout
from adapters.sqlalchemy.favorites import SqlFavoriteRepository
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
from adapters.sqlalchemy.social import SqlFollowRepository
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


class SqlAlchemyUnitOfWork:
    def __init__(self, session_factory: async_sessionmaker[AsyncSession]) -> None:
        self.session_factory = session_factory
        self._depth = 0

    async def __aenter__(self) -> Self:
        # Re-entrant: a service may call another method that opens the same unit of work.
        if self._depth == 0:
            self.session = self.session_factory()
            self.users = SqlUserRepository(self.session)
            self.sessions = SqlSessionRepository(self.session)
            self.blogs = SqlBlogRepository(self.session)
            self.contact_messages = SqlContactMessageRepository(self.session)
            self.listings = SqlListingRepository(self.session)
            self.favorites = SqlFavoriteRepository(self.session)
            self.follows = SqlFollowRepository(self.session)
            self.orders = SqlOrderRepository(self.session)
            self.order_events = SqlOrderEventRepository(self.session)
            self.addresses = SqlAddressRepository(self.session)
            self.reviews = SqlReviewRepository(self.session)
            self.offers = SqlOfferRepository(self.session)
            self.activity = SqlActivityRepository(self.session)
            self.posts = SqlPostRepository(self.session)
            self.comments = SqlCommentRepository(self.session)
            self.likes = SqlReactionRepository(self.session, PostLikeRow)
            self.saves = SqlReactionRepository(self.session, PostSaveRow)
            self.messages = SqlMessageRepository(self.session)
            self.notifications = SqlNotificationRepository(self.session)
        self._depth += 1
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        self._depth -= 1
        if self._depth == 0:
            await self.session.rollback()
            await self.session.close()
        typed = translate(exc) if exc is not None else None
        if typed is not None:
            # A constraint or a lock decided a race the service's pre-checks could not see.
            raise typed from exc

    async def commit(self) -> None:
        try:
            await self.session.commit()
        except (DBAPIError, SqliteWriteLockTimeout) as error:
            await self.session.rollback()
            typed = translate(error)
            if typed is None:
                raise
            raise typed from error

    async def ping(self) -> bool:
        return (await self.session.scalar(text("SELECT 1"))) == 1
