"""The SQLAlchemy unit of work: one session, one transaction, repositories per area."""

from __future__ import annotations

from types import TracebackType
from typing import Self

from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from adapters.sqlalchemy.accounts import SqlSessionRepository, SqlUserRepository
from adapters.sqlalchemy.analytics import SqlActivityRepository
from adapters.sqlalchemy.blog import SqlBlogRepository, SqlContactMessageRepository
from adapters.sqlalchemy.catalog import SqlListingRepository
from adapters.sqlalchemy.favorites import SqlFavoriteRepository
from adapters.sqlalchemy.messaging import SqlMessageRepository
from adapters.sqlalchemy.notifications import SqlNotificationRepository
from adapters.sqlalchemy.offers import SqlOfferRepository
from adapters.sqlalchemy.posts import (
    PostLikeRow,
    PostSaveRow,
    SqlCommentRepository,
    SqlPostRepository,
    SqlReactionRepository,
)
from adapters.sqlalchemy.social import SqlFollowRepository
from domain.errors import Conflict


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
        if isinstance(exc, IntegrityError):
            # A unique or foreign key constraint decided a race the pre-checks could not see.
            raise Conflict("That conflicts with existing data; please try again.") from exc

    async def commit(self) -> None:
        try:
            await self.session.commit()
        except IntegrityError as error:
            await self.session.rollback()
            raise Conflict("That conflicts with existing data; please try again.") from error

    async def ping(self) -> bool:
        return (await self.session.scalar(text("SELECT 1"))) == 1
