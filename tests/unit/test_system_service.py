"""Health asks the database at most once a second per process; a failure (or a lagging
search index) is never cached."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from application.ports.search import SearchStatus
from application.system import HealthMemo, SystemService
from tests.fakes import FixedClock

pytestmark = pytest.mark.unit


class PingCounter:
    def __init__(self) -> None:
        self.pings, self.answer = 0, True

    async def __aenter__(self) -> PingCounter:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None

    async def ping(self) -> bool:
        self.pings += 1
        return self.answer


async def test_health_reuses_a_fresh_success_and_asks_again_when_stale_or_failed() -> None:
    clock, uow, memo = FixedClock(datetime(2026, 1, 1, tzinfo=UTC)), PingCounter(), HealthMemo()
    service = SystemService(uow, clock, memo)  # type: ignore[arg-type]
    assert await service.health() and await service.health()
    assert uow.pings == 1
    clock.advance(seconds=1)
    uow.answer = False
    assert not await service.health()
    assert not await service.health()
    assert uow.pings == 3  # a failure is asked again every time


class OutboxReads:
    """The search health port: each status is one read of the outbox's end."""

    def __init__(self) -> None:
        self.reads, self.outbox = 0, 5

    async def status(self) -> SearchStatus:
        self.reads += 1
        return SearchStatus(documents=5, position=5, outbox=self.outbox, committed_at=None)


async def test_search_lag_reuses_a_fresh_zero_and_asks_again_while_lagging() -> None:
    clock, search = FixedClock(datetime(2026, 1, 1, tzinfo=UTC)), OutboxReads()
    service = SystemService(PingCounter(), clock, HealthMemo(), search)  # type: ignore[arg-type]
    assert await service.search_lag() == 0
    search.outbox = 7  # a write the index has not applied yet
    assert await service.search_lag() == 0  # within the second: the last check's answer
    assert search.reads == 1
    clock.advance(seconds=1)
    assert await service.search_lag() == 2
    assert await service.search_lag() == 2
    assert search.reads == 3  # a lagging index is asked again every time
