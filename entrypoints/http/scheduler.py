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
from collections.abc import AsyncIterator
from typing import Any

from litestar import Litestar

log = logging.getLogger("rethread.scheduler")


async def _loop(container: Any, interval: float) -> None:
    await asyncio.sleep(random.uniform(0, interval / 4))  # spread workers apart
    while True:
        try:
            result = await container.order_timers().sweep()
            if result.total:
                log.info("order timers: cancelled %s, completed %s, reviews of %s published,"
                         " %s offer reservations expired",
                         len(result.cancelled), len(result.completed),
                         len(result.reviews_published), len(result.offers_expired))
        except Exception:
            log.exception("order timer sweep failed")
        try:
            ended = await container.vacations().end_due()
            if ended:
                log.info("vacations ended: %s", len(ended))
        except Exception:
            log.exception("ending vacations failed")
        try:
            await container.seller_stats().forget_marks()
        except Exception:
            log.exception("forgetting past days' view marks failed")
        try:
            sent = await container.saved_searches().notify_new_matches()
            if sent:
                log.info("saved searches: %s notices of new matches", sent)
        except Exception:
            log.exception("notifying saved searches failed")
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
