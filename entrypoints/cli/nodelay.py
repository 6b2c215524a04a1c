"""uvicorn's HTTP protocol with Nagle's algorithm off on every connection.

asyncio turns ``TCP_NODELAY`` on only for sockets whose ``proto`` is ``IPPROTO_TCP``. With
``--workers N`` uvicorn binds the listening socket itself as ``socket.socket(family)``
(``proto`` 0), so every accepted connection kept Nagle's algorithm: a response written in
two parts (head, then body) waited for the client's delayed ACK, and each request took
40-44 ms. Two workers answered health checks at 1,459 req/s, a tenth of one worker
(``docs/performance.md``, "Which event loop"). uvloop sets the option itself; this sets it
for asyncio's loop whatever bound the socket.
"""

from __future__ import annotations

import asyncio
import socket

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol


class NoDelayHttpToolsProtocol(HttpToolsProtocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)
