"""All wiring in one place: settings in, adapters and services out (dependency-injector)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from dependency_injector import containers, providers
from redis.asyncio import Redis
from sqlalchemy.ext.asyncio import AsyncEngine

from adapters.demo_images import PillowGarmentPictures
from adapters.listing_index import ListingIndex
from adapters.mail import FileMailSender, JinjaMailTemplates, SmtpMailSender
from adapters.media import LocalMediaStore
from adapters.passwords import Argon2PasswordHasher
from adapters.rate_limit import MemoryRateLimiter, RedisRateLimiter
from adapters.realtime import ChannelsRealtimePublisher, create_channels
from adapters.sqlalchemy.engine import create_engine, create_session_factory
from adapters.sqlalchemy.lean import LeanReads, LeanUnitOfWork
from adapters.sqlalchemy.listing_changes import loader
from adapters.sqlalchemy.search_cache import SearchCache
from adapters.sqlalchemy.unit_of_work import SqlAlchemyUnitOfWork
from adapters.totp import PyotpOneTimePasswords
from application.account_security import AccountSecurity
from application.accounts import AccountService
from application.addresses import AddressService
from application.admission import Admission
from application.analytics import ActivityBatch, AnalyticsService, VisitLog
from application.blog import BlogService
from application.bundles import BundleService
from application.catalog import CatalogService
from application.clock import SystemClock
from application.contact import ContactService
from application.demo import DemoSeeder
from application.favorites import FavoriteService
from application.mail import Letters, MailDispatcher
from application.messaging import MessagingService
from application.notifications import NotificationService
from application.offers import OfferService
from application.order_desk import OrderDesk
from application.order_notices import OrderNotices
from application.order_timers import OrderTimers
from application.orders import OrderService
from application.posts import PostService
from application.reviews import ReviewService
from application.sharing import SharingService
from application.social import ProfileEditor, SocialService
from application.system import HealthMemo, SystemService
from application.two_factor import TwoFactorService
from application.vacation import VacationService
from domain.rate_limits import DEFAULT_LIMITS, Limits
from entrypoints.settings import Settings


def _redis(url: str | None) -> Redis | None:
    return Redis.from_url(url) if url else None


def _limits(scale: int) -> Limits:
    return DEFAULT_LIMITS.scaled(scale)


def _listing_index(engine: AsyncEngine) -> ListingIndex:
    return ListingIndex(loader(engine))


def _admission(limit: int) -> Admission:
    return Admission(limit or None)


def _mail_sender(settings: Settings) -> FileMailSender | SmtpMailSender:
    """SMTP when ``RETHREAD_SMTP_URL`` is set; otherwise ``.eml`` files in the data dir."""
    if settings.smtp_url:
        return SmtpMailSender(settings.smtp_url, settings.mail_from)
    return FileMailSender(settings.mail_dir, settings.mail_from)


def _rate_limiter(redis: Redis | None) -> MemoryRateLimiter | RedisRateLimiter:
    return RedisRateLimiter(redis) if redis is not None else MemoryRateLimiter()


class Container(containers.DeclarativeContainer):
    settings = providers.Dependency(instance_of=Settings)

    engine = providers.Singleton(create_engine, settings.provided.database_url,
                                 settings.provided.sqlite_mmap_mb)
    session_factory = providers.Singleton(create_session_factory, engine)
    redis = providers.Singleton(_redis, settings.provided.redis_url)

    clock = providers.Singleton(SystemClock)
    password_hasher = providers.Singleton(Argon2PasswordHasher)
    rate_limiter = providers.Singleton(_rate_limiter, redis)
    limits = providers.Singleton(_limits, settings.provided.rate_limit_scale)
    visit_log = providers.Singleton(VisitLog)
    channels = providers.Singleton(create_channels, redis)
    realtime = providers.Singleton(ChannelsRealtimePublisher, channels)

    search_cache = providers.Singleton(
        SearchCache, redis, ttl_seconds=settings.provided.search_cache_seconds)
    heavy_reads = providers.Singleton(_admission, settings.provided.heavy_reads)
    # None when RETHREAD_SEARCH_INDEX=0 (build_container).
    listing_index = providers.Singleton(_listing_index, engine)
    # Bounded reads with no transaction (docs/architecture.md, "The read path").
    lean_reads = providers.Singleton(LeanReads, engine, listing_index)
    uow = providers.Factory(SqlAlchemyUnitOfWork, session_factory, search_cache, heavy_reads,
                            listing_index, lean_reads)
    reads = providers.Factory(LeanUnitOfWork, lean_reads)
    activity_batch = providers.Singleton(ActivityBatch, uow)
    media_store = providers.Singleton(LocalMediaStore, settings.provided.media_dir)

    one_time_passwords = providers.Singleton(PyotpOneTimePasswords)
    mail_templates = providers.Singleton(JinjaMailTemplates)
    letters = providers.Singleton(Letters, mail_templates, settings.provided.public_url)
    mail_sender = providers.Singleton(_mail_sender, settings)
    mail_dispatcher = providers.Factory(MailDispatcher, uow=uow, sender=mail_sender, clock=clock,
                                        letters=letters)

    health_memo = providers.Singleton(HealthMemo)
    system = providers.Factory(SystemService, reads, clock, health_memo)
    sharing = providers.Factory(SharingService, uow)
    accounts = providers.Factory(
        AccountService,
        uow=uow,
        hasher=password_hasher,
        clock=clock,
        limiter=rate_limiter,
        admin_emails=settings.provided.admin_emails,
        visits=visit_log,
        limits=limits,
        realtime=realtime,
        letters=letters,
        otp=one_time_passwords,
    )
    two_factor = providers.Factory(TwoFactorService, uow=uow, otp=one_time_passwords,
                                   clock=clock, hasher=password_hasher)
    account_security = providers.Factory(
        AccountSecurity, uow=uow, hasher=password_hasher, clock=clock, limiter=rate_limiter,
        letters=letters, realtime=realtime, limits=limits)
    analytics = providers.Factory(AnalyticsService, uow=uow, clock=clock, batch=activity_batch)
    blogs = providers.Factory(BlogService, uow=uow, clock=clock)
    contact = providers.Factory(ContactService, uow=uow, clock=clock, limiter=rate_limiter,
                                limits=limits)
    catalog = providers.Factory(CatalogService, uow=uow, reads=reads, clock=clock,
                                media=media_store,
                                realtime=realtime, activity=activity_batch,
                                limiter=rate_limiter, limits=limits)
    favorites = providers.Factory(FavoriteService, uow=uow, clock=clock)
    social = providers.Factory(SocialService, uow=uow, clock=clock)
    order_notices = providers.Factory(OrderNotices, realtime=realtime)
    orders = providers.Factory(OrderService, uow=uow, clock=clock, notices=order_notices)
    order_desk = providers.Factory(OrderDesk, uow=uow, clock=clock)
    order_timers = providers.Factory(OrderTimers, uow=uow, clock=clock, notices=order_notices)
    addresses = providers.Factory(AddressService, uow=uow, clock=clock)
    bundles = providers.Factory(BundleService, uow=uow, clock=clock)
    vacations = providers.Factory(VacationService, uow=uow, clock=clock)
    reviews = providers.Factory(ReviewService, uow=uow, clock=clock)
    offers = providers.Factory(OfferService, uow=uow, clock=clock, realtime=realtime)
    profiles = providers.Factory(ProfileEditor, uow=uow, media=media_store)
    posts = providers.Factory(PostService, uow=uow, clock=clock, media=media_store)
    messaging = providers.Factory(MessagingService, uow=uow, clock=clock, realtime=realtime)
    notifications = providers.Factory(NotificationService, uow=uow, clock=clock,
                                      realtime=realtime)
    garment_pictures = providers.Singleton(PillowGarmentPictures)
    demo_seeder = providers.Factory(DemoSeeder, uow=uow, hasher=password_hasher, clock=clock,
                                    media=media_store, pictures=garment_pictures)


def build_container(settings: Settings) -> Container:
    container = Container(settings=settings)
    if not settings.search_index:
        # Searches answered in SQL. Decided here, once: a Singleton keeps no None, so a
        # factory answering None would run again for every unit of work.
        container.listing_index.override(providers.Object(None))
    return container


async def start_search_index(container: Container, *_app: Any, wait_seconds: float = 1.0
                             ) -> None:
    """Load the in-memory search index as the server starts: a small catalog is loaded
    before the first request (tests, development), a large one in the background (about
    20 s at a million listings), searches being answered in SQL until then."""
    index = container.listing_index()
    if index is None:
        return
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(index.wait(), wait_seconds)


async def shutdown(container: Container) -> None:
    """Write the pending activity, then close pooled connections (engine, Redis)."""
    await container.activity_batch().flush()
    index = container.listing_index()
    if index is not None:
        await index.stop()
    await container.lean_reads().dispose()
    await container.engine().dispose()
    redis = container.redis()
    if redis is not None:
        await redis.aclose()
