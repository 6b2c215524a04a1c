"""Health asks the database at most once a second per process; a failure is never cached."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

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
