"""Connections of ``rethread serve --workers N`` send small responses at once: Nagle's
algorithm is off even on a listening socket bound as uvicorn binds it (``proto`` 0), where
asyncio leaves it on (``entrypoints/cli/nodelay.py``)."""

from __future__ import annotations

import asyncio
import socket

from uvicorn.config import Config
from uvicorn.server import ServerState

from entrypoints.cli.nodelay import NoDelayHttpToolsProtocol


async def app(scope: dict, receive: object, send: object) -> None:  # pragma: no cover
    raise AssertionError("no request is made")


async def test_a_connection_accepted_on_a_proto_0_socket_has_nodelay() -> None:
    config = Config(app=app, lifespan="off")
    config.load()
    state = ServerState()
    listening = socket.socket(socket.AF_INET)  # as uvicorn's bind_socket makes it
    listening.bind(("127.0.0.1", 0))
    assert listening.proto == 0
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: NoDelayHttpToolsProtocol(config, state, {}),
                                      sock=listening)
    try:
        _, writer = await asyncio.open_connection(*listening.getsockname())
        for _ in range(100):
            if state.connections:
                break
            await asyncio.sleep(0.01)
        (protocol,) = state.connections
        accepted = protocol.transport.get_extra_info("socket")
        assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
        writer.close()
    finally:
        server.close()
