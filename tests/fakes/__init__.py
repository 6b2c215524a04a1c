"""In-memory fakes of the application's ports, and the container wired to them.

One home for every service test (``tests/unit/test_<area>_service.py``):

- each area's fake repositories in ``tests/fakes/<area>.py``, implementing the Protocols of
  ``application/ports/<area>.py`` (the search fake doubles as the property test's oracle);
- :class:`FakeUnitOfWork` (``unit_of_work.py``) holding them all, with commit and rollback;
- :func:`fake_container`: the real ``entrypoints.container.Container`` with its ports
  overridden by these fakes (dependency-injector ``override``), so services are built the
  way the app builds them. ``tests/unit/conftest.py`` turns it into the ``container``
  fixture; a test asks for ``container`` and calls ``container.<service>()``.

A new area: add ``tests/fakes/<area>.py``, one line in ``FakeUnitOfWork.__init__``, and,
for a new port that is not a repository (a realtime publisher...), one fake here and one
``override`` in :func:`fake_container`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from tempfile import gettempdir

from dependency_injector import providers

from application.catalog import CatalogService
from application.catalog_views import UnitOfWorkReads
from application.favorites import FavoriteService
from application.shared.after_commit import AfterCommit
from application.social import SocialService
from domain.accounts import Role, User
from entrypoints.container import Container, build_container
from entrypoints.settings import load_settings
from tests.fakes.accounts import FakeSessions, FakeUsers, PlainHasher
from tests.fakes.catalog import FakeSearch
from tests.fakes.mail import FakeMailSender
from tests.fakes.media import FakeMediaStore
from tests.fakes.realtime import FakeRealtime
from tests.fakes.system import FakeRateLimiter, FixedClock
from tests.fakes.unit_of_work import FakeUnitOfWork
from tests.support.builders import add_user

ADMIN_EMAILS = "Boss@Example.com, ops@example.com"


@contextmanager
def fake_container(uow: FakeUnitOfWork | None = None, clock: FixedClock | None = None, *,
                   data_dir: Path | None = None) -> Iterator[Container]:
    """The app's container with every port replaced by an in-memory fake."""
    settings = load_settings({"RETHREAD_DATA_DIR": str(data_dir or gettempdir()),
                              "RETHREAD_SECRET_KEY": "unit-test-key",
                              "RETHREAD_ADMIN_EMAILS": ADMIN_EMAILS})
    built = build_container(settings)
    uow = uow or FakeUnitOfWork()
    clock = clock or FixedClock()
    realtime = FakeRealtime()
    uow.after_commit = AfterCommit(realtime, clock)  # the real dispatcher, fake sockets
    fakes = {
        built.uow: uow,
        built.search: FakeSearch(uow.listings),  # the search port over the same rows
        built.listing_reads: UnitOfWorkReads(uow),  # product and search pages' reads
        built.clock: clock,
        built.password_hasher: PlainHasher(),
        built.rate_limiter: FakeRateLimiter(),
        built.media_store: FakeMediaStore(),
        built.realtime: realtime,
        built.after_commit: uow.after_commit,
        built.mail_sender: FakeMailSender(),
    }
    with ExitStack() as stack:
        for provider, fake in fakes.items():
            stack.enter_context(provider.override(providers.Object(fake)))
        yield built


class World:
    """The services of a faked container, and the fakes behind them, for one test."""

    def __init__(self, container: Container) -> None:
        self.uow: FakeUnitOfWork = container.uow()
        self.clock: FixedClock = container.clock()
        self.media: FakeMediaStore = container.media_store()
        self.catalog: CatalogService = container.catalog()
        self.search: FakeSearch = container.search()
        self.favorites: FavoriteService = container.favorites()
        self.social: SocialService = container.social()

    async def user(self, name: str, role: Role = Role.USER) -> User:
        return await add_user(self.uow, name, role, created_at=self.clock.now())


__all__ = [
    "FakeMediaStore", "FakeRateLimiter", "FakeRealtime", "FakeSessions", "FakeUnitOfWork",
    "FakeUsers", "FixedClock", "PlainHasher", "World", "fake_container",
]
