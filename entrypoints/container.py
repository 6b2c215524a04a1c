"""All wiring in one place: settings in, adapters and services out (dependency-injector)."""

from __future__ import annotations

import logging
from typing import Any

from argon2 import PasswordHasher
from argon2 import profiles as argon2_profiles
from dependency_injector import containers, providers
from redis.asyncio import Redis

from adapters.demo.images import PillowGarmentPictures
from adapters.mail import FileMailSender, JinjaMailTemplates, SmtpMailSender
from adapters.media import LocalMediaStore
from adapters.passwords import Argon2PasswordHasher
from adapters.rate_limit import MemoryRateLimiter, RedisRateLimiter
from adapters.realtime import ChannelsRealtimePublisher, create_channels
from adapters.search.engine import TantivySearch
from adapters.search.indexer import SearchIndexer
from adapters.signing import ItsdangerousLinkSigner
from adapters.sqlalchemy.catalog_reads import SqlListingReads
from adapters.sqlalchemy.engine import (
    create_engine,
    create_session_factory,
    create_sqlite_read_engine,
)
from adapters.sqlalchemy.unit_of_work import SqlAlchemyUnitOfWork
from adapters.totp import PyotpOneTimePasswords
from application.account_closure import AccountClosure
from application.account_security import AccountSecurity
from application.account_sessions import SessionService
from application.accounts import AccountService
from application.addresses import AddressService
from application.analytics import ActivityBatch, AnalyticsService, VisitLog
from application.audit import AuditService
from application.block_service import BlockService
from application.blog import BlogService
from application.bundles import BundleService
from application.catalog import CatalogService
from application.contact import ContactService
from application.demo.seeder import DemoSeeder
from application.disputes import DisputeService
from application.favorites import FavoriteService
from application.mail import Letters, MailDispatcher
from application.messaging import MessagingService
from application.moderation import ModerationService
from application.notification_mail import EmailSettings, NotificationMailer
from application.notifications import NotificationService
from application.offers import OfferService
from application.order_desk import OrderDesk
from application.order_notices import OrderNotices
from application.order_timers import OrderTimers
from application.orders import OrderService
from application.posts import PostService
from application.reports import ReportService
from application.reviews import ReviewService
from application.saved_searches import SavedSearchService
from application.seller_stats import SellerStatsService
from application.shared.abuse import AbuseLimits
from application.shared.after_commit import AfterCommit, Wakeup
from application.shared.clock import SystemClock
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


def _after_search_change(indexing: str, indexer: SearchIndexer) -> Any:
    """What a unit of work does after a commit that changed search: apply the outbox
    before answering ("inline"), or wake this process's follower ("background")."""
    if indexing == "inline":
        async def apply() -> None:
            if indexer.take_lock():
                await indexer.catch_up()
        return apply
    return indexer.woken


def _mail_sender(settings: Settings) -> FileMailSender | SmtpMailSender:
    """SMTP when ``RETHREAD_SMTP_URL`` is set; otherwise ``.eml`` files in the data dir."""
    if settings.smtp_url:
        return SmtpMailSender(settings.smtp_url, settings.mail_from)
    return FileMailSender(settings.mail_dir, settings.mail_from)


def argon2_hasher(profile: str) -> Argon2PasswordHasher:
    """argon2id with the settings' cost (``RETHREAD_PASSWORD_HASHING``)."""
    if profile == "cheapest":
        return Argon2PasswordHasher(PasswordHasher.from_parameters(argon2_profiles.CHEAPEST))
    return Argon2PasswordHasher()


def _rate_limiter(redis: Redis | None) -> MemoryRateLimiter | RedisRateLimiter:
    return RedisRateLimiter(redis) if redis is not None else MemoryRateLimiter()


class Container(containers.DeclarativeContainer):
    settings = providers.Dependency(instance_of=Settings)

    engine = providers.Singleton(create_engine, settings.provided.database_url,
                                 settings.provided.sqlite_mmap_mb)
    session_factory = providers.Singleton(create_session_factory, engine)
    # Product pages' and search pages' read path (docs/decisions/read-path.md).
    listing_reads = providers.Singleton(
        SqlListingReads, engine, providers.Singleton(
            create_sqlite_read_engine, settings.provided.database_url,
            settings.provided.sqlite_mmap_mb))
    redis = providers.Singleton(_redis, settings.provided.redis_url)

    clock = providers.Singleton(SystemClock)
    password_hasher = providers.Singleton(argon2_hasher, settings.provided.password_hashing)
    rate_limiter = providers.Singleton(_rate_limiter, redis)
    limits = providers.Singleton(_limits, settings.provided.rate_limit_scale)
    abuse = providers.Singleton(AbuseLimits, rate_limiter, clock, limits)
    visit_log = providers.Singleton(VisitLog)
    channels = providers.Singleton(create_channels, redis)
    realtime = providers.Singleton(ChannelsRealtimePublisher, channels)

    # The search engine (docs/search.md): this process's reader of the host's index, and
    # the outbox follower, which runs where this process holds the host's writer lock.
    search = providers.Singleton(TantivySearch, settings.provided.search_dir)
    search_indexer = providers.Singleton(SearchIndexer, session_factory,
                                         settings.provided.search_dir, clock, search)
    after_search_change = providers.Singleton(
        _after_search_change, settings.provided.search_indexing, search_indexer)
    mail_wakeup = providers.Singleton(Wakeup)
    # The one way out after a commit (docs/decisions/after-commit.md): realtime events and
    # the wake-ups of the durable outboxes' followers, with one retry and error policy.
    after_commit = providers.Singleton(
        AfterCommit, realtime=realtime, clock=clock,
        wakers=providers.Dict(search=after_search_change, mail=mail_wakeup.provided.ring))
    uow = providers.Factory(SqlAlchemyUnitOfWork, session_factory, after_commit)
    activity_batch = providers.Singleton(ActivityBatch, uow)
    media_store = providers.Singleton(LocalMediaStore, settings.provided.media_dir)

    one_time_passwords = providers.Singleton(PyotpOneTimePasswords)
    mail_templates = providers.Singleton(JinjaMailTemplates)
    letters = providers.Singleton(Letters, mail_templates, settings.provided.public_url)
    mail_sender = providers.Singleton(_mail_sender, settings)
    link_signer = providers.Singleton(ItsdangerousLinkSigner, settings.provided.secret_key)
    notification_mailer = providers.Factory(NotificationMailer, uow=uow, letters=letters,
                                            clock=clock, signer=link_signer)
    email_settings = providers.Factory(EmailSettings, uow=uow, signer=link_signer)
    mail_dispatcher = providers.Factory(MailDispatcher, uow=uow, sender=mail_sender, clock=clock,
                                        letters=letters)

    health_memo = providers.Singleton(HealthMemo)
    system = providers.Factory(SystemService, uow, clock, health_memo, search_indexer)
    sharing = providers.Factory(SharingService, uow)
    accounts = providers.Factory(
        AccountService,
        uow=uow,
        hasher=password_hasher,
        clock=clock,
        limiter=rate_limiter,
        admin_emails=settings.provided.admin_emails,
        limits=limits,
        letters=letters,
        otp=one_time_passwords,
    )
    sessions = providers.Factory(SessionService, uow=uow, clock=clock, visits=visit_log,
                                 admins_need_two_factor=settings.provided.admin_2fa)
    account_closure = providers.Factory(AccountClosure, uow=uow, hasher=password_hasher,
                                        clock=clock, otp=one_time_passwords,
                                        limiter=rate_limiter, limits=limits)
    two_factor = providers.Factory(TwoFactorService, uow=uow, otp=one_time_passwords,
                                   clock=clock, hasher=password_hasher, limiter=rate_limiter,
                                   letters=letters, limits=limits)
    account_security = providers.Factory(
        AccountSecurity, uow=uow, hasher=password_hasher, clock=clock, limiter=rate_limiter,
        letters=letters, limits=limits)
    analytics = providers.Factory(AnalyticsService, uow=uow, clock=clock, batch=activity_batch)
    blogs = providers.Factory(BlogService, uow=uow, clock=clock)
    contact = providers.Factory(ContactService, uow=uow, clock=clock, limiter=rate_limiter,
                                limits=limits)
    catalog = providers.Factory(CatalogService, uow=uow, search=search, clock=clock,
                                media=media_store, activity=activity_batch,
                                limiter=rate_limiter, limits=limits, reads=listing_reads)
    favorites = providers.Factory(FavoriteService, uow=uow, clock=clock)
    social = providers.Factory(SocialService, uow=uow, clock=clock, abuse=abuse)
    order_notices = providers.Factory(OrderNotices)
    orders = providers.Factory(OrderService, uow=uow, clock=clock, notices=order_notices)
    order_desk = providers.Factory(OrderDesk, uow=uow, clock=clock)
    order_timers = providers.Factory(OrderTimers, uow=uow, clock=clock, notices=order_notices)
    addresses = providers.Factory(AddressService, uow=uow, clock=clock)
    bundles = providers.Factory(BundleService, uow=uow, clock=clock)
    vacations = providers.Factory(VacationService, uow=uow, clock=clock)
    seller_stats = providers.Factory(SellerStatsService, uow=uow, clock=clock,
                                     secret=settings.provided.secret_key)
    saved_searches = providers.Factory(SavedSearchService, uow=uow, clock=clock, search=search)
    reviews = providers.Factory(ReviewService, uow=uow, clock=clock)
    offers = providers.Factory(OfferService, uow=uow, clock=clock,
                               abuse=abuse)
    profiles = providers.Factory(ProfileEditor, uow=uow, media=media_store)
    posts = providers.Factory(PostService, uow=uow, clock=clock, media=media_store,
                              abuse=abuse)
    messaging = providers.Factory(MessagingService, uow=uow, clock=clock,
                                  abuse=abuse)
    reports = providers.Factory(ReportService, uow=uow, clock=clock, abuse=abuse)
    blocks = providers.Factory(BlockService, uow=uow, clock=clock)
    moderation = providers.Factory(ModerationService, uow=uow, clock=clock)
    audit = providers.Factory(AuditService, uow=uow, clock=clock)
    disputes = providers.Factory(DisputeService, uow=uow, clock=clock, media=media_store,
                                 notices=order_notices)
    notifications = providers.Factory(NotificationService, uow=uow, clock=clock)
    garment_pictures = providers.Singleton(PillowGarmentPictures)
    demo_seeder = providers.Factory(DemoSeeder, uow=uow, hasher=password_hasher, clock=clock,
                                    media=media_store, pictures=garment_pictures)


def build_container(settings: Settings) -> Container:
    return Container(settings=settings)


async def start_search(container: Container, *_app: Any) -> None:
    """As the server starts: the first process of the host to take the writer lock opens
    (or first builds) the index and follows the outbox in the background; with "inline"
    indexing each commit applies it. Other processes just read."""
    settings = container.settings()
    indexer = container.search_indexer()
    if settings.search_indexing == "off" or not indexer.take_lock():
        return
    if settings.search_indexing == "inline":
        # Nothing read here: the first commit that changes search builds the index when
        # there is none (and the app's start-up may run on another event loop than its
        # requests, as in the tests, so no pooled connection is made on it).
        return
    indexer.start()  # (it builds the index first when there is none)
    logging.getLogger("rethread.search").info("search: this process follows the outbox")


async def shutdown(container: Container) -> None:
    """Write the pending activity, let the after-commit retries finish (briefly), stop the
    search follower, close pooled connections."""
    await container.activity_batch().flush()
    await container.after_commit().close()
    await container.search_indexer().stop()
    await container.listing_reads().close()
    await container.engine().dispose()
    redis = container.redis()
    if redis is not None:
        await redis.aclose()
