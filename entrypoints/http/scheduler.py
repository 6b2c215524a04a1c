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
import logging
import random
from typing import Any

from entrypoints.http.background import lifespan_loop, step

log = logging.getLogger("rethread.scheduler")


async def _loop(container: Any, interval: float) -> None:
    await asyncio.sleep(random.uniform(0, interval / 4))  # spread workers apart
    while True:
        result = await step(log, "order timer sweep", lambda: container.order_timers().sweep())
        if result is not None and result.total:
            log.info("order timers: cancelled %s, completed %s, reviews of %s published,"
                     " %s offer reservations expired, %s suspensions ended",
                     len(result.cancelled), len(result.completed),
                     len(result.reviews_published), len(result.offers_expired),
                     len(result.suspensions_ended))
        ended = await step(log, "ending vacations", lambda: container.vacations().end_due())
        if ended:
            log.info("vacations ended: %s", len(ended))
        await step(log, "forgetting past days' view marks",
                   lambda: container.seller_stats().forget_marks())
        sent = await step(log, "notifying saved searches",
                          lambda: container.saved_searches().notify_new_matches())
        if sent:
            log.info("saved searches: %s notices of new matches", sent)
        await asyncio.sleep(interval)


# Litestar lifespan: the loop every RETHREAD_ORDER_TIMER_SECONDS while the app is up.
order_timers = lifespan_loop("order_timer_seconds", _loop)
