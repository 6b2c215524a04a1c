"""The SQLAlchemy unit of work: one session, one transaction, repositories per area.

What the transaction recorded for after its commit (``publish``) and the durable outboxes
it wrote (search, mail: ``adapters/sqlalchemy/outboxes.py``) go to the after-commit
dispatcher (``application/shared/after_commit.py``) once ``commit()`` succeeded, never otherwise.

Database errors that a race between requests can cause leave here as typed errors: a unique
or foreign key violation as :class:`Conflict` (409), a lost lock (SQLite busy, PostgreSQL
deadlock or serialization failure) as :class:`WriteConflict`, which the HTTP layer retries.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import Any, Self

from sqlalchemy import text
from sqlalchemy.exc import DataError, DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

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
from adapters.sqlalchemy.disputes import SqlDisputeRepository
from adapters.sqlalchemy.engine import SqliteWriteLockTimeout
from adapters.sqlalchemy.favorites import SqlFavoriteRepository
from adapters.sqlalchemy.mail import SqlMailQueueRepository
from adapters.sqlalchemy.messaging import SqlMessageRepository
from adapters.sqlalchemy.moderation import (
    SqlAuditRepository,
    SqlBlockRepository,
    SqlHiddenRepository,
    SqlReportRepository,
    SqlSuspensionRepository,
)
from adapters.sqlalchemy.notifications import (
    SqlEmailPreferenceRepository,
    SqlNotificationRepository,
)
from adapters.sqlalchemy.offers import SqlOfferRepository
from adapters.sqlalchemy.orders import SqlOrderEventRepository, SqlOrderRepository
from adapters.sqlalchemy.outboxes import take_written
from adapters.sqlalchemy.posts import (
    PostLikeRow,
    PostSaveRow,
    SqlCommentRepository,
    SqlPostRepository,
    SqlReactionRepository,
)
from adapters.sqlalchemy.reviews import SqlReviewRepository
from adapters.sqlalchemy.saved_searches import SqlSavedSearchRepository
from adapters.sqlalchemy.seller_stats import SqlSellerStatsRepository
from adapters.sqlalchemy.sharing import SqlSitemapRepository
from adapters.sqlalchemy.social import SqlFollowRepository
from adapters.sqlalchemy.vacation import SqlVacationRepository
from application.shared.after_commit import AfterCommit, Recorder
from domain.errors import Conflict, ValidationError, WriteConflict

log = logging.getLogger("rethread.db")

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
    "email_preferences": SqlEmailPreferenceRepository,
    "sitemap": SqlSitemapRepository, "account_tokens": SqlAccountTokenRepository,
    "mail": SqlMailQueueRepository,
    "reports": SqlReportRepository, "blocks": SqlBlockRepository,
    "suspensions": SqlSuspensionRepository, "hidden": SqlHiddenRepository,
    "audit": SqlAuditRepository, "disputes": SqlDisputeRepository,
    "bundle_tiers": SqlBundleTierRepository, "bag": SqlBagRepository,
    "vacations": SqlVacationRepository, "seller_stats": SqlSellerStatsRepository,
    "saved_searches": SqlSavedSearchRepository,
}
_WITH_UOW: dict[str, Callable[[SqlAlchemyUnitOfWork], Any]] = {
    "listings": lambda uow: SqlListingRepository(uow.session, uow.dialect),
}


async def _roll_back(session: AsyncSession, exc: BaseException | None) -> None:
    """Roll back and close ``session`` as a unit of work ends uncommitted. A cancellation
    (or an interrupt) goes on even if the rollback fails as it unwinds: the rollback's own
    error must not stand in for it, or a loop that logs errors and goes on (the scheduler)
    never learns it was cancelled. The connection is then dropped instead of reused."""
    try:
        await session.rollback()
    except Exception:
        if exc is None or isinstance(exc, Exception):
            raise
        log.warning("rolling back after %s failed", type(exc).__name__, exc_info=True)
        await session.invalidate()
    else:
        await session.close()


class SqlAlchemyUnitOfWork:
    session: AsyncSession  # made on first use (open_session), not in __init__

    def __init__(self, session_factory: async_sessionmaker[AsyncSession],
                 after_commit: AfterCommit | None = None) -> None:
        """``after_commit``: the process's dispatcher; without one (a script, a benchmark)
        nothing is published."""
        self.session_factory = session_factory
        self.dialect: str = session_factory.kw["bind"].dialect.name
        self.after_commit = after_commit
        self._recorder = Recorder()
        self._depth = 0
        self._entered = False

    async def __aenter__(self) -> Self:
        # Re-entrant: a service may call another method that opens the same unit of work.
        if self._depth == 0:
            for name in (*_REPOSITORIES, *_WITH_UOW):  # repositories of an earlier session
                self.__dict__.pop(name, None)
            self._recorder.drop()
            # The session is made on first use (``session``): a search the index answers
            # never touches it, and making one (and its sync session) cost 25 us.
            self.__dict__.pop("session", None)
            self._entered = True
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
            self._recorder.drop()  # recorded and never committed: rolled back with the rest
            try:
                session = self.__dict__.get("session")
                # Each call below is a trip through a greenlet (~30 us): a session that
                # never began a transaction and holds no object (the index answered) skips
                # them; there is nothing to roll back or to detach.
                if session is not None and (session.in_transaction() or session.identity_map):
                    await _roll_back(session, exc)
            finally:
                # The repositories hold bound methods of this unit of work: a cycle, freed
                # only by the garbage collector's rare full passes (tens of MB under load).
                for name in (*_REPOSITORIES, *_WITH_UOW):
                    self.__dict__.pop(name, None)
        typed = translate(exc) if exc is not None else None
        if typed is not None:
            # A constraint or a lock decided a race the service's pre-checks could not see.
            raise typed from exc

    def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None:
        self._recorder.publish(user_ids, event)

    async def commit(self) -> None:
        try:
            outboxes = take_written(self.session)
            await self.session.commit()
        except BaseException as error:
            self._recorder.drop()
            if not isinstance(error, DBAPIError | SqliteWriteLockTimeout):
                raise
            await self.session.rollback()
            typed = translate(error)
            if typed is None:
                raise
            raise typed from error
        outgoing = self._recorder.take()
        if self.after_commit is not None and (outgoing or outboxes):
            await self.after_commit.committed(outgoing, outboxes)

    async def ping(self) -> bool:
        """Whether the database answers; False, not an error, when it cannot be reached."""
        try:
            return (await self.session.scalar(text("SELECT 1"))) == 1
        except (OSError, DBAPIError):
            return False
