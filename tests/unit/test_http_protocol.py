"""uvicorn's HTTP protocol as ``rethread serve`` runs it (``entrypoints/cli/http_protocol.py``):
Nagle's algorithm off even on a listening socket bound as uvicorn binds it (``proto`` 0),
where asyncio leaves it on; a response's head and body in one write; a streamed response's
head sent before its body is ready."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from uvicorn.config import Config
from uvicorn.server import ServerState

from entrypoints.cli.http_protocol import HeadWithBody, ServedHttpProtocol


class Recorded(asyncio.Transport):
    """A transport that keeps what is written to it."""

    def __init__(self) -> None:
        super().__init__()
        self.writes: list[bytes] = []
        self.closed = self.aborted = False

    def write(self, data: Any) -> None:
        self.writes.append(bytes(data))

    def get_write_buffer_size(self) -> int:
        return 7

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = True

    def is_closing(self) -> bool:
        return self.closed


async def turn() -> None:
    """Let the event loop run what was scheduled for its next turn."""
    await asyncio.sleep(0)


async def test_a_write_and_the_next_go_out_together() -> None:
    transport = Recorded()
    paired = HeadWithBody(transport, asyncio.get_running_loop())
    paired.write(b"HTTP/1.1 200 OK\r\n\r\n")
    assert transport.writes == []
    assert paired.get_write_buffer_size() == 7 + 19
    paired.write(memoryview(b"{}"))
    assert transport.writes == [b"HTTP/1.1 200 OK\r\n\r\n{}"]
    await turn()
    assert transport.writes == [b"HTTP/1.1 200 OK\r\n\r\n{}"]


async def test_a_write_alone_goes_out_at_the_loops_next_turn_in_order() -> None:
    transport = Recorded()
    paired = HeadWithBody(transport, asyncio.get_running_loop())
    paired.write(b"head")
    await turn()
    assert transport.writes == [b"head"]
    paired.write(b"one")
    paired.write(b"two")
    paired.writelines([b"thr", b"ee"])
    await turn()
    assert transport.writes == [b"head", b"onetwo", b"three"]


async def test_closing_sends_what_is_held_and_aborting_drops_it() -> None:
    transport = Recorded()
    paired = HeadWithBody(transport, asyncio.get_running_loop())
    paired.write(b"bye")
    paired.close()
    assert transport.writes == [b"bye"] and transport.closed
    assert paired.is_closing()  # (the rest is the transport's)
    dropped = Recorded()
    paired = HeadWithBody(dropped, asyncio.get_running_loop())
    paired.write(b"lost")
    paired.abort()
    await turn()
    assert dropped.writes == [] and dropped.aborted


async def serving(app: Any) -> tuple[asyncio.Server, socket.socket, ServerState]:
    config = Config(app=app, lifespan="off")
    config.load()
    state = ServerState()
    listening = socket.socket(socket.AF_INET)  # as uvicorn's bind_socket makes it
    listening.bind(("127.0.0.1", 0))
    assert listening.proto == 0
    server = await asyncio.get_running_loop().create_server(
        lambda: ServedHttpProtocol(config, state, {}), sock=listening)
    return server, listening, state


async def test_a_connection_accepted_on_a_proto_0_socket_has_nodelay() -> None:
    async def app(scope: dict, receive: object, send: object) -> None:  # pragma: no cover
        raise AssertionError("no request is made")

    server, listening, state = await serving(app)
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


async def test_a_streamed_responses_head_is_sent_before_its_body_is_ready() -> None:
    """The app sends the head, then waits for the client to have read it before it sends
    the body: a head held for the body would never arrive (the test would time out)."""
    head_read = asyncio.Event()

    async def app(scope: dict, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-length", b"4")]})
        await head_read.wait()
        await send({"type": "http.response.body", "body": b"done"})

    server, listening, _ = await serving(app)
    try:
        reader, writer = await asyncio.open_connection(*listening.getsockname())
        writer.write(b"GET / HTTP/1.1\r\nhost: test\r\n\r\n")
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        assert head.startswith(b"HTTP/1.1 200 OK\r\n")
        head_read.set()
        assert await asyncio.wait_for(reader.readexactly(4), 10) == b"done"
        writer.close()
    finally:
        server.close()
