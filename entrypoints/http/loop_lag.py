"""A loop-lag probe for the bench (``RETHREAD_LOOP_LAG_PROBE=1``): how long the event loop
was kept from running a task that asked to wake every 5 ms. The search indexer's Tantivy
work runs in a thread; this is what checks that it never blocks the loop (issue 35's
target: never more than 10 ms). The worst lag is logged at shutdown as
``loop lag: max X ms``, and every :data:`WINDOW_SECONDS` the worst lag of that window with
its end as a Unix time (``loop lag window: max X ms ... ending T``), so the bench can read
a phase of its own (the indexer at work with no requests) apart from the load phases, where
the lag is mostly requests waiting their turn. The bench reads both from the server's log."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from litestar import Litestar

TICK_SECONDS = 0.005
WINDOW_SECONDS = 2.0
log = logging.getLogger("rethread.loop_lag")


class LoopLagProbe:
    def __init__(self) -> None:
        self.worst = 0.0
        self.samples = 0
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        window, window_samples, window_end = 0.0, 0, time.perf_counter() + WINDOW_SECONDS
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(TICK_SECONDS)
            now = time.perf_counter()
            lag = now - asked - TICK_SECONDS
            self.worst, window = max(self.worst, lag), max(window, lag)
            self.samples += 1
            window_samples += 1
            if now >= window_end:
                print(f"loop lag window: max {window * 1000:.1f} ms over {window_samples} "
                      f"samples, ending {time.time():.3f}", flush=True)
                window, window_samples, window_end = 0.0, 0, now + WINDOW_SECONDS

    async def start(self, _app: Litestar | None = None) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self, _app: Litestar | None = None) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        print(f"loop lag: max {self.worst * 1000:.1f} ms over {self.samples} samples",
              flush=True)
