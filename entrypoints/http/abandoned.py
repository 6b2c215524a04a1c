"""Searches nobody waits for any more: a queued heavy read leaves the queue when its client
has gone (``application/admission.py``, :data:`ASKER_GONE`).

Under load a search waits its turn for a core; a shopper who typed on or left, or a client
that timed out, does not come back for the answer, and running it anyway made everyone
behind it wait longer (the bench's product pages at a million listings ran behind a
backlog of abandoned searches and facet passes, ``docs/performance.md``). For the catalog's
routes marked ``opt={ABANDONABLE: True}`` (the catalog's search, facets and suggestions:
GET, no body), this middleware reads the client's side of
the connection while the request runs: when the server hears ``http.disconnect`` first, it
sets the request's :data:`ASKER_GONE` event. The app reads the same messages from a queue,
so nothing it might read is lost. An abandoned read answers 503 to nobody.
"""

from __future__ import annotations

import asyncio
import contextlib

from litestar.types import ASGIApp, Message, Receive, Scope, Send

from application.admission import ASKER_GONE

#: The route option that marks a read worth dropping when its client has gone.
ABANDONABLE = "abandonable"


def drop_abandoned(app: ASGIApp) -> ASGIApp:
    """The middleware factory installed on the app (see the module docstring)."""

    async def watched(scope: Scope, receive: Receive, send: Send) -> None:
        handler = scope.get("route_handler") if scope["type"] == "http" else None
        if handler is None or not handler.opt.get(ABANDONABLE):
            await app(scope, receive, send)
            return
        gone = asyncio.Event()
        heard: asyncio.Queue[Message] = asyncio.Queue()

        async def listen() -> None:
            while True:
                message = await receive()
                await heard.put(message)
                if message["type"] == "http.disconnect":
                    gone.set()
                    return

        async def replayed() -> Message:
            return await heard.get()

        listener = asyncio.create_task(listen())
        token = ASKER_GONE.set(gone)
        try:
            await app(scope, replayed, send)
        finally:
            ASKER_GONE.reset(token)
            listener.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await listener

    return watched
