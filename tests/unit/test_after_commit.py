"""The after-commit dispatcher (``application/shared/after_commit.py``): order, retries, logging,
and never an error for the request. Its pauses go through an injected ``sleep`` that moves
the test's clock instead of waiting."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

import pytest

from application.shared.after_commit import AfterCommit, Outgoing, Wakeup
from tests.fakes import FakeRealtime, FakeUnitOfWork, FixedClock

pytestmark = pytest.mark.unit


class FlakyRealtime(FakeRealtime):
    """Fails the first ``failures`` publishes (a Redis that is restarting)."""

    def __init__(self, failures: int) -> None:
        super().__init__()
        self.failures = failures
        self.tries = 0

    async def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None:
        self.tries += 1
        if self.failures:
            self.failures -= 1
            raise ConnectionError("redis went away")
        await super().publish(user_ids, event)


class Pauses:
    """The dispatcher's ``sleep``: records each pause and moves the clock by it."""

    def __init__(self, clock: FixedClock) -> None:
        self.clock = clock
        self.taken: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.taken.append(seconds)
        self.clock.advance(seconds=seconds)


def dispatcher(realtime: FakeRealtime, clock: FixedClock | None = None,
               **options: Any) -> tuple[AfterCommit, Pauses]:
    clock = clock or FixedClock()
    pauses = Pauses(clock)
    return AfterCommit(realtime, clock, sleep=pauses, **options), pauses


def event(number: int) -> Outgoing:
    return Outgoing.of([number], {"type": "notification", "n": number})


def numbers(realtime: FakeRealtime) -> list[int]:
    return [e["n"] for _, e in realtime.published]


async def test_events_leave_in_the_order_they_were_recorded() -> None:
    realtime = FakeRealtime()
    after, _ = dispatcher(realtime)
    await after.committed([event(1), event(2)])
    await after.committed([event(3)])
    assert numbers(realtime) == [1, 2, 3]
    assert realtime.published[0] == ([1], {"type": "notification", "n": 1})


async def test_a_failure_is_retried_with_growing_pauses_and_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    realtime = FlakyRealtime(failures=3)
    after, pauses = dispatcher(realtime)
    with caplog.at_level(logging.WARNING, "rethread.after_commit"):
        await after.committed([event(1)])  # returns although the event did not go out
        assert realtime.published == [] and after.backlog == 1
        await after.drained()
    assert numbers(realtime) == [1] and after.backlog == 0
    assert pauses.taken == [0.25, 0.5, 1.0]
    failures = [r for r in caplog.records if "failed" in r.getMessage()]
    assert len(failures) == 3 and all(r.levelno == logging.WARNING for r in failures)
    assert "realtime notification to users [1]" in failures[0].getMessage()
    assert "ConnectionError: redis went away" in failures[0].getMessage()


async def test_later_commits_wait_behind_a_failed_event_so_order_is_kept() -> None:
    realtime = FlakyRealtime(failures=1)
    after, _ = dispatcher(realtime)
    await after.committed([event(1), event(2)])  # 1 fails: 2 waits behind it
    await after.committed([event(3)])  # a later request while 1 is being retried
    assert realtime.published == []
    await after.drained()
    assert numbers(realtime) == [1, 2, 3]


async def test_an_event_that_keeps_failing_is_given_up_as_an_error_then_the_rest_go(
        caplog: pytest.LogCaptureFixture) -> None:
    realtime = FlakyRealtime(failures=3)
    after, pauses = dispatcher(realtime, attempts=3)
    with caplog.at_level(logging.WARNING, "rethread.after_commit"):
        await after.committed([event(1), event(2)])
        await after.drained()
    assert numbers(realtime) == [2] and realtime.tries == 4
    assert pauses.taken == [0.25, 0.5]
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and "giving up" in errors[0].getMessage()


async def test_an_event_older_than_the_limit_is_dropped_not_sent_late() -> None:
    clock = FixedClock()
    realtime = FlakyRealtime(failures=1)
    after, _ = dispatcher(realtime, clock, expire_after=timedelta(seconds=10))
    await after.committed([event(1)])
    clock.advance(seconds=11)  # the process was busy; a retry now would come too late
    await after.committed([event(2)])
    await after.drained()
    assert numbers(realtime) == [2]


async def test_the_backlog_is_bounded() -> None:
    realtime = FlakyRealtime(failures=1)
    after, _ = dispatcher(realtime, backlog_limit=2)
    await after.committed([event(1), event(2), event(3)])
    assert after.backlog == 2
    await after.drained()
    assert numbers(realtime) == [2, 3]


async def test_outboxes_are_woken_before_events_and_a_failing_wake_is_retried() -> None:
    woken: list[str] = []
    broken = {"count": 1}

    async def wake_search() -> None:
        if broken["count"]:
            broken["count"] -= 1
            raise OSError("index busy")
        woken.append("search")

    realtime = FakeRealtime()
    clock = FixedClock()
    after = AfterCommit(realtime, clock, {"search": wake_search, "mail": Wakeup().ring},
                        sleep=Pauses(clock))
    await after.committed([event(1)], frozenset({"search", "unknown"}))
    assert realtime.published == []  # behind the wake-up being retried
    await after.drained()
    assert woken == ["search"] and numbers(realtime) == [1]


async def test_close_gives_up_what_is_left_and_logs_it(
        caplog: pytest.LogCaptureFixture) -> None:
    realtime = FlakyRealtime(failures=100)
    clock = FixedClock()

    async def stuck(seconds: float) -> None:
        clock.advance(seconds=seconds)
        await Wakeup().wait(60)  # a pause that outlasts the grace

    after = AfterCommit(realtime, clock, sleep=stuck)
    await after.committed([event(1), event(2)])
    with caplog.at_level(logging.ERROR, "rethread.after_commit"):
        await after.close(grace=0.01)
    assert after.backlog == 0
    assert any("2 actions undelivered" in r.getMessage() for r in caplog.records)


# -- through a unit of work -------------------------------------------------------------


async def test_a_rolled_back_transaction_publishes_nothing(uow: FakeUnitOfWork) -> None:
    realtime = FakeRealtime()
    uow.after_commit, _ = dispatcher(realtime)
    with pytest.raises(RuntimeError):
        async with uow:
            uow.publish([1], {"type": "notification", "n": 1})
            raise RuntimeError("the service failed before commit")
    async with uow:
        uow.publish([2], {"type": "notification", "n": 2})  # left without commit()
    async with uow:
        uow.publish([3], {"type": "notification", "n": 3})
        await uow.commit()
    assert numbers(realtime) == [3]


async def test_a_failing_publisher_never_fails_the_request(uow: FakeUnitOfWork) -> None:
    realtime = FlakyRealtime(failures=1)
    uow.after_commit, _ = dispatcher(realtime)
    async with uow:
        uow.publish([1, 1, 2], {"type": "notification", "n": 1})
        uow.publish([], {"type": "notification", "n": 0})  # nobody to tell: nothing recorded
        await uow.commit()  # does not raise
    assert uow.commits == 1
    await uow.after_commit.drained()
    assert realtime.published == [([1, 2], {"type": "notification", "n": 1})]
