"""Searches nobody waits for any more: a queued heavy read leaves the queue when its client
has gone (``application/admission.py``, :data:`ASKER_GONE`).

Under load a search waits its turn for a core; a shopper who typed on or left, or a client
that timed out, does not come back for the answer, and running it anyway made everyone
behind it wait longer (the bench's product pages at a million listings ran behind a
backlog of abandoned searches and facet passes, ``docs/performance.md``). For the catalog's
routes marked ``opt={ABANDONABLE: True}`` (the catalog's search, facets and suggestions:
GET, no body), this middleware reads the client's side of
the connection while such a read waits its turn: when the server hears ``http.disconnect``
first, it sets the request's :data:`ASKER_GONE` event. The app reads the same messages from a queue,
so nothing it might read is lost. An abandoned read answers 503 to nobody.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Literal

from litestar.types import ASGIApp, Message, Receive, Scope, Send

from application.admission import ASKER_GONE

#: The route option that marks a read worth dropping when its client has gone.
ABANDONABLE = "abandonable"


class _HeardOnDemand(asyncio.Event):
    """The request's :data:`ASKER_GONE`: the client's side is only listened to once someone
    waits for it (a read queued at the admission gate) or the app reads a message. Most
    reads with the in-memory index never queue, and a listening task per request cost a
    task, its cancellation and one more turn of the event loop before the connection's next
    request was read."""

    def __init__(self, receive: Receive) -> None:
        super().__init__()
        self._receive = receive
        self._heard: asyncio.Queue[Message] = asyncio.Queue()
        self._listener: asyncio.Task[None] | None = None

    def listen(self) -> None:
        if self._listener is None:
            self._listener = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        while True:
            message = await self._receive()
            await self._heard.put(message)
            if message["type"] == "http.disconnect":
                self.set()
                return

    async def wait(self) -> Literal[True]:
        self.listen()
        return await super().wait()

    async def replayed(self) -> Message:
        """What the app reads: the listener's messages, in order (nothing is lost)."""
        self.listen()
        return await self._heard.get()

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listener


def drop_abandoned(app: ASGIApp) -> ASGIApp:
    """The middleware factory installed on the app (see the module docstring)."""

    async def watched(scope: Scope, receive: Receive, send: Send) -> None:
        handler = scope.get("route_handler") if scope["type"] == "http" else None
        if handler is None or not handler.opt.get(ABANDONABLE):
            await app(scope, receive, send)
            return
        gone = _HeardOnDemand(receive)
        token = ASKER_GONE.set(gone)
        try:
            await app(scope, gone.replayed, send)
        finally:
            ASKER_GONE.reset(token)
            await gone.stop()

    return watched
