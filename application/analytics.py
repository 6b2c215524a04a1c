"""Analytics: the admin's summary, computed from the activity log (domain/analytics.py).

Recording happens in each area's service, inside the transaction of the action it records:
``await uow.activity.record(ActivityKind.X, user_id, now)``. Two kinds ride on requests that
write nothing else, so they get cheaper paths (bench/activity_bench.py measures them):

- authenticated visits are recorded by the accounts service at most once per user per day;
  :class:`VisitLog` remembers which users this process already wrote today, so a visit costs
  a set lookup on every request but the first of the day;
- searches go to :class:`ActivityBatch`, which keeps them in memory and writes them in one
  insert from a background task (every ``BATCH_SIZE`` events or ``BATCH_AGE``), so the
  search answers without waiting for a commit.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import date, datetime, timedelta

from application.ports import Clock, UnitOfWork
from domain.analytics import (
    BUYER_KINDS,
    RECENT_ITEMS,
    SELLER_KINDS,
    Activity,
    ActivityKind,
    AnalyticsSummary,
    activity_day,
    summarise,
    window,
)

VISIT_MEMORY = 100_000
# Searches under load come by the thousand per second: each write is a commit, and on SQLite
# a commit changes the data version that the search index and the sellers' cards are kept
# by (measured in `git log -p docs/performance.md`).
BATCH_SIZE = 1000
BATCH_AGE = timedelta(seconds=5)
BATCH_LIMIT = 50_000  # events kept while the database refuses them; older ones are dropped
log = logging.getLogger("rethread.analytics")


class VisitLog:
    """Which users this process has already recorded a visit for today (one per process)."""

    def __init__(self, capacity: int = VISIT_MEMORY) -> None:
        self.capacity = capacity
        self.day: date | None = None
        self.users: set[int] = set()

    def seen(self, user_id: int, day: date) -> bool:
        return day == self.day and user_id in self.users

    def remember(self, user_id: int, day: date) -> None:
        """Called after the visit was committed, so a failed write is tried again."""
        if day != self.day:
            self.day, self.users = day, set()
        if len(self.users) >= self.capacity:
            self.users.clear()  # the database's unique index still keeps one visit a day
        self.users.add(user_id)


class ActivityBatch:
    """Events of read-only requests, written together off the request path (one per process).

    ``add`` is synchronous and O(1); when the batch is full or its oldest event is older than
    ``BATCH_AGE`` it starts a background flush, unless one is under way. ``flush`` is also
    called before the summary is read and when the server stops, so nothing recorded by this
    process is missed.
    """

    def __init__(self, uow: UnitOfWork, size: int = BATCH_SIZE,
                 age: timedelta = BATCH_AGE) -> None:
        self.uow = uow
        self.size = size
        self.age = age
        self.pending: list[Activity] = []
        self.lock = asyncio.Lock()
        # The background flush started and not finished (held here, so it is not collected):
        # one at a time. A flush per add past the threshold queued a task behind the lock
        # for every search until the batch was taken (under load two flushes a second
        # instead of one), and while the database refused writes, one for every search
        # until it came back, each trying the whole batch again.
        self.flushing: asyncio.Task[None] | None = None

    def add(self, kind: ActivityKind, user_id: int | None, at: datetime) -> None:
        self.pending.append(Activity(kind, user_id, at))
        if self.flushing is None and (len(self.pending) >= self.size
                                      or at - self.pending[0].at >= self.age):
            self._start_flush()

    def _start_flush(self) -> None:
        self.flushing = asyncio.get_running_loop().create_task(self.flush())
        self.flushing.add_done_callback(self._flushed)

    def _flushed(self, _task: asyncio.Task[None]) -> None:
        # (Events that arrived meanwhile wait for the next add: no retry loop of its own
        # while the database refuses a batch.)
        self.flushing = None

    async def flush(self) -> None:
        async with self.lock:
            events, self.pending = self.pending, []
            if not events:
                return
            try:
                async with self.uow:
                    await self.uow.activity.record_many(events)
                    await self.uow.commit()
            except Exception:  # analytics must never break the requests it rides on
                log.exception("could not write %d activity events; keeping them", len(events))
                self.pending = (events + self.pending)[-BATCH_LIMIT:]


class AnalyticsService:
    def __init__(self, uow: UnitOfWork, clock: Clock, batch: ActivityBatch | None = None
                 ) -> None:
        self.uow = uow
        self.clock = clock
        self.batch = batch

    async def summary(self) -> AnalyticsSummary:
        """Every figure of spec §3's analytics summary for the 30 days ending today (UTC)."""
        if self.batch is not None:
            await self.batch.flush()
        today = activity_day(self.clock.now())
        days = window(today)
        async with self.uow:
            counts = await self.uow.activity.counts_by_day(days[0], today)
            active = await self.uow.activity.active_users_by_day(days[0], today)
            buyers = await self.uow.activity.distinct_users(BUYER_KINDS)
            sellers = await self.uow.activity.distinct_users(SELLER_KINDS)
            recent = await self.uow.activity.recent(RECENT_ITEMS)
            total_users = await self.uow.users.count()
        return summarise(today=today, total_users=total_users, counts=counts, active=active,
                         buyers=buyers, sellers=sellers, recent=recent)
