"""The fake unit of work: every area's fake repository, committed or rolled back together.

A new area adds its fake repository module next to this one (``tests/fakes/<area>.py``,
implementing the Protocol of ``application/ports/<area>.py`` with its state in a ``rows``
attribute) and one line in ``__init__`` below, under the same name the ``UnitOfWork``
Protocol gives it (``self.offers = FakeOffers(...)``). Rollback then covers it for free.

Realtime events go the real way: recorded by ``publish`` (the real ``Recorder``) and handed
at ``commit()`` to the real after-commit dispatcher, over the container's ``FakeRealtime``
(``tests.fakes.fake_container`` wires it; alone, a unit of work has its own).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from types import TracebackType
from typing import Any, Self

from application.shared.after_commit import AfterCommit, Recorder
from tests.fakes.accounts import FakeAccountTokens, FakeSessions, FakeUsers
from tests.fakes.analytics import FakeActivity
from tests.fakes.blog import FakeBlogs
from tests.fakes.bundles import FakeBag, FakeBundleTiers
from tests.fakes.catalog import FakeListings
from tests.fakes.contact import FakeContactMessages
from tests.fakes.favorites import FakeFavorites
from tests.fakes.mail import FakeMailQueue
from tests.fakes.messaging import FakeMessages
from tests.fakes.moderation import FakeAudit, FakeBlocks, FakeHidden, FakeSuspensions
from tests.fakes.notifications import FakeEmailPreferences, FakeNotifications
from tests.fakes.offers import FakeOffers
from tests.fakes.orders import FakeAddresses, FakeOrderEvents, FakeOrders, FakeReviews
from tests.fakes.posts import FakeComments, FakePosts, FakeReactions
from tests.fakes.realtime import FakeRealtime
from tests.fakes.sharing import FakeSitemap
from tests.fakes.social import FakeFollows
from tests.fakes.system import FixedClock
from tests.fakes.vacation import FakeVacations


class FakeUnitOfWork:
    """Commits by keeping a snapshot of every repository's ``rows``; leaving the outermost
    ``async with`` restores the last snapshot, so uncommitted changes vanish as in SQL."""

    def __init__(self) -> None:
        self.users = FakeUsers()
        self.sessions = FakeSessions()
        self.account_tokens = FakeAccountTokens()
        self.mail = FakeMailQueue()
        self.blogs = FakeBlogs(self.users)
        self.contact_messages = FakeContactMessages()
        self.listings = FakeListings(self.users)
        self.favorites = FakeFavorites(self.listings)
        self.follows = FakeFollows(self.users)
        self.messages = FakeMessages(self.users)
        self.notifications = FakeNotifications()
        self.email_preferences = FakeEmailPreferences()
        self.orders = FakeOrders(self.users, self.listings)
        self.order_events = FakeOrderEvents()
        self.addresses = FakeAddresses()
        self.reviews = FakeReviews(self.users, self.orders)
        self.offers = FakeOffers(self.listings)
        self.activity = FakeActivity()
        self.posts = FakePosts(self)
        self.comments = FakeComments()
        self.likes = FakeReactions()
        self.saves = FakeReactions()
        self.sitemap = FakeSitemap(self)
        self.blocks = FakeBlocks()
        self.suspensions = FakeSuspensions()
        self.hidden = FakeHidden()
        self.audit = FakeAudit()
        self.bundle_tiers = FakeBundleTiers()
        self.bag = FakeBag()
        self.vacations = FakeVacations()
        self.commits = 0
        self.after_commit = AfterCommit(FakeRealtime(), FixedClock())
        self._recorder = Recorder()
        self._depth = 0
        self._saved = self._snapshot()

    def _repositories(self) -> dict[str, Any]:
        return {name: value for name, value in vars(self).items() if hasattr(value, "rows")}

    def _snapshot(self) -> dict[str, Any]:
        return copy.deepcopy({name: repo.rows for name, repo in self._repositories().items()})

    async def __aenter__(self) -> Self:
        self._depth += 1
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        self._depth -= 1
        if self._depth == 0:
            self._recorder.drop()
            for name, rows in copy.deepcopy(self._saved).items():
                getattr(self, name).rows = rows

    def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None:
        self._recorder.publish(user_ids, event)

    async def commit(self) -> None:
        self._saved = self._snapshot()
        self.commits += 1
        await self.after_commit.committed(self._recorder.take())

    async def ping(self) -> bool:
        return True
