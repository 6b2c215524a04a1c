"""A service call whose transaction lost a race runs again; other errors do not."""

from __future__ import annotations

import pytest

from domain.errors import Conflict, WriteConflict
from entrypoints.http import retry
from entrypoints.http.retry import ATTEMPTS, with_retries

pytestmark = pytest.mark.unit


class Flaky:
    def __init__(self, failures: int, error: type[Exception] = WriteConflict) -> None:
        self.failures, self.error, self.calls = failures, error, 0

    async def act(self, value: int) -> int:
        self.calls += 1
        if self.calls <= self.failures:
            raise self.error()
        return value * 2

    def plain(self) -> str:
        return "untouched"


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(retry, "BASE_PAUSE_SECONDS", 0.0)


async def test_a_lost_race_is_run_again_until_it_wins() -> None:
    service = with_retries(Flaky(ATTEMPTS - 1))
    assert await service.act(21) == 42
    assert service.calls == ATTEMPTS
    assert isinstance(service, Flaky) and service.plain() == "untouched"


async def test_after_the_last_attempt_the_conflict_reaches_the_client() -> None:
    service = with_retries(Flaky(ATTEMPTS))
    with pytest.raises(WriteConflict):
        await service.act(1)
    assert service.calls == ATTEMPTS


async def test_other_conflicts_are_not_retried() -> None:
    service = with_retries(Flaky(1, Conflict))
    with pytest.raises(Conflict):
        await service.act(1)
    assert service.calls == 1
