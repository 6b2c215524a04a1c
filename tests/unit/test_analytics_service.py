"""AnalyticsService and the recording calls, with in-memory fakes and a fixed clock."""

from __future__ import annotations

from datetime import timedelta

import pytest

from application.accounts import Registration
from application.analytics import ActivityBatch
from domain.analytics import ActivityKind
from domain.errors import Conflict, NotFound
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock
from tests.support import NOW
from tests.support.history import check_summary, seed_history

pytestmark = pytest.mark.unit


async def test_the_summary_matches_a_history_worked_out_by_hand(
        container: Container, uow: FakeUnitOfWork) -> None:
    await seed_history(uow)
    check_summary(await container.analytics().summary())


async def test_an_empty_marketplace_has_thirty_empty_days(container: Container) -> None:
    summary = await container.analytics().summary()
    assert summary.total_users == 0 and summary.transaction_success_rate == 0.0
    assert len(summary.daily_metrics) == 30 and summary.recent_activity == []


def kinds(uow: FakeUnitOfWork) -> list[ActivityKind]:
    return [row.kind for row in uow.activity.rows]


async def test_sign_up_and_one_visit_a_day_are_recorded(
        container: Container, uow: FakeUnitOfWork, clock: FixedClock) -> None:
    accounts = container.accounts()
    signed = await accounts.register(Registration("maya", "Maya", "maya@example.com", "secret1"))
    for _ in range(3):
        await container.sessions().user_for_session(signed.token)
    assert kinds(uow) == [ActivityKind.SIGNUP, ActivityKind.VISIT]
    clock.advance(days=1)
    await container.sessions().user_for_session(signed.token)
    assert kinds(uow) == [ActivityKind.SIGNUP, ActivityKind.VISIT, ActivityKind.VISIT]
    assert uow.activity.rows[-1].at == NOW + timedelta(days=1)


async def test_a_rolled_back_sign_up_records_nothing(
        container: Container, uow: FakeUnitOfWork) -> None:
    await container.accounts().register(Registration("maya", "Maya", "maya@example.com",
                                                     "secret1"))
    with pytest.raises(Conflict):
        await container.accounts().register(Registration("maya", "Maya", "m2@example.com",
                                                         "secret1"))
    assert kinds(uow) == [ActivityKind.SIGNUP]


async def test_operators_grant_and_revoke_admin_with_clear_errors(
        container: Container, uow: FakeUnitOfWork) -> None:
    accounts = container.accounts()
    await accounts.register(Registration("maya", "Maya", "maya@example.com", "secret1"))
    await accounts.register(Registration("boss", "Boss", "boss@example.com", "secret1"))
    assert (await accounts.set_admin("Maya", True)).role.value == "admin"
    with pytest.raises(Conflict, match="already an administrator"):
        await accounts.set_admin("maya", True)
    assert (await accounts.set_admin("maya@example.com", False)).role.value == "user"
    with pytest.raises(Conflict, match="not an administrator"):
        await accounts.set_admin("maya", False)
    with pytest.raises(Conflict, match="RETHREAD_ADMIN_EMAILS"):
        await accounts.set_admin("boss", False)
    with pytest.raises(NotFound, match="No user named 'nobody'"):
        await accounts.set_admin("nobody", True)
    assert [u.username for u in await accounts.list_users(1)] == ["maya"]
    assert [u.username for u in await accounts.list_users(5, after_id=1)] == ["boss"]


class _RefusingWork:
    """A unit of work whose database refuses every write (down, or locked)."""

    def __init__(self) -> None:
        self.tries = 0
        self.activity = self

    async def __aenter__(self) -> _RefusingWork:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None

    async def record_many(self, _events: list[object]) -> None:
        self.tries += 1
        raise ConnectionError("the database is down")

    async def commit(self) -> None:
        raise AssertionError("never reached")


async def test_a_batch_the_database_refuses_is_kept_and_tried_by_one_flush_at_a_time(
        ) -> None:
    work = _RefusingWork()
    batch = ActivityBatch(work, size=5)  # type: ignore[arg-type]
    for _ in range(20):  # four batches' worth while the first flush has not run yet
        batch.add(ActivityKind.SEARCH, None, NOW)
    assert batch.flushing is not None
    await batch.flushing
    assert work.tries == 1 and len(batch.pending) == 20 and batch.flushing is None
    batch.add(ActivityKind.SEARCH, 7, NOW)  # the next search tries again, once
    assert batch.flushing is not None
    await batch.flushing
    assert work.tries == 2 and len(batch.pending) == 21
    assert batch.pending[-1].user_id == 7  # in the order they came
