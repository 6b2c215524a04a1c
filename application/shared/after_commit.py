"""After commit: the one way side effects leave a transaction (docs/decisions/after-commit.md).

A service records what others must hear while its transaction runs
(``uow.publish(user_ids, event)``); a repository that writes a durable outbox row (search,
mail) marks its transaction. When the transaction commits, the unit of work hands both to
:class:`AfterCommit`, and only then; a rollback (an error, a lost race that
``with_retries`` runs again, leaving the block without ``commit()``) drops them.

:class:`AfterCommit` has the one error policy. Each action (wake an outbox's follower,
deliver one realtime event) is attempted at once, in the order the transaction recorded it,
so the answer leaves after its events as before. A failure is logged with what failed and
never raised into the request; the failed action and everything behind it (this commit's
and later ones') wait in a queue that one background task retries with doubling pauses, so
the order in which users hear of changes is kept. An action is given up, and logged as an
error, after ``attempts`` tries or once it is ``expire_after`` old (a socket event about a
change minutes ago helps nobody, and the change itself is in the database for the next
read; mail and search rows stay in their outboxes and their followers poll them anyway).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from application.ports import Clock
from application.ports.realtime import RealtimePublisher
from domain.text import count_of

log = logging.getLogger("rethread.after_commit")

ATTEMPTS = 6  # the first, then 5 retries: 0.25 + 0.5 + 1 + 2 + 4 s of pauses
FIRST_PAUSE = 0.25
EXPIRE_AFTER = timedelta(minutes=1)
BACKLOG_LIMIT = 10_000


@dataclass(frozen=True)
class Outgoing:
    """One realtime event for some users' sockets, recorded inside a transaction."""

    user_ids: tuple[int, ...]
    event: dict[str, Any]

    @classmethod
    def of(cls, user_ids: Iterable[int], event: dict[str, Any]) -> Outgoing:
        return cls(tuple(dict.fromkeys(user_ids)), event)


class Recorder:
    """What a unit of work keeps for after its commit; both unit of work adapters use it."""

    def __init__(self) -> None:
        self.outgoing: list[Outgoing] = []

    def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None:
        item = Outgoing.of(user_ids, event)
        if item.user_ids:
            self.outgoing.append(item)

    def take(self) -> list[Outgoing]:
        taken, self.outgoing = self.outgoing, []
        return taken

    def drop(self) -> None:
        self.outgoing = []


@dataclass
class _Action:
    what: str  # for the log: "wake search", "realtime new_message to users [3]"
    run: Callable[[], Awaitable[None]]
    queued_at: datetime
    tries: int = 0


@dataclass
class AfterCommit:
    """The dispatcher: one per process (a container singleton), shared by every unit of work.

    ``wakers`` name the durable outboxes' followers (``"search"``, ``"mail"``): woken after a
    commit that wrote their rows, before the realtime events (so a client refetching on an
    event finds the search index already applied when indexing is inline)."""

    realtime: RealtimePublisher
    clock: Clock
    wakers: Mapping[str, Callable[[], Awaitable[None]]] = field(default_factory=dict)
    attempts: int = ATTEMPTS
    first_pause: float = FIRST_PAUSE
    expire_after: timedelta = EXPIRE_AFTER
    backlog_limit: int = BACKLOG_LIMIT
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    _backlog: deque[_Action] = field(default_factory=deque, init=False)
    _retrying: asyncio.Task[None] | None = field(default=None, init=False)

    async def committed(self, outgoing: list[Outgoing],
                        outboxes: Iterable[str] = ()) -> None:
        """Called by the unit of work right after a successful commit. Never raises."""
        actions = [*self._wakes(outboxes), *self._deliveries(outgoing)]
        if self._backlog:  # earlier actions are still being retried: queue behind them
            self._queue(actions)
            return
        for index, action in enumerate(actions):
            if not await self._try(action):
                self._queue(actions[index:])
                return

    @property
    def backlog(self) -> int:
        """Actions waiting for a retry (``0`` when everything went out)."""
        return len(self._backlog)

    async def drained(self) -> None:
        """Wait until the retry queue is empty (tests; shutdown with a deadline)."""
        while self._retrying is not None and not self._retrying.done():
            await asyncio.shield(self._retrying)

    async def close(self, grace: float = 2.0) -> None:
        """At shutdown: give the retries ``grace`` seconds, then log what is dropped."""
        if self._retrying is None or self._retrying.done():
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._retrying), grace)
        if self._backlog:
            log.error("after commit: shutting down with %s undelivered, first: %s",
                      count_of(len(self._backlog), "action"), self._backlog[0].what)
            self._backlog.clear()
        self._retrying.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._retrying

    # -- the policy ---------------------------------------------------------------------

    async def _try(self, action: _Action) -> bool:
        action.tries += 1
        try:
            await action.run()
        except Exception as error:  # anything the outside world does: retry, never raise
            last = action.tries >= self.attempts
            log.log(logging.ERROR if last else logging.WARNING,
                    "after commit: %s failed (try %d of %d)%s: %s: %s", action.what,
                    action.tries, self.attempts, ", giving up" if last else "",
                    type(error).__name__, error, exc_info=last)
            return False
        return True

    def _queue(self, actions: list[_Action]) -> None:
        self._backlog.extend(actions)
        while len(self._backlog) > self.backlog_limit:
            dropped = self._backlog.popleft()
            log.error("after commit: retry queue full, dropped %s", dropped.what)
        if self._backlog and (self._retrying is None or self._retrying.done()):
            self._retrying = asyncio.get_running_loop().create_task(self._retry())

    async def _retry(self) -> None:
        """One task per process: the head of the queue is retried until it goes out or is
        given up; then the next, so nothing overtakes an earlier change."""
        while self._backlog:
            action = self._backlog[0]
            if self.clock.now() - action.queued_at > self.expire_after:
                log.error("after commit: %s given up after %s (try %d)", action.what,
                          self.expire_after, action.tries)
                self._backlog.popleft()
                continue
            if action.tries:
                await self.sleep(self.first_pause * 2 ** (action.tries - 1))
            if await self._try(action) or action.tries >= self.attempts:
                self._backlog.popleft()

    # -- what a commit asks for ---------------------------------------------------------

    def _wakes(self, outboxes: Iterable[str]) -> list[_Action]:
        now = self.clock.now()
        return [_Action(f"wake {name}", self.wakers[name], now)
                for name in dict.fromkeys(outboxes) if name in self.wakers]

    def _deliveries(self, outgoing: list[Outgoing]) -> list[_Action]:
        now = self.clock.now()
        return [_Action(_describe(item), _deliver(self.realtime, item), now)
                for item in outgoing]


def _describe(item: Outgoing) -> str:
    users = list(item.user_ids[:5]) + (["..."] if len(item.user_ids) > 5 else [])
    return f"realtime {item.event.get('type')} to users {users}"


def _deliver(realtime: RealtimePublisher, item: Outgoing) -> Callable[[], Awaitable[None]]:
    async def deliver() -> None:
        await realtime.publish(item.user_ids, item.event)
    return deliver


class Wakeup:
    """A polling follower's doorbell (the mail worker): the dispatcher ``ring``s it after a
    commit that wrote its outbox, and the follower's ``wait`` ends early instead of sleeping
    out its poll interval."""

    def __init__(self) -> None:
        self._rung = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None  # the follower's

    async def ring(self) -> None:
        if self._loop is None or self._loop is asyncio.get_running_loop():
            self._rung.set()
        else:  # the follower runs on another loop (an app started apart from its requests)
            self._loop.call_soon_threadsafe(self._rung.set)

    async def wait(self, seconds: float) -> None:
        """Until rung, or ``seconds`` (the poll interval) at most."""
        self._loop = asyncio.get_running_loop()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._rung.wait(), seconds)
        self._rung.clear()
