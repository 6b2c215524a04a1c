"""uvicorn's HTTP protocol as ``rethread serve`` runs it: Nagle's algorithm off on every
connection, and a response's head written together with its body.

**Nagle's algorithm.** asyncio turns ``TCP_NODELAY`` on only for sockets whose ``proto`` is
``IPPROTO_TCP``. With ``--workers N`` uvicorn binds the listening socket itself as
``socket.socket(family)`` (``proto`` 0), so every accepted connection kept Nagle's
algorithm: a response written in two parts (head, then body) waited for the client's
delayed ACK, and each request took 40-44 ms. Two workers answered health checks at 1,459
req/s, a tenth of one worker (``docs/performance.md``, "Which event loop"). uvloop sets the
option itself; this sets it for asyncio's loop whatever bound the socket.

**One write a response.** uvicorn writes a response's head (status line and headers) as
soon as the app sends it, then its body: two ``send`` calls, two segments, and a client
that was idle is woken twice, once for a head it cannot use alone. On this kind of
machine (a virtual one) the wake-up is what a small write costs: under 64 connections of
searches the head's write took 45-55 us and the body's (21 KB) 20-30 us; written
together, 42 us (``docs/performance.md``, "One write a response"). :class:`HeadWithBody`
holds a connection's write until the next one, or until the event loop's next turn at the
latest: the head and a body sent in the same turn (every response the app builds whole)
go out as one, and a streamed one's head leaves before its first chunk is read.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class HeadWithBody:
    """A connection's transport whose writes go out in pairs: a write is held until the
    next one (sent together) or the loop's next turn. Everything else is the transport's."""

    __slots__ = ("held", "loop", "transport")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self.transport, self.loop = transport, loop
        self.held: bytes | None = None

    def write(self, data: bytes | bytearray | memoryview) -> None:
        held = self.held
        if held is None:
            self.held = bytes(data)
            self.loop.call_soon(self.flush)
        else:
            self.held = None
            self.transport.write(held + data)

    def writelines(self, chunks: Any) -> None:
        self.write(b"".join(chunks))

    def flush(self) -> None:
        held = self.held
        if held is not None:
            self.held = None
            self.transport.write(held)

    def get_write_buffer_size(self) -> int:
        return self.transport.get_write_buffer_size() + len(self.held or b"")

    def write_eof(self) -> None:
        self.flush()
        self.transport.write_eof()

    def close(self) -> None:
        self.flush()
        self.transport.close()

    def abort(self) -> None:
        self.held = None
        self.transport.abort()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.transport, name)


class ServedHttpProtocol(HttpToolsProtocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(HeadWithBody(transport, self.loop))  # type: ignore[arg-type]

    def handle_websocket_upgrade(self) -> None:
        # A socket's frames are written one at a time, each as soon as it is sent: the
        # WebSocket protocol gets the connection's own transport.
        if isinstance(self.transport, HeadWithBody):
            self.transport.flush()
            self.transport = self.transport.transport  # type: ignore[assignment]
        super().handle_websocket_upgrade()
