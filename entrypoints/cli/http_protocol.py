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

**Catalog pages answered as they are read.** A product page, a visitor's search or facets
(``entrypoints/http/fast_path.py``) is usually answered from memory without waiting for
anything. Through ASGI each still paid for a scope, a request-response cycle, a task and
the next turn of the event loop, the framework's ``__call__`` and its ``before_send``
hooks, and uvicorn's checks of every header it writes. Here a plain ``GET`` is put to
:meth:`CatalogPages.answer` when the parser has read it, and the coroutine's first step is
run at once (in a context of its own, as a task would run it): an answer it returns without
waiting is written there, in one write, with the headers the ASGI path sends, and the
connection goes on as after any response (keep-alive timer, the next pipelined request).
One that has to wait (a word fetched for the first time, PostgreSQL's round trips) goes on
as an ordinary request: uvicorn's cycle and task run the rest of the same coroutine, so
nothing is read or counted twice; one that declines or fails is the framework's, marked
(:data:`DECLINED`) so it is not asked again. Requests with a body, an upgrade, ``Expect``,
HTTP/1.0 or ``Connection: close``, behind a response still being sent, while the client
is not reading, or with the access log on take the ordinary path from the start
(``docs/performance.md``, "Catalog pages answered as they are read").

**Turns shared with requests that wait.** An answer written as it is read takes one turn
of the event loop; a request that waits (PostgreSQL's round trips, anything through the
framework) takes several. Under load one turn read and answered nearly every connection,
so it lasted tens of milliseconds, and a search that waited through ten of them took half a
second. While requests are in progress, a turn spends at most ``TURN_BUDGET_SECONDS``
answering connections as it reads them; the others keep their bytes, in order, for the
next turns (:class:`Turn`). With nothing in progress every connection is answered at once
(``docs/performance.md``, "PostgreSQL without a round trip per search").

**One keep-alive timer per idle spell.** uvicorn closes a connection left idle for
``timeout_keep_alive`` seconds by arming a timer after every response and cancelling it
when the next request's first bytes arrive: a timer made, pushed on the loop's heap and
cancelled per request, 6 % of a search's time under load once the answer itself got
cheap. Here a response notes when the connection fell idle, and a timer is armed only if
none is; when it fires it closes a connection idle for the whole timeout, or is armed again
for the rest of it (or not at all while a request is being served). Connections close after
the same idleness as before.
"""

from __future__ import annotations

import asyncio
import contextvars
import socket
import types
import weakref
from collections import deque
from collections.abc import Coroutine, Generator
from time import perf_counter
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from entrypoints.http.fast_path import DECLINED, CatalogPages


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

    def write_now(self, data: bytes) -> None:
        """Write ``data`` now (after anything held): a response made whole."""
        held = self.held
        if held is not None:
            self.held = None
            data = held + data
        self.transport.write(data)

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


def catalog_pages(app: Any) -> CatalogPages | None:
    """The :class:`CatalogPages` that ``app`` (as uvicorn loaded it: the Litestar app, or a
    middleware of uvicorn's around it) answers with first, if any."""
    for _ in range(4):
        if isinstance(app, CatalogPages):
            return app
        app = getattr(app, "asgi_handler", None) or getattr(app, "app", None)
    return None


@types.coroutine
def resumed(coroutine: Coroutine[Any, Any, Any], pending: Any,
            context: contextvars.Context) -> Generator[Any, Any, Any]:
    """Await the rest of ``coroutine``, whose first step already ran (in ``context``) and
    gave ``pending``, the future it waits for: each later step runs in ``context`` too."""
    while True:
        try:
            sent = yield pending
        except BaseException as error:  # (what the task was given: passed on)
            step: Any = coroutine.throw
            value: Any = error
        else:
            step, value = coroutine.send, sent
        try:
            pending = context.run(step, value)
        except StopIteration as done:
            return done.value


# How long one turn of the event loop spends answering requests as they are read while other
# requests wait their turn, before the connections it reads next wait for the next (``Turn``).
TURN_BUDGET_SECONDS = 0.003
# A connection keeping more bytes than this for a later turn is not read meanwhile.
KEPT_BYTES_MAX = 65_536


class Turn:
    """What one turn of an event loop has spent answering requests as they were read, and
    the connections whose bytes wait for a later turn.

    A turn reads every connection with a request waiting, and a request answered as it is
    read is answered within that turn; one that has to wait (a database round trip, an
    ordinary request through the framework) needs a few turns more, one for each step.
    Under load a turn read most of the 64 connections and answered them all, so turns
    lasted tens of milliseconds and a search that waited for PostgreSQL through ten of
    them took half a second (p95 of 415-520 ms at a median of 27-29 ms). While such
    requests are in progress (uvicorn's tasks), a turn answers connections as they are read
    for ``TURN_BUDGET_SECONDS``; the connections read after that keep their bytes, in
    order, for the first work of the next turns (:meth:`drain`). Turns stay short, and the
    waiting requests get theirs. With none in progress (SQLite, nearly always) every
    connection read is answered at once, as before."""

    __slots__ = ("counting", "draining", "loop", "spent", "waiting")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop, self.spent, self.counting = loop, 0.0, False
        self.waiting: deque[ServedHttpProtocol] = deque()
        self.draining = False

    def add(self, seconds: float) -> None:
        self.spent += seconds
        if not self.counting:  # (the next turn's count starts first thing in that turn)
            self.counting = True
            self.loop.call_soon(self.next)

    def next(self) -> None:
        self.spent, self.counting = 0.0, False

    def over(self, tasks: set[Any]) -> bool:
        return self.spent > TURN_BUDGET_SECONDS and bool(tasks)

    def wait(self, connection: ServedHttpProtocol) -> None:
        self.waiting.append(connection)
        if not self.draining:
            self.draining = True
            self.loop.call_soon(self.drain)

    def drain(self) -> None:
        """At the start of a turn: read the kept bytes of the connections that waited, in
        the order they came, until this turn's budget is spent."""
        self.next()
        waiting = self.waiting
        while waiting and self.spent <= TURN_BUDGET_SECONDS:
            waiting.popleft().read_kept()
        if waiting:
            self.loop.call_soon(self.drain)
        else:
            self.draining = False


_TURNS: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Turn] = (
    weakref.WeakKeyDictionary())


class ServedHttpProtocol(HttpToolsProtocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(HeadWithBody(transport, self.loop))  # type: ignore[arg-type]
        self.pages = catalog_pages(self.app)
        self.answering = False  # the request being read goes to the pages first
        turn = _TURNS.get(self.loop)
        if turn is None:
            turn = _TURNS[self.loop] = Turn(self.loop)
        self.turn = turn
        self.kept: bytes | None = None  # bytes read, kept for the next turn
        self.kept_paused = False  # reading paused while too many bytes are kept

    # -- turns shared with requests that wait (``Turn``) ----------------------------------

    def data_received(self, data: bytes) -> None:
        if self.kept is not None:  # (in order, behind what waits already)
            self.kept += data
            if len(self.kept) > KEPT_BYTES_MAX and not self.kept_paused:
                self.kept_paused = True  # (a client sending on and on waits with its bytes)
                self.flow.pause_reading()
            return
        if self.pages is not None and self.turn.over(self.server_state.tasks):
            self._unset_keepalive_if_required()
            self.kept = data
            self.turn.wait(self)
            return
        super().data_received(data)

    def read_kept(self) -> None:
        data, self.kept = self.kept, None
        if self.kept_paused:
            self.kept_paused = False
            self.flow.resume_reading()
        if data is not None and not self.transport.is_closing():
            super().data_received(data)

    # -- one keep-alive timer per idle spell (see the module docstring) -----------------

    idle_since: float | None = None  # when the connection fell idle; None: serving

    def _unset_keepalive_if_required(self) -> None:
        self.idle_since = None  # (the timer, if armed, finds the connection busy)

    def on_response_complete(self) -> None:
        # uvicorn's own, but for the keep-alive timer (``_idle``)
        self.server_state.total_requests += 1
        if self.transport.is_closing():
            return
        self._unset_keepalive_if_required()
        self.flow.resume_reading()
        if self.pipeline:
            cycle, app = self.pipeline.pop()
            self._start_asgi_task(cycle, app)
        else:
            self._idle()

    def _idle(self) -> None:
        self.idle_since = self.loop.time()
        if self.timeout_keep_alive_task is None:
            self.timeout_keep_alive_task = self.loop.call_at(
                self.idle_since + self.timeout_keep_alive, self._keep_alive_due)

    def _keep_alive_due(self) -> None:
        self.timeout_keep_alive_task = None
        if self.idle_since is None:  # serving: armed again when it falls idle
            return
        due = self.idle_since + self.timeout_keep_alive
        if self.loop.time() >= due:
            self.timeout_keep_alive_handler()
        else:
            self.timeout_keep_alive_task = self.loop.call_at(due, self._keep_alive_due)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        if self.timeout_keep_alive_task is not None:
            self.timeout_keep_alive_task.cancel()
            self.timeout_keep_alive_task = None

    # -- catalog pages answered as they are read (see the module docstring) -------------

    def on_headers_complete(self) -> None:
        if self._answerable():
            self.answering = True  # (the ordinary path's cycle waits for the message)
            return
        super().on_headers_complete()

    def _answerable(self) -> bool:
        parser = self.parser
        return (self.pages is not None and parser.get_method() == b"GET"
                and (self.cycle is None or self.cycle.response_complete)
                and parser.get_http_version() == "1.1" and parser.should_keep_alive()
                and not parser.should_upgrade() and not self.expect_100_continue
                and not self.flow.write_paused and not self.access_log
                and self.limit_concurrency is None and not self.root_path
                and not any(name in (b"content-length", b"transfer-encoding")
                            for name, _ in self.headers))

    def on_message_complete(self) -> None:
        if not self.answering:
            super().on_message_complete()
            return
        self.answering = False
        assert self.pages is not None
        url = httptools.parse_url(self.url)
        path = url.path.decode("ascii")
        if "%" in path:  # (escaped: the framework's; no catalog page's path is)
            self._ordinary(self.app)
            return
        scope: Any = self.scope
        scope.update(method="GET", path=path, raw_path=url.path,
                     query_string=url.query or b"")
        context = contextvars.copy_context()
        answering = self.pages.answer(scope)
        began = perf_counter()
        try:
            pending = context.run(answering.send, None)
        except StopIteration as done:
            body = done.value
        except Exception:  # (not found, a bad filter, a failure) the framework answers
            body = None
        else:
            self.turn.add(perf_counter() - began)
            self._ordinary(self._rest(answering, pending, context))
            return
        self.turn.add(perf_counter() - began)
        if body is None:
            scope[DECLINED] = True
            self._ordinary(self.app)
            return
        head = [STATUS_LINE[200]]
        for name, value in (*self.server_state.default_headers, *self.pages.headers(len(body))):
            head += (name, b": ", value, b"\r\n")
        head += (b"\r\n", body)
        self.transport.write_now(b"".join(head))  # type: ignore[attr-defined]
        self.on_response_complete()

    def _rest(self, answering: Coroutine[Any, Any, bytes | None], pending: Any,
              context: contextvars.Context) -> Any:
        """The ASGI app that finishes an answer that had to wait: its bytes, or the
        framework's answer when it declines or fails."""
        pages, framework = self.pages, self.app
        assert pages is not None

        async def rest(scope: Any, receive: Any, send: Any) -> None:
            try:
                body = await resumed(answering, pending, context)
            except Exception:
                body = None
            if body is None:
                scope[DECLINED] = True
                await framework(scope, receive, send)
            else:
                await pages.send(body, send)

        return rest

    def _ordinary(self, app: Any) -> None:
        """Go on with the request read as uvicorn does, answered by ``app`` (uvicorn's
        cycle takes the protocol's app: lent for the call)."""
        served, self.app = self.app, app
        try:
            super().on_headers_complete()
        finally:
            self.app = served
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        # A socket's frames are written one at a time, each as soon as it is sent: the
        # WebSocket protocol gets the connection's own transport.
        if isinstance(self.transport, HeadWithBody):
            self.transport.flush()
            self.transport = self.transport.transport  # type: ignore[assignment]
        super().handle_websocket_upgrade()
