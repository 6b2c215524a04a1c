"""The activity log on real databases: the hand-worked history, one visit a day under races."""

from __future__ import annotations

import asyncio

import pytest
from dependency_injector import providers
from sqlalchemy import func, select

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.analytics import INSERT_CHUNK, ActivityRow
from application.analytics import ActivityBatch
from domain.analytics import ActivityKind
from entrypoints.container import Container
from tests.fakes import FixedClock
from tests.support import NOW
from tests.support.history import ago, check_summary, seed_history

pytestmark = pytest.mark.adapters


async def test_the_summary_matches_the_history_worked_out_by_hand(container: Container) -> None:
    ids = await seed_history(container.uow())
    with container.clock.override(providers.Object(FixedClock(NOW))):
        summary = await container.analytics().summary()
    check_summary(summary)
    assert summary.recent_activity[0].username == "theo"
    assert summary.recent_activity[0].user_id == ids["theo"]


async def visits(container: Container) -> int:
    async with container.uow() as uow:
        query = select(func.count()).select_from(ActivityRow).where(
            ActivityRow.kind == ActivityKind.VISIT.value)
        return int(await uow.session.scalar(query) or 0)


async def test_parallel_visits_of_one_user_on_one_day_keep_one_row(container: Container) -> None:
    ids = await seed_history(container.uow())
    before = await visits(container)

    async def visit(hours: int) -> None:
        async with container.uow() as uow:
            await uow.activity.record(ActivityKind.VISIT, ids["emma"], ago(0, hours))
            await uow.commit()

    await asyncio.gather(*(visit(h % 5) for h in range(12)))
    assert await visits(container) == before + 1
    await visit(30)  # another day: another visit
    assert await visits(container) == before + 2


async def test_anonymous_events_and_deleted_users_keep_their_rows(container: Container) -> None:
    ids = await seed_history(container.uow())
    async with container.uow() as uow:
        await uow.activity.record(ActivityKind.SEARCH, None, NOW)
        await uow.commit()
    async with container.uow() as uow:
        await uow.session.delete(await uow.session.get(UserRow, ids["theo"]))
        await uow.commit()
    async with container.uow() as uow:
        recent = await uow.activity.recent(3)
    assert [(e.kind, e.username) for e in recent[:2]] == [
        (ActivityKind.SEARCH, None), (ActivityKind.MESSAGE_SENT, None)]


async def test_a_batch_longer_than_one_statement_writes_every_event(container: Container
                                                                  ) -> None:
    """The background batch writes in statements of INSERT_CHUNK rows, in one transaction:
    every event of a batch spanning several statements arrives, each with its own user."""
    ids = await seed_history(container.uow())
    count = select(func.count()).select_from(ActivityRow).where(
        ActivityRow.kind == ActivityKind.SEARCH.value)
    async with container.uow() as uow:
        before = int(await uow.session.scalar(count) or 0)
    batch = ActivityBatch(container.uow(), size=10_000)
    events = 2 * INSERT_CHUNK + 7
    for i in range(events):
        batch.add(ActivityKind.SEARCH, ids["emma"] if i == events - 1 else None, NOW)
    await batch.flush()
    assert batch.pending == []
    async with container.uow() as uow:
        assert int(await uow.session.scalar(count) or 0) == before + events
        last = await uow.activity.recent(1)
    assert [(e.kind, e.username) for e in last] == [(ActivityKind.SEARCH, "emma")]


async def test_a_burst_past_the_batch_size_is_written_by_one_flush(container: Container
                                                                   ) -> None:
    """Searches that arrive while a batch is full, before its flush has run (one turn of the
    event loop holds dozens under load), start no flush of their own: one flush writes the
    batch, in one transaction, and the events that came after it wait for the next."""
    await seed_history(container.uow())
    count = select(func.count()).select_from(ActivityRow).where(
        ActivityRow.kind == ActivityKind.SEARCH.value)
    async with container.uow() as uow:
        before = int(await uow.session.scalar(count) or 0)
    batch = ActivityBatch(container.uow(), size=20)
    commits = 0
    commit = batch.uow.commit

    async def counted() -> None:
        nonlocal commits
        commits += 1
        await commit()

    batch.uow.commit = counted  # type: ignore[method-assign]
    for _ in range(60):  # one loop turn: nothing has flushed yet
        batch.add(ActivityKind.SEARCH, None, NOW)
    assert batch.flushing is not None
    await batch.flushing
    assert (commits, batch.pending, batch.flushing) == (1, [], None)
    for _ in range(20):  # a full batch again: the next flush
        batch.add(ActivityKind.SEARCH, None, NOW)
    assert batch.flushing is not None
    await batch.flushing
    assert commits == 2 and batch.pending == []
    async with container.uow() as uow:
        assert int(await uow.session.scalar(count) or 0) == before + 80
