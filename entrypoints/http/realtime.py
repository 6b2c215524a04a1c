"""``/ws``: the realtime socket (spec §7 WebSocket, DESIGN §3 "Realtime is real").

1. The handshake is refused from another site's page (``Origin`` must match ``Host``).
2. The session cookie names the user; without one the socket gets ``error`` and closes.
3. The client's first message is ``{"type": "auth", "userId": N}``; N must be the session's
   user, else ``error`` and close (nobody listens in as someone else). Then ``auth_success``.
4. The socket subscribes to the user's channel before the handshake completes, so every
   event published for the user once the client is connected (new messages, offers,
   notifications) is forwarded as JSON text, from ``auth_success`` on.
5. ``{"type": "message", "receiverId", "content"}`` sends a message like ``POST
   /api/messages``; ``{"type": "ping"}`` is answered ``pong``. Errors come back as ``error``.
6. A logout publishes ``session_ended`` to the user's sockets (never forwarded): each checks
   its own session and, if that one ended, sends ``error`` and closes (4401). The session is
   also checked once a minute while the socket is idle (expiry). Messages are not checked
   one by one: that was two database reads per message.
Leaving (a close, or a dead connection found when a write to it fails) unsubscribes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any
from urllib.parse import urlsplit

import msgspec
from litestar import WebSocket, websocket
from litestar.channels import ChannelsPlugin
from litestar.exceptions import WebSocketDisconnect

from adapters.realtime import user_channel
from application.account_sessions import SESSION_ENDED as SESSION_ENDED_EVENT
from application.account_sessions import SessionService
from application.messaging import MessagingService
from domain.accounts import User
from domain.errors import DomainError
from entrypoints.http.auth import SESSION_COOKIE
from entrypoints.http.guards import NUL_TEXT, contains_nul
from entrypoints.http.schemas.realtime import (
    SocketIn,
)

AUTH_TIMEOUT_SECONDS = 15
SESSION_CHECK_SECONDS = 60
CLOSE_UNAUTHENTICATED, CLOSE_FORBIDDEN, CLOSE_INTERNAL_ERROR = 4401, 4403, 1011
log = logging.getLogger("rethread.realtime")
_SESSION_ENDED = msgspec.json.encode(SESSION_ENDED_EVENT)


_decoder = msgspec.json.Decoder(SocketIn)


def _same_origin(socket: WebSocket[Any, Any, Any]) -> bool:
    origin = socket.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == socket.headers.get("host")


async def _refuse(socket: WebSocket[Any, Any, Any], message: str, code: int) -> None:
    await socket.send_json({"type": "error", "message": message})
    await socket.close(code=code, reason=message[:100])


async def _authenticate(socket: WebSocket[Any, Any, Any], user: User) -> bool:
    """The client's first message must name the session's user; else refuse (False)."""
    try:
        first = _decoder.decode(await asyncio.wait_for(socket.receive_text(),
                                                       AUTH_TIMEOUT_SECONDS))
    except (TimeoutError, msgspec.DecodeError):
        first = None
    if first is None or first.type != "auth" or first.user_id != user.id:
        await _refuse(socket, "Authentication failed: userId must be your own.",
                      CLOSE_FORBIDDEN)
        return False
    await socket.send_json({"type": "auth_success", "userId": user.id})
    return True


async def _handle(socket: WebSocket[Any, Any, Any], user: User, text: str,
                  messaging: MessagingService) -> None:
    try:
        if contains_nul(text.encode()):
            await socket.send_json({"type": "error", "message": NUL_TEXT})
            return
        incoming = _decoder.decode(text)
        if incoming.type == "ping":
            await socket.send_json({"type": "pong"})
        elif incoming.type == "message":
            await messaging.send(user, sender_id=incoming.sender_id,
                                 receiver_id=incoming.receiver_id, content=incoming.content,
                                 product_id=incoming.product_id)
        else:
            await socket.send_json({"type": "error", "message": "Unknown message type"})
    except msgspec.DecodeError:
        await socket.send_json({"type": "error", "message": "Invalid message"})
    except DomainError as error:
        await socket.send_json({"type": "error", "message": error.message})


@websocket("/ws")
async def realtime_socket(socket: WebSocket[Any, Any, Any], sessions: SessionService,
                          messaging: MessagingService, channels: ChannelsPlugin) -> None:
    if not _same_origin(socket):
        await socket.close(code=CLOSE_FORBIDDEN, reason="Cross-site socket refused")
        return
    try:
        user = await sessions.user_for_session(socket.cookies.get(SESSION_COOKIE))
        if user is None or user.id is None:
            await socket.accept()
            await _refuse(socket, "You need to be logged in.", CLOSE_UNAUTHENTICATED)
            return
        ended = asyncio.Event()
        # Why the socket must end, set by the forwarding task; the close itself is sent by
        # this handler's task once it has cancelled its pending read: a close sent while a
        # read waited was not sent before the read ended (Granian), so the client never
        # heard it.
        ending: list[tuple[str | None, int]] = []

        async def forward(event: bytes) -> None:
            try:
                if event.startswith(_SESSION_ENDED):  # one of the user's sessions ended: ours?
                    if not await _logged_in(socket, sessions, user):
                        ending.append((SESSION_ENDED, CLOSE_UNAUTHENTICATED))
                        ended.set()
                    return
                await socket.send_text(event.decode())
            except Exception:
                # The forwarding task would end silently and leave an open socket that hears
                # nothing more; close it instead, so the client reconnects.
                log.warning("could not forward an event to user %s; closing", user.id,
                            exc_info=True)
                ending.append((None, CLOSE_INTERNAL_ERROR))
                ended.set()

        # Subscribed before the handshake completes: whatever is published for the user
        # once the client's connect has returned (while it authenticates, too) reaches
        # this socket after ``auth_success``. Subscribing after ``accept`` lost an event
        # published in between (a message sent while the socket was still connecting).
        async with channels.start_subscription(user_channel(user.id)) as subscriber:
            await socket.accept()
            if not await _authenticate(socket, user):
                return
            async with subscriber.run_in_background(forward, join=False):
                await _serve(socket, user, sessions, messaging, ended, ending)
    except WebSocketDisconnect:
        return


SESSION_ENDED = "Your session has ended. Please log in again."


async def _serve(socket: WebSocket[Any, Any, Any], user: User, sessions: SessionService,
                 messaging: MessagingService, ended: asyncio.Event,
                 ending: list[tuple[str | None, int]]) -> None:
    """Read and handle the client's messages until it leaves or the socket must end."""
    stop = asyncio.ensure_future(ended.wait())
    receiving: asyncio.Future[str] | None = None
    try:
        while True:
            receiving = receiving or asyncio.ensure_future(socket.receive_text())
            waiting: set[asyncio.Future[Any]] = {receiving, stop}
            done, _ = await asyncio.wait(waiting, timeout=SESSION_CHECK_SECONDS,
                                         return_when=asyncio.FIRST_COMPLETED)
            if stop in done:
                # The pending read first: a close sent while it waits is not sent.
                receiving.cancel()
                receiving = None
                message, code = ending[0]
                if message is None:
                    await socket.close(code=code)
                else:
                    await _refuse(socket, message, code)
                return
            if receiving not in done:  # a quiet minute: is the session still there?
                if not await _logged_in(socket, sessions, user):
                    receiving.cancel()
                    receiving = None
                    await _refuse(socket, SESSION_ENDED, CLOSE_UNAUTHENTICATED)
                    return
                continue
            text, receiving = receiving.result(), None
            await _handle(socket, user, text, messaging)
    finally:
        stop.cancel()
        if receiving is not None:
            receiving.cancel()


async def _logged_in(socket: WebSocket[Any, Any, Any], sessions: SessionService,
                     user: User) -> bool:
    """A logout ends the socket too: the logout publishes ``session_ended`` to the user's
    sockets and each checks its own session again (no database read per message). An
    expired or otherwise deleted session is found by the check once a minute."""
    current = await sessions.user_for_session(socket.cookies.get(SESSION_COOKIE))
    return current is not None and current.id == user.id
