"""The in-server scheduler: runs the order timers, ends vacations whose date has passed and
deletes the view marks of past days (seller stats) and tells members of their saved searches'
new matches, every minute while the app is up.

Every worker process runs one; that is safe because each timer job is claimed by a
compare-and-set on the order's status (see :mod:`application.order_timers`), so of several
workers (or hosts, or a cron ``rethread orders sweep``) exactly one handles each order.
A failing sweep is logged and retried on the next tick; it never stops the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from litestar import Litestar

log = logging.getLogger("rethread.scheduler")


async def _step(what: str, run: Callable[[], Awaitable[Any]]) -> Any:
    """One step of a tick. A failure is logged and the loop goes on, never a cancellation:
    an error raised while the task is being cancelled (a rollback failing as the cancelled
    statement unwinds) stands in for the CancelledError it replaced, and the task ends."""
    try:
        return await run()
    except Exception:
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise asyncio.CancelledError from None
        log.exception("%s failed", what)
        return None


async def _loop(container: Any, interval: float) -> None:
    await asyncio.sleep(random.uniform(0, interval / 4))  # spread workers apart
    while True:
        result = await _step("order timer sweep", lambda: container.order_timers().sweep())
        if result is not None and result.total:
            log.info("order timers: cancelled %s, completed %s, reviews of %s published,"
                     " %s offer reservations expired, %s suspensions ended",
                     len(result.cancelled), len(result.completed),
                     len(result.reviews_published), len(result.offers_expired),
                     len(result.suspensions_ended))
        ended = await _step("ending vacations", lambda: container.vacations().end_due())
        if ended:
            log.info("vacations ended: %s", len(ended))
        await _step("forgetting past days' view marks",
                    lambda: container.seller_stats().forget_marks())
        sent = await _step("notifying saved searches",
                           lambda: container.saved_searches().notify_new_matches())
        if sent:
            log.info("saved searches: %s notices of new matches", sent)
        await asyncio.sleep(interval)


@contextlib.asynccontextmanager
async def order_timers(app: Litestar) -> AsyncIterator[None]:
    """Litestar lifespan: start the loop with the app, cancel it at shutdown."""
    interval = app.state.settings.order_timer_seconds
    if interval <= 0:
        yield
        return
    task = asyncio.create_task(_loop(app.state.container, interval))
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
