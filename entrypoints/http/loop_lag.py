"""A loop-lag probe for the bench (``RETHREAD_LOOP_LAG_PROBE=1``): how long the event loop
was kept from running a task that asked to wake every 5 ms. The search indexer's Tantivy
work runs in a thread; this is what checks that it never blocks the loop (issue 35's
target: never more than 10 ms). The worst lag is logged at shutdown as
``loop lag: max X ms``; the bench reads it from the server's log."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from litestar import Litestar

TICK_SECONDS = 0.005
log = logging.getLogger("rethread.loop_lag")


class LoopLagProbe:
    def __init__(self) -> None:
        self.worst = 0.0
        self.samples = 0
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(TICK_SECONDS)
            self.worst = max(self.worst, time.perf_counter() - asked - TICK_SECONDS)
            self.samples += 1

    async def start(self, _app: Litestar | None = None) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self, _app: Litestar | None = None) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        print(f"loop lag: max {self.worst * 1000:.1f} ms over {self.samples} samples",
              flush=True)
