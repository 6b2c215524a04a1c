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
        self.caught_up_at: datetime | None = None  # the search index's last lag of 0


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
        """Outbox rows this host's search index has not applied yet (None: no engine).
        A lag of 0 is remembered for :data:`HEALTH_FRESH_FOR` (reading the outbox's end is
        a database read); a lagging index is asked again every time, so a monitor waiting
        for 0 sees it as soon as it is."""
        if self.search is None:
            return None
        now = self.clock.now() if self.clock is not None else None
        caught_up = self.memo.caught_up_at
        if now is not None and caught_up is not None and now - caught_up < HEALTH_FRESH_FOR:
            return 0
        lag = (await self.search.status()).lag
        self.memo.caught_up_at = now if lag == 0 else None
        return lag

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
