"""Ports: what the application needs from the outside world, as Protocols.

Adapters (SQLAlchemy, argon2, Redis...) implement them; tests implement them with in-memory
fakes. Nothing here knows which. Each area's repositories live in ``ports/<area>.py``; the
unit of work below names one repository per area.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol, Self

from application.ports.accounts import (
    AccountTokenRepository,
    SessionRepository,
    UserRepository,
)
from application.ports.analytics import ActivityRepository
from application.ports.blog import BlogRepository
from application.ports.bundles import BagRepository, BundleTierRepository
from application.ports.catalog import ListingRepository
from application.ports.contact import ContactMessageRepository
from application.ports.disputes import DisputeRepository
from application.ports.favorites import FavoriteRepository
from application.ports.mail import MailQueueRepository
from application.ports.messaging import MessageRepository
from application.ports.moderation import (
    AuditRepository,
    BlockRepository,
    HiddenRepository,
    ReportRepository,
    SuspensionRepository,
)
from application.ports.notifications import EmailPreferenceRepository, NotificationRepository
from application.ports.offers import OfferRepository
from application.ports.orders import (
    AddressRepository,
    OrderEventRepository,
    OrderRepository,
    ReviewRepository,
)
from application.ports.posts import CommentRepository, PostRepository, ReactionRepository
from application.ports.saved_searches import SavedSearchRepository
from application.ports.seller_stats import SellerStatsRepository
from application.ports.sharing import SitemapRepository
from application.ports.social import FollowRepository
from application.ports.vacation import VacationRepository


class UnitOfWork(Protocol):
    """One transaction. Services call ``commit``; leaving the block rolls back the rest.

    ``publish(user_ids, event)`` records a realtime event for those users' sockets; it
    leaves with the next ``commit()`` (``application/shared/after_commit.py``: one dispatcher, one
    retry and error policy) and never if the transaction rolls back. Record it before
    ``commit()``, inside the block."""

    users: UserRepository
    sessions: SessionRepository
    account_tokens: AccountTokenRepository
    mail: MailQueueRepository
    blogs: BlogRepository
    contact_messages: ContactMessageRepository
    listings: ListingRepository
    favorites: FavoriteRepository
    follows: FollowRepository
    orders: OrderRepository
    order_events: OrderEventRepository
    addresses: AddressRepository
    reviews: ReviewRepository
    offers: OfferRepository
    activity: ActivityRepository
    posts: PostRepository
    comments: CommentRepository
    likes: ReactionRepository
    saves: ReactionRepository
    messages: MessageRepository
    notifications: NotificationRepository
    email_preferences: EmailPreferenceRepository
    sitemap: SitemapRepository
    reports: ReportRepository
    blocks: BlockRepository
    suspensions: SuspensionRepository
    hidden: HiddenRepository
    audit: AuditRepository
    disputes: DisputeRepository
    bundle_tiers: BundleTierRepository
    bag: BagRepository
    vacations: VacationRepository
    seller_stats: SellerStatsRepository
    saved_searches: SavedSearchRepository

    async def __aenter__(self) -> Self: ...
    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None: ...
    async def commit(self) -> None: ...
    async def ping(self) -> bool: ...
    def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None: ...


class PasswordHasher(Protocol):
    """Slow on purpose, so async: adapters run it off the event loop, bounded."""

    async def hash(self, password: str) -> str: ...
    async def verify(self, password_hash: str | None, password: str) -> bool:
        """``None`` means "no such user": take as long as a real check, answer False."""
        ...
    def needs_rehash(self, password_hash: str) -> bool: ...


class Clock(Protocol):
    def now(self) -> datetime: ...


class RateLimiter(Protocol):
    """Event times (seconds, from the service's clock) per key; ``domain/rate_limits.py``
    decides from them. ``times`` forgets events older than the window and returns the rest.

    ``exclusive(keys)`` holds the keys against everyone sharing the store (this process, or
    every process on the same Redis) until the block ends, so a decision read from ``times``
    and the ``record`` that follows it cannot interleave with another request's."""

    async def times(self, key: str, window_seconds: int, now: float) -> list[float]: ...
    async def record(self, key: str, window_seconds: int, now: float) -> None: ...
    async def reset(self, key: str) -> None: ...
    def exclusive(self, keys: Sequence[str]) -> AbstractAsyncContextManager[None]: ...


__all__ = [
    "Clock", "PasswordHasher", "RateLimiter", "SessionRepository", "UnitOfWork",
    "UserRepository",
]
