"""uvicorn's HTTP protocol as ``rethread serve`` runs it (``entrypoints/cli/http_protocol.py``):
Nagle's algorithm off even on a listening socket bound as uvicorn binds it (``proto`` 0),
where asyncio leaves it on; a response's head and body in one write; a streamed response's
head sent before its body is ready; catalog pages answered as they are read (at once, after
waiting, declined or failing, pipelined, and the requests that take the ordinary path); and
turns of the event loop shared with requests that wait."""

from __future__ import annotations

import asyncio
import contextvars
import socket
from typing import Any

import pytest
from uvicorn.config import Config
from uvicorn.server import ServerState

from entrypoints.cli import http_protocol
from entrypoints.cli.http_protocol import (
    HeadWithBody,
    ServedHttpProtocol,
    Turn,
    catalog_pages,
)
from entrypoints.http.fast_path import DECLINED, CatalogPages


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


# -- catalog pages answered as they are read ------------------------------------------------

STATE = contextvars.ContextVar("state", default="unset")
DATE = (b"date", b"Fri, 27 Nov 2026 10:00:00 GMT")


class Pages(CatalogPages):
    """Catalog pages whose answers are this test's: ``answers[path]`` is an async function
    returning the body or None (declined), or raising."""

    def __init__(self, answers: dict[str, Any]) -> None:
        self.reached: list[dict[str, Any]] = []

        async def framework(scope: dict, receive: Any, send: Any) -> None:
            self.reached.append(scope)
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"content-length", b"9")]})
            await send({"type": "http.response.body", "body": b"framework"})

        super().__init__(framework, lambda: None, "/api/products", lambda: True)
        self.answers = answers
        self.asked: list[str] = []
        self.through_asgi: list[str] = []  # requests that reached the pages as ASGI calls

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        self.through_asgi.append(scope["path"])
        await super().__call__(scope, receive, send)

    async def answer(self, scope: Any) -> bytes | None:
        self.asked.append(scope["path"])
        return await self.answers[scope["path"]]()


async def served(pages: Pages) -> tuple[asyncio.Server, tuple[str, int]]:
    config = Config(app=pages, lifespan="off", access_log=False)
    config.load()
    state = ServerState()
    state.default_headers = [DATE]
    server = await asyncio.get_running_loop().create_server(
        lambda: ServedHttpProtocol(config, state, {}), "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[:2]


async def response(reader: asyncio.StreamReader) -> tuple[bytes, bytes]:
    """One response: its head (status line and headers) and its body."""
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    return head, await asyncio.wait_for(reader.readexactly(length), 10)


def get(path: str, extra: bytes = b"") -> bytes:
    return b"GET " + path.encode() + b" HTTP/1.1\r\nhost: test\r\n" + extra + b"\r\n"


async def at_once() -> bytes:
    return b'{"at":"once"}'


async def after_waiting() -> bytes:
    await asyncio.sleep(0.01)
    return b'{"after":"waiting"}'


def expected_head(pages: CatalogPages, body: bytes) -> bytes:
    lines = [b"HTTP/1.1 200 OK"] + [b"%s: %s" % pair for pair in
                                    [DATE, *pages.headers(len(body))]]
    return b"\r\n".join(lines) + b"\r\n\r\n"


async def test_a_catalog_page_ready_at_once_is_written_as_it_is_read() -> None:
    pages = Pages({"/api/products": at_once, "/api/products/1": after_waiting})
    server, address = await served(pages)
    try:
        reader, writer = await asyncio.open_connection(*address)
        for path, body in (("/api/products", b'{"at":"once"}'),
                           ("/api/products/1", b'{"after":"waiting"}'),
                           ("/api/products", b'{"at":"once"}')):  # (kept alive throughout)
            writer.write(get(path + "?q=coat"))
            assert await response(reader) == (expected_head(pages, body), body)
        assert pages.asked == ["/api/products", "/api/products/1", "/api/products"]
        assert pages.reached == []
        # (the answer that waited went on in uvicorn's cycle: the same coroutine, not
        # asked again through ASGI)
        assert pages.through_asgi == []
        assert (b"x-frame-options", b"DENY") in pages.headers(3)
        writer.close()
    finally:
        server.close()


async def declined() -> None:
    return None


async def declined_after_waiting() -> None:
    await asyncio.sleep(0.01)


async def failing() -> bytes:
    raise RuntimeError("database unavailable")


async def test_what_the_pages_decline_or_fail_is_the_frameworks_asked_once() -> None:
    pages = Pages({"/a": declined, "/b": declined_after_waiting, "/c": failing,
                   "/api/products": at_once})
    server, address = await served(pages)
    try:
        reader, writer = await asyncio.open_connection(*address)
        for path in ("/a", "/b", "/c"):
            writer.write(get(path))
            head, body = await response(reader)
            assert head.startswith(b"HTTP/1.1 200 OK\r\n") and body == b"framework"
        writer.write(get("/api/products"))  # the connection goes on
        assert (await response(reader))[1] == b'{"at":"once"}'
        assert pages.asked == ["/a", "/b", "/c", "/api/products"]
        assert [scope["path"] for scope in pages.reached] == ["/a", "/b", "/c"]
        assert all(scope[DECLINED] is True for scope in pages.reached)
        writer.close()
    finally:
        server.close()


async def test_pipelined_requests_are_answered_in_order() -> None:
    pages = Pages({"/slow": after_waiting, "/api/products": at_once, "/no": declined})
    server, address = await served(pages)
    try:
        reader, writer = await asyncio.open_connection(*address)
        writer.write(get("/slow") + get("/api/products") + get("/no") + get("/api/products"))
        bodies = [(await response(reader))[1] for _ in range(4)]
        assert bodies == [b'{"after":"waiting"}', b'{"at":"once"}', b"framework",
                          b'{"at":"once"}']
        writer.close()
    finally:
        server.close()


@pytest.mark.parametrize("request_bytes", [
    b"GET /api/products HTTP/1.1\r\nhost: test\r\ncontent-length: 2\r\n\r\n{}",
    b"GET /api/products HTTP/1.1\r\nhost: test\r\nconnection: close\r\n\r\n",
    b"GET /api/products HTTP/1.0\r\nhost: test\r\n\r\n",
    b"GET /api/products HTTP/1.1\r\nhost: test\r\nexpect: 100-continue\r\n\r\n",
    b"GET /api/%70roducts HTTP/1.1\r\nhost: test\r\n\r\n",
])
async def test_other_gets_take_the_ordinary_path(request_bytes: bytes) -> None:
    """Asked through ASGI (``CatalogPages.__call__``) as before, not as they are read."""
    pages = Pages({"/api/products": at_once})
    server, address = await served(pages)
    try:
        reader, writer = await asyncio.open_connection(*address)
        writer.write(request_bytes)
        assert (await response(reader))[1] == b'{"at":"once"}'
        assert pages.through_asgi == ["/api/products"] and pages.asked == ["/api/products"]
        writer.close()
    finally:
        server.close()


async def test_other_methods_are_the_frameworks() -> None:
    pages = Pages({"/api/products": at_once})
    server, address = await served(pages)
    try:
        reader, writer = await asyncio.open_connection(*address)
        writer.write(b"POST /api/products HTTP/1.1\r\nhost: test\r\ncontent-length: 2"
                     b"\r\n\r\n{}")
        assert (await response(reader))[1] == b"framework"
        assert pages.asked == [] and len(pages.reached) == 1
        assert DECLINED not in pages.reached[0]
        writer.close()
    finally:
        server.close()


async def test_an_answer_runs_in_a_context_of_its_own_across_its_wait() -> None:
    seen: list[str] = []

    async def remembering() -> bytes:
        seen.append(STATE.get())
        STATE.set("set before waiting")
        await asyncio.sleep(0.01)
        seen.append(STATE.get())
        return b"{}"

    pages = Pages({"/api/products": remembering})
    server, address = await served(pages)
    try:
        reader, writer = await asyncio.open_connection(*address)
        for _ in range(2):
            writer.write(get("/api/products"))
            await response(reader)
        assert seen == ["unset", "set before waiting"] * 2
        writer.close()
    finally:
        server.close()


async def test_catalog_pages_are_found_inside_the_app_uvicorn_loaded() -> None:
    pages = Pages({})
    config = Config(app=pages, lifespan="off", proxy_headers=True)
    config.load()
    assert config.loaded_app is not pages and catalog_pages(config.loaded_app) is pages

    async def plain(scope: dict, receive: Any, send: Any) -> None:  # pragma: no cover
        pass

    assert catalog_pages(plain) is None


# -- one keep-alive timer per idle spell ----------------------------------------------------


async def test_an_idle_connection_closes_after_the_keep_alive_timeout() -> None:
    pages = Pages({"/api/products": at_once})
    config = Config(app=pages, lifespan="off", timeout_keep_alive=0.5)
    config.load()
    state = ServerState()
    protocols: list[ServedHttpProtocol] = []

    def made() -> ServedHttpProtocol:
        protocols.append(ServedHttpProtocol(config, state, {}))
        return protocols[-1]

    server = await asyncio.get_running_loop().create_server(made, "127.0.0.1", 0)
    try:
        reader, writer = await asyncio.open_connection(*server.sockets[0].getsockname()[:2])
        loop = asyncio.get_running_loop()
        timers = []  # (kept alive, so that no two have the same id)
        started = loop.time()
        for n in range(10):  # a request every 0.1 s: 0.9 s, longer than the timeout
            if n:
                await asyncio.sleep(0.1)
            writer.write(get("/api/products"))
            await response(reader)
            timers.append(protocols[0].timeout_keep_alive_task)
        assert loop.time() - started > 0.8
        assert len({id(timer) for timer in timers}) <= 4, "a timer was made per response"
        last = loop.time()
        assert await asyncio.wait_for(reader.read(), 5) == b""  # closed by the server
        idle = loop.time() - last
        assert 0.45 <= idle < 2.5, idle
        assert protocols[0].timeout_keep_alive_task is None
        writer.close()
    finally:
        server.close()


async def test_a_connection_serving_a_slow_request_is_not_closed_for_idleness() -> None:
    async def slow() -> bytes:
        await asyncio.sleep(1.0)
        return b'{"slow":true}'

    pages = Pages({"/api/products": at_once, "/slow": slow})
    config = Config(app=pages, lifespan="off", timeout_keep_alive=0.5)
    config.load()
    server = await asyncio.get_running_loop().create_server(
        lambda: ServedHttpProtocol(config, ServerState(), {}), "127.0.0.1", 0)
    try:
        reader, writer = await asyncio.open_connection(*server.sockets[0].getsockname()[:2])
        writer.write(get("/api/products"))
        await response(reader)
        await asyncio.sleep(0.1)  # idle, not for long enough
        writer.write(get("/slow"))  # served past the first timer's time
        assert (await response(reader))[1] == b'{"slow":true}'
        writer.write(get("/api/products"))  # still open
        assert (await response(reader))[1] == b'{"at":"once"}'
        writer.close()
    finally:
        server.close()


# -- turns shared with requests that wait ---------------------------------------------------


def test_a_turn_is_over_past_its_budget_only_while_requests_wait() -> None:
    loop = asyncio.new_event_loop()
    try:
        turn = Turn(loop)
        turn.add(http_protocol.TURN_BUDGET_SECONDS / 2)
        assert not turn.over({object()})
        turn.add(http_protocol.TURN_BUDGET_SECONDS)
        assert turn.over({object()})  # a request in progress waits for its turns
        assert not turn.over(set())  # none: nobody to wait for
        loop.run_until_complete(asyncio.sleep(0))  # the next turn starts a new count
        assert turn.spent == 0 and not turn.over({object()})
    finally:
        loop.close()


async def test_connections_read_past_the_budget_are_answered_in_later_turns_in_order(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_protocol, "TURN_BUDGET_SECONDS", 0.0)  # one answer a turn
    kept: list[ServedHttpProtocol] = []
    wait = Turn.wait

    def counted(self: Turn, connection: ServedHttpProtocol) -> None:
        kept.append(connection)
        wait(self, connection)

    monkeypatch.setattr(Turn, "wait", counted)

    async def slow() -> bytes:
        await asyncio.sleep(0.3)
        return b'{"slow":true}'

    pages = Pages({"/slow": slow, "/api/products": at_once, "/api/products/2": after_waiting})
    server, address = await served(pages)
    try:
        slow_reader, slow_writer = await asyncio.open_connection(*address)
        slow_writer.write(get("/slow"))  # in progress (a task of uvicorn's) throughout
        await asyncio.sleep(0.05)
        others = [await asyncio.open_connection(*address) for _ in range(3)]
        for _, writer in others:  # read by the server in one turn
            writer.write(get("/api/products") + get("/api/products/2") + get("/api/products"))
        for reader, _ in others:
            assert [(await response(reader))[1] for _ in range(3)] == [
                b'{"at":"once"}', b'{"after":"waiting"}', b'{"at":"once"}']
        assert len(kept) >= 2  # (the first read in that turn was answered in it)
        assert (await response(slow_reader))[1] == b'{"slow":true}'

        kept.clear()  # nothing in progress: every connection read is answered at once
        for _, writer in others:
            writer.write(get("/api/products"))
        for reader, _ in others:
            assert (await response(reader))[1] == b'{"at":"once"}'
        assert kept == []
        for _, writer in [*others, (slow_reader, slow_writer)]:
            writer.close()
    finally:
        server.close()


def over_budget(transport: Recorded) -> tuple[ServedHttpProtocol, Recorded]:
    """A connection on ``transport`` whose turn is over its budget while a request is in
    progress: what it reads now waits for the next turn."""
    config = Config(app=Pages({"/api/products": at_once}), lifespan="off", access_log=False)
    config.load()
    state = ServerState()
    state.tasks.add(asyncio.get_running_loop().create_future())  # (a request in progress)
    protocol = ServedHttpProtocol(config, state, {})
    protocol.connection_made(transport)
    protocol.turn.add(1.0)
    return protocol, transport


async def test_a_connection_closed_while_its_bytes_wait_is_skipped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_protocol, "TURN_BUDGET_SECONDS", 0.0)
    protocol, transport = over_budget(Recorded())
    protocol.data_received(get("/api/products"))
    protocol.data_received(get("/api/products"))  # behind the first, kept with it
    assert protocol.kept == get("/api/products") * 2 and transport.writes == []
    transport.closed = True
    await turn()
    await turn()
    assert transport.writes == [] and protocol.kept is None
    assert not protocol.turn.waiting and not protocol.turn.draining


async def test_a_connection_keeping_too_many_bytes_is_not_read_until_its_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(http_protocol, "KEPT_BYTES_MAX", 100)
    paused: list[bool] = []
    transport = Recorded()
    transport.pause_reading = lambda: paused.append(True)  # type: ignore[method-assign]
    transport.resume_reading = lambda: paused.append(False)  # type: ignore[method-assign]
    protocol, _ = over_budget(transport)
    protocol.data_received(get("/api/products"))
    protocol.data_received(get("/api/products") * 3)  # past 100 bytes kept
    assert paused == [True]
    await turn()  # its turn: read, answered, and read from again
    assert paused == [True, False] and protocol.kept is None
    assert len(transport.writes) == 4 and all(
        write.endswith(b'{"at":"once"}') for write in transport.writes)
