"""System checks for operators (health)."""

from __future__ import annotations

from datetime import datetime, timedelta

from application.ports import Clock, UnitOfWork
from application.ports.search import SearchHealth, SearchStatus

# A health check asks the database at most this often per process; checks in between
# answer what the last one found (load balancers poll health under load too).
HEALTH_FRESH_FOR = timedelta(seconds=1)


class HealthMemo:
    """The last database check of this process (one per process, shared by requests)."""

    def __init__(self) -> None:
        self.checked_at: datetime | None = None
        self.healthy = False


class SystemService:
    def __init__(self, uow: UnitOfWork, clock: Clock | None = None,
                 memo: HealthMemo | None = None, search: SearchHealth | None = None) -> None:
        self.uow = uow
        self.clock = clock
        self.memo = memo or HealthMemo()
        self.search = search

    async def search_status(self) -> SearchStatus | None:
        """How this host's search index stands against the outbox (None: no engine)."""
        return None if self.search is None else await self.search.status()

    async def search_lag(self) -> int | None:
        """Outbox rows this host's search index has not applied yet (None: no engine)."""
        status = await self.search_status()
        return None if status is None else status.lag

    async def health(self) -> bool:
        """True when the database answered a trivial query (within the last second)."""
        now = self.clock.now() if self.clock is not None else None
        memo = self.memo
        if (now is not None and memo.checked_at is not None and memo.healthy
                and now - memo.checked_at < HEALTH_FRESH_FOR):
            return True
        async with self.uow:
            healthy = await self.uow.ping()
        memo.checked_at, memo.healthy = now, healthy
        return healthy
