"""The authorization matrix (issue 9, item 7): every route of the app's own route table x
{anonymous, other user, owner or participant, admin} answers the status its row says.

The rows live per area in ``tests/api/authz/<area>.py`` (see ``tests/api/authz/__init__.py``
for how to add one). A route the app has without a row fails, naming it; so does a row for
a route the app no longer has. One small real world is built per database (four people,
the resources the rows need, made through the API) and every row is asked as every caller;
all mismatches are reported together.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack
from typing import Any

import httpx
import pytest
from litestar import Litestar
from litestar.routes import WebSocketRoute

from entrypoints.container import Container
from tests.api.authz import ROLES, UNSAFE, Row, World, load
from tests.support import ApiClient

# The world lists, signs up and logs in far more in seconds than a person does; the limits
# have their own tests (tests/api/test_api_rate_limits.py).
pytestmark = [pytest.mark.api, pytest.mark.rate_limit_scale(100)]

PASSWORD = "secret123"
#: username and email of each person of the world (boss@example.com is an admin email in
#: the API tests' settings).
PEOPLE = {"owner": ("olive", "olive@example.com"), "other": ("oscar", "oscar@example.com"),
          "peer": ("pia", "pia@example.com"), "admin": ("boss", "boss@example.com")}
PARAM = re.compile(r"\{([a-z_]+):[a-z]+\}")
ROWS, MAKERS, SKIPPED = load()


def route_table(app: Litestar) -> set[tuple[str, str]]:
    """(method, path template) of every handler of the app; ``WS`` for a websocket."""
    found = set()
    for route in app.routes:
        if isinstance(route, WebSocketRoute):
            found.add(("WS", route.path))
            continue
        for method in getattr(route, "methods", set()) - {"OPTIONS", "HEAD"}:
            found.add((method, route.path))
    return found


def test_every_route_has_one_row_and_every_row_a_route(app: Litestar) -> None:
    routes = {key for key in route_table(app) if key[1] not in SKIPPED}
    rows = Counter(row.key for row in ROWS)
    missing = sorted(routes - set(rows))
    stale = sorted(set(rows) - routes)
    twice = sorted(key for key, n in rows.items() if n > 1)
    problems = []
    if missing:
        problems.append("routes without a row (add one per method in tests/api/authz/"
                        "<area>.py): " + ", ".join(f"{m} {p}" for m, p in missing))
    if stale:
        problems.append("rows for routes the app no longer has (remove or fix them): "
                        + ", ".join(f"{m} {p}" for m, p in stale))
    if twice:
        problems.append("routes with more than one row: "
                        + ", ".join(f"{m} {p}" for m, p in twice))
    assert not problems, "\n".join(problems)
    gone = sorted(path for path in SKIPPED if path not in {p for _, p in route_table(app)})
    assert not gone, f"SKIPPED names paths the app no longer has: {gone}"


async def person(app: Litestar, stack: AsyncExitStack) -> ApiClient:
    """A client of its own on the app, from an address that is not the loopback one (which
    /metrics trusts)."""
    transport = httpx.ASGITransport(app=app, client=("203.0.113.9", 4000))
    raw = await stack.enter_async_context(httpx.AsyncClient(
        transport=transport, base_url="http://testserver.local"))
    return ApiClient(raw)  # type: ignore[arg-type]


async def make_world(app: Litestar, stack: AsyncExitStack) -> World:
    """Four logged-in people (and a visitor) on the app, each with their own cookies."""
    clients: dict[str, ApiClient] = {}
    ids: dict[str, int] = {}
    for role in ("anonymous", *PEOPLE):
        clients[role] = await person(app, stack)
        if role in PEOPLE:
            username, email = PEOPLE[role]
            response = await clients[role].register(username, PASSWORD, email=email)
            assert response.status_code == 201, response.text
            ids[role] = int(response.json()["id"])
    assert (await clients["admin"].get("/api/user")).json()["role"] == "admin"
    return World(clients, ids, MAKERS)


@pytest.fixture
async def world(app: Litestar, container: Container) -> AsyncIterator[World]:
    async with AsyncExitStack() as stack:
        yield await make_world(app, stack)


async def _log_back_in(world: World, role: str) -> None:
    client = world.clients[role]
    client.raw.cookies.clear()
    if role in PEOPLE:
        response = await client.login(PEOPLE[role][0], PASSWORD)
        assert response.status_code == 200, response.text


async def _socket(app: Litestar, client: ApiClient, first: Any) -> int:
    """Open ``/ws`` on the app over ASGI with the client's cookies, send ``first``; the
    close code the socket answers with, or 101 once it says ``auth_success``."""
    cookie = "; ".join(f"{name}={value}" for name, value in client.raw.cookies.items())
    scope = {"type": "websocket", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "scheme": "ws", "path": "/ws", "raw_path": b"/ws", "root_path": "",
             "query_string": b"", "subprotocols": [], "client": ("127.0.0.1", 40000),
             "server": ("testserver.local", 80),
             "headers": [(b"host", b"testserver.local"), (b"cookie", cookie.encode())]}
    incoming: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    await incoming.put({"type": "websocket.connect"})
    outcome: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "websocket.accept":
            await incoming.put({"type": "websocket.receive", "text": json.dumps(first)})
        elif message["type"] == "websocket.close" and not outcome.done():
            outcome.set_result(int(message.get("code", 1000)))
        elif message["type"] == "websocket.send" and '"auth_success"' in (
                message.get("text") or "") and not outcome.done():
            outcome.set_result(101)
            await incoming.put({"type": "websocket.disconnect", "code": 1000})

    task = asyncio.create_task(app(scope, incoming.get, send))  # type: ignore[arg-type]
    try:
        return await asyncio.wait_for(asyncio.shield(outcome), 10)
    finally:
        await incoming.put({"type": "websocket.disconnect", "code": 1000})
        await asyncio.wait_for(task, 10)


class _Answer:
    """A socket's outcome shaped like a response, for the same comparison."""

    def __init__(self, status_code: int) -> None:
        self.status_code = status_code
        self.text = ""
        self.is_success = status_code == 101


async def _ask(app: Litestar, world: World, row: Row, role: str) -> Any:
    fresh = row.method in UNSAFE
    params = await world.fill(row.params, role, fresh=fresh)
    url = PARAM.sub(lambda m: str(params[m.group(1)]), row.path)
    query = await world.fill(row.query, role, fresh=fresh)
    extra: dict[str, Any] = {"params": query} if query else {}
    if row.json is not None:
        extra["json"] = await world.fill(row.json, role, fresh=fresh)
    if row.method == "WS":
        return _Answer(await _socket(app, world.clients[role], extra.get("json")))
    try:
        return await world.clients[role].request(row.method, url, **extra)
    finally:
        if row.relogin:
            await _log_back_in(world, role)


# The rows run in a few interleaved shares, so the two xdist workers split the matrix.
SHARES = 4


@pytest.mark.parametrize("share", range(SHARES))
async def test_each_caller_gets_the_status_its_row_says(app: Litestar, world: World,
                                                        share: int) -> None:
    wrong = []
    for row in ROWS[share::SHARES]:
        for role in ROLES:
            try:
                response = await _ask(app, world, row, role)
            except Exception as error:  # a maker that failed: report it with the rest
                wrong.append(f"{row.method} {row.path} as {role}: {error!r}")
                continue
            if response.status_code not in row.expected(role):
                expected = "/".join(map(str, row.expected(role)))
                wrong.append(f"{row.method} {row.path} as {role}: expected {expected}, "
                             f"got {response.status_code} {response.text[:160]}")
            elif (row.check and response.is_success
                  and (problem := row.check(world, role, response))):
                wrong.append(f"{row.method} {row.path} as {role}: {problem}")
    assert not wrong, f"{len(wrong)} answers differ from their rows:\n" + "\n".join(wrong)
