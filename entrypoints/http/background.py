"""Loops that run beside the app in every server process (the order timers' scheduler, the
mail worker): each is a Litestar lifespan that starts its loop with the app and cancels it
at shutdown, and each round's failure is logged while the loop goes on."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any

from litestar import Litestar

Loop = Callable[[Any, float], Coroutine[Any, Any, None]]  # (the container, the interval in seconds)


async def step(log: logging.Logger, what: str, run: Callable[[], Awaitable[Any]]) -> Any:
    """One round (or one step of it); its answer, or None when it failed. A failure is
    logged and the loop goes on, never a cancellation: an error raised while the task is
    being cancelled (a rollback failing as the cancelled statement unwinds) stands in for
    the CancelledError it replaced, and the task ends."""
    try:
        return await run()
    except Exception:
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise asyncio.CancelledError from None
        log.exception("%s failed", what)
        return None


def lifespan_loop(interval_setting: str, loop: Loop
                  ) -> Callable[[Litestar], contextlib.AbstractAsyncContextManager[None]]:
    """A Litestar lifespan running ``loop(container, interval)`` while the app is up, the
    interval read from the setting of that name (0 or less: no loop)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        interval = getattr(app.state.settings, interval_setting)
        if interval <= 0:
            yield
            return
        task = asyncio.create_task(loop(app.state.container, interval))
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    return lifespan
