"""The Litestar application factory: API, media, OpenAPI schema and the built SPA."""

from __future__ import annotations

import logging
import os
from collections.abc import Awaitable, Callable
from typing import Any

from dependency_injector import providers
from litestar import Litestar
from litestar.channels import ChannelsPlugin
from litestar.config.csrf import CSRFConfig
from litestar.datastructures import CacheControlHeader, State
from litestar.di import Provide
from litestar.logging import LoggingConfig
from litestar.static_files import create_static_files_router
from litestar.types import Message, Scope

from entrypoints.container import Container, build_container, shutdown, start_search
from entrypoints.http.account_security import AccountSecurityController
from entrypoints.http.account_sessions import SessionsController
from entrypoints.http.accounts import AccountController
from entrypoints.http.addresses import AddressController, UserReviewController
from entrypoints.http.analytics import AnalyticsController
from entrypoints.http.auth import provide_admin, provide_current_user, provide_viewer
from entrypoints.http.blog import BlogController
from entrypoints.http.bundles import BundleController
from entrypoints.http.caching import (
    INDEX_VERSION,
    STORE,
    answer_head_too,
    http_caching,
    response_cache_config,
)
from entrypoints.http.catalog import CatalogController
from entrypoints.http.contact import ContactController
from entrypoints.http.disputes import DisputeController
from entrypoints.http.email_settings import EmailSettingsController
from entrypoints.http.errors import EXCEPTION_HANDLERS
from entrypoints.http.favorites import FavoriteController
from entrypoints.http.guards import MAX_BODY_BYTES, input_guard
from entrypoints.http.headers import security_headers
from entrypoints.http.loop_lag import LoopLagProbe
from entrypoints.http.mail_worker import mail_worker
from entrypoints.http.messaging import MessagingController
from entrypoints.http.moderation import ModerationController
from entrypoints.http.notifications import NotificationController
from entrypoints.http.offers import OfferController
from entrypoints.http.openapi import openapi_config
from entrypoints.http.order_desk import OrderDeskController
from entrypoints.http.orders import OrderController
from entrypoints.http.posts import PostController
from entrypoints.http.realtime import realtime_socket
from entrypoints.http.reports import ReportController
from entrypoints.http.response_store import response_store
from entrypoints.http.retry import with_retries
from entrypoints.http.saved_searches import SavedSearchController
from entrypoints.http.scheduler import order_timers
from entrypoints.http.seller_stats import SellerStatsController
from entrypoints.http.seo import robots, sitemap
from entrypoints.http.social import SocialController
from entrypoints.http.spa import spa_handler
from entrypoints.http.system import SystemController
from entrypoints.http.telemetry import Telemetry, metrics, search_gauges
from entrypoints.http.vacation import VacationController
from entrypoints.settings import Settings, get_settings

CONTROLLERS: list[Any] = [SystemController, AccountController, AccountSecurityController,
                          BlogController,
                          ContactController, CatalogController, FavoriteController,
                          SocialController, PostController, MessagingController,
                          NotificationController, realtime_socket, AnalyticsController,
                          OrderController, AddressController, UserReviewController,
                          OfferController, OrderDeskController, BundleController,
                          ReportController, ModerationController, DisputeController,
                          VacationController, SellerStatsController, SessionsController,
                          SavedSearchController, EmailSettingsController]


def _from_container(state: State, name: str) -> Callable[[], Any]:
    """A service as every request gets it: built by the app's container (``state.container``,
    read at each call, set by :func:`serve_with`), wrapped in :func:`with_retries` (a call
    whose transaction lost a race for the database runs again, ``entrypoints/http/retry.py``)."""

    def build() -> Any:
        return with_retries(getattr(state.container, name)())

    return build


#: Each dependency a handler may ask for -> the container's provider that builds it (the
#: same name, but for the three renamed at the end).
SERVICES = {name: name for name in (
    "system", "accounts", "sessions", "two_factor", "email_settings", "blogs", "contact",
    "catalog", "favorites", "social", "profiles", "posts", "messaging", "notifications",
    "analytics", "orders", "addresses", "reviews", "offers", "sharing", "bundles", "reports",
    "blocks", "moderation", "audit", "disputes", "vacations", "saved_searches",
    "seller_stats")} | {"security": "account_security", "closure": "account_closure",
                        "desk": "order_desk"}


def _dependencies(state: State) -> dict[str, Provide]:
    # (Litestar's own DI: dependency-injector has no plugin.)
    deps = {name: Provide(_from_container(state, provider), sync_to_thread=False)
            for name, provider in SERVICES.items()}
    deps["viewer"] = Provide(provide_viewer)  # (app.state.sessions)
    deps["current_user"] = Provide(provide_current_user)
    deps["admin"] = Provide(provide_admin)
    return deps


def serve_with(app: Litestar, container: Container, settings: Settings) -> None:
    """Point ``app`` at ``container``: every request's services, the viewer's sessions, the
    lifespan's search start and shutdown, the timers and the mail worker read it from
    ``app.state`` when they run; the metrics' gauges are bound to it here. The realtime
    publisher of the container is the app's channels plugin (its sockets subscribe there).
    ``create_app`` calls it once; the API tests call it again to reuse one built app with
    each test's fresh container (building the routes is most of an app's cost)."""
    container.channels.override(providers.Object(app.plugins.get(ChannelsPlugin)))
    app.state.container = container
    app.state.settings = settings
    app.state.gauges = [search_gauges(container.system, container.clock())]
    setattr(app.state, INDEX_VERSION, container.search().version)  # (caching.indexed_cache_key)


async def _start_search(app: Litestar) -> None:
    await start_search(app.state.container)


async def _shutdown(app: Litestar) -> None:
    await shutdown(app.state.container)


def _each(*hooks: Callable[[Message, Scope], None]) -> Callable[[Message, Scope],
                                                                   Awaitable[None]]:
    """One ``before_send`` hook running ``hooks`` in order (Litestar awaits each hook it is
    given, for every message sent)."""

    async def before_send(message: Message, scope: Scope) -> None:
        for hook in hooks:
            hook(message, scope)

    return before_send


def create_app(settings: Settings | None = None, container: Container | None = None) -> Litestar:
    settings = settings or get_settings()
    telemetry = Telemetry(settings.access_log)
    container = container or build_container(settings)
    settings.media_dir.mkdir(parents=True, exist_ok=True)
    # Media file names are content-addressed, so they may be cached for a year.
    media = create_static_files_router(
        path="/media", directories=[settings.media_dir], name="media",
        cache_control=CacheControlHeader(max_age=31536000, public=True))
    handlers = [*CONTROLLERS, robots, sitemap, metrics, spa_handler(settings.webapp_dir)]
    answer_head_too(handlers)  # (media answers HEAD itself)
    # The state the services read (``serve_with``); not empty, since Litestar keeps the
    # state it is given only if it is truthy (``state or State()``).
    state = State({"container": container})
    state.sessions = _from_container(state, "sessions")  # the viewer's, for a session cookie
    app = Litestar(
        route_handlers=[*handlers, media],
        state=state,
        dependencies=_dependencies(state),
        exception_handlers=EXCEPTION_HANDLERS,
        middleware=[telemetry.middleware, input_guard, http_caching],
        response_cache_config=response_cache_config(),
        stores={STORE: response_store(settings.redis_url)},
        before_send=[_each(security_headers(secure_cookies=settings.secure_cookies),
                           telemetry.before_send)],
        request_max_body_size=MAX_BODY_BYTES,
        csrf_config=CSRFConfig(secret=settings.secret_key, cookie_name="csrftoken",
                               header_name="x-csrftoken",
                               cookie_secure=settings.secure_cookies),
        openapi_config=openapi_config(title="Rethread API", version="0.1.0",
                                      webapp_dir=settings.webapp_dir),
        # Litestar's queue-backed handlers (the app never waits on a write to stderr), with
        # every record as one JSON line (entrypoints/logs.py).
        logging_config=LoggingConfig(
            formatters={"standard": {"()": "entrypoints.logs.JsonFormatter"}},
            log_exceptions="debug"),
        plugins=[container.channels()],
        on_startup=[_start_search],
        on_shutdown=[_shutdown],
        lifespan=[order_timers, mail_worker],
        debug=False,
    )
    if os.environ.get("RETHREAD_LOOP_LAG_PROBE") == "1":  # the bench's probe
        probe = LoopLagProbe()
        app.on_startup.append(probe.start)
        app.on_shutdown.insert(0, probe.stop)
    serve_with(app, container, settings)
    app.state.access_log = telemetry.access  # (None with RETHREAD_ACCESS_LOG=0)
    if telemetry.access is not None:
        app.on_shutdown.append(telemetry.access.flush)  # (the last turn's lines)
    logging.getLogger("rethread").setLevel(logging.INFO)
    return app
