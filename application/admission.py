"""Admission control for heavy reads: a few at a time, the rest wait their turn.

A search or a facet count at a million listings costs 17 to 600 ms of CPU alone. Forty of
them sharing two cores each took seconds, held every pooled connection, and every other
request (a product page, a health check) timed out behind them (docs/performance.md). The
gate lets ``limit`` heavy reads run at once (about one per core) and queues the others in
arrival order: nothing is refused, a queued search simply starts when one finishes, and
light reads (product pages, by-id lookups) never wait here at all.

A waiter whose asker has gone (a shopper who typed on, closed the tab, or a client that
timed out) leaves the queue without running: the entrypoint sets :data:`ASKER_GONE` to an
event for the request, and a queued read raises :class:`Abandoned` when it fires. Once a
read holds its slot it runs to the end (stopping a statement midway is not worth the risk
to the connection it runs on).

Pure asyncio: the gate is process-local, like the cores it protects.
"""

from __future__ import annotations

import asyncio
import os
from collections import deque
from contextvars import ContextVar
from types import TracebackType

# Set per request by the entrypoint (``entrypoints/http/abandoned.py``); None: never gone.
ASKER_GONE: ContextVar[asyncio.Event | None] = ContextVar("asker_gone", default=None)


class Abandoned(Exception):
    """A queued heavy read whose asker has gone: it left the queue without running."""


def default_heavy_reads() -> int:
    """One heavy read per core, at least two (one may be waiting on I/O)."""
    return max(2, os.cpu_count() or 1)


class Admission:
    """``async with gate:`` runs when one of ``limit`` slots is free; first come, first
    served. ``running`` and ``waiting`` say how busy it is (tests, logs)."""

    def __init__(self, limit: int | None = None) -> None:
        self.limit = max(1, limit if limit is not None else default_heavy_reads())
        self.running = 0
        self._queue: deque[asyncio.Future[None]] = deque()

    @property
    def waiting(self) -> int:
        return len(self._queue)

    async def __aenter__(self) -> Admission:
        if self.running < self.limit and not self._queue:
            self.running += 1
            return self
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.append(turn)
        try:
            await self._wait(turn)  # the slot is handed over by the leaver (running stays)
        except (asyncio.CancelledError, Abandoned):
            if turn.done() and not turn.cancelled():
                self._leave()  # handed a slot just as we gave up: pass it on
            else:
                turn.cancel()
                self._queue.remove(turn)
            raise
        return self

    @staticmethod
    async def _wait(turn: asyncio.Future[None]) -> None:
        gone = ASKER_GONE.get()
        if gone is None:
            await turn
            return
        watch = asyncio.ensure_future(gone.wait())
        try:
            await asyncio.wait((turn, watch), return_when=asyncio.FIRST_COMPLETED)
        finally:
            watch.cancel()
        if not turn.done():  # gone before our turn (a turn handed at that moment is taken)
            raise Abandoned

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        self._leave()

    def _leave(self) -> None:
        while self._queue:
            turn = self._queue.popleft()
            if not turn.done():
                turn.set_result(None)  # the slot passes straight to the next in line
                return
        self.running -= 1
