"""``/ws`` on a real server process: session auth, impersonation refused, live fan-out to
every socket of both users, and (with Redis) delivery across two server processes."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from entrypoints.http.guards import NUL_TEXT
from tests.api.realtime_support import (
    Person,
    authed_socket,
    events_until,
    next_event,
    servers,
    serving,
)
from tests.live_server import holder_of_connection, worker_pids

pytestmark = pytest.mark.api


async def _closed_code(ws: object) -> int | None:
    try:
        await asyncio.wait_for(ws.recv(), 10)  # type: ignore[attr-defined]
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None
    return None


async def test_auth_must_name_the_session_user(db: str, tmp_path: Path) -> None:
    with servers(db, tmp_path) as [url]:
        maya = await Person(url).register("maya")
        stranger = Person(url)
        anonymous = await stranger.socket()
        event = await next_event(anonymous)
        assert event["type"] == "error"
        assert await _closed_code(anonymous) == 4401
        impostor = await maya.socket()
        await impostor.send(json.dumps({"type": "auth", "userId": maya.id + 1}))
        refused = await next_event(impostor)
        assert refused["type"] == "error" and "userId" in refused["message"]
        assert await _closed_code(impostor) == 4403
        ws = await authed_socket(maya)
        # The client offers permessage-deflate; the server declines (small JSON events).
        assert "permessage-deflate" not in ws.response.headers.get("Sec-WebSocket-Extensions",
                                                                   "")
        await ws.send(json.dumps({"type": "ping"}))
        assert await next_event(ws) == {"type": "pong"}
        # The same user logged in elsewhere (another session) has a socket too.
        other_device = await Person(url).login_as(maya)
        other_ws = await authed_socket(other_device)
        # Logging out ends the sockets of that session at once, without waiting for them to
        # send anything; the other session's socket stays.
        assert (await maya.post("/api/logout", {})).status_code in (200, 204)
        ended = await next_event(ws)
        assert ended == {"type": "error",
                         "message": "Your session has ended. Please log in again."}
        assert await _closed_code(ws) == 4401
        await other_ws.send(json.dumps({"type": "ping"}))
        assert await next_event(other_ws) == {"type": "pong"}  # session_ended never forwarded
        await other_ws.close()
        await maya.aclose()
        await other_device.aclose()
        await stranger.aclose()


async def test_events_published_before_auth_success_are_not_lost(db: str, tmp_path: Path
                                                                 ) -> None:
    """The socket is subscribed before it answers ``auth_success``: a message sent while
    the client is still authenticating is delivered right after ``auth_success``."""
    with servers(db, tmp_path) as [url]:
        maya = await Person(url).register("maya")
        sofia = await Person(url).register("sofia")
        ws = await maya.socket()  # connected, not yet authenticated
        sent = await sofia.post("/api/messages", {"receiverId": maya.id,
                                                  "content": "Are you there?"})
        assert sent.status_code == 201, sent.text
        await ws.send(json.dumps({"type": "auth", "userId": maya.id}))
        assert await next_event(ws) == {"type": "auth_success", "userId": maya.id}
        event = await next_event(ws)
        assert event["type"] == "new_message"
        assert event["message"]["content"] == "Are you there?"
        await ws.close()
        await maya.aclose()
        await sofia.aclose()


async def test_messages_reach_every_socket_of_both_users(db: str, tmp_path: Path) -> None:
    with servers(db, tmp_path) as [url]:
        maya = await Person(url).register("maya")
        sofia = await Person(url).register("sofia")
        maya_phone, maya_laptop = await authed_socket(maya), await authed_socket(maya)
        sofia_ws = await authed_socket(sofia)
        await sofia_ws.send(json.dumps({"type": "message", "receiverId": maya.id,
                                        "content": "Still available?"}))
        sent = (await events_until(sofia_ws, "message_sent"))[-1]["message"]
        assert sent["content"] == "Still available?" and sent["senderId"] == sofia.id
        for ws in (maya_phone, maya_laptop):
            events = await events_until(ws, "new_message")
            assert events[-1]["message"]["id"] == sent["id"]
            assert (await next_event(ws))["type"] == "notification"
        await sofia_ws.send(json.dumps({"type": "message", "receiverId": maya.id,
                                        "content": ""}))
        assert await next_event(sofia_ws) == {"type": "error",
                                              "message": "Message cannot be empty"}
        await sofia_ws.send("not json")
        assert (await next_event(sofia_ws))["message"] == "Invalid message"
        # A NUL in the text: an error frame, the socket stays open (PostgreSQL used to
        # fail the insert and the socket closed with 4500).
        await sofia_ws.send(json.dumps({"type": "message", "receiverId": maya.id,
                                        "content": "a \u0000 b"}))
        assert await next_event(sofia_ws) == {"type": "error", "message": NUL_TEXT}
        await sofia_ws.send(json.dumps({"type": "ping"}))
        assert await next_event(sofia_ws) == {"type": "pong"}
        # A socket that vanishes without a close frame does not disturb the others.
        maya_phone.transport.abort()
        reply = await maya.post("/api/messages", {"senderId": maya.id, "receiverId": sofia.id,
                                                  "content": "Yes!"})
        assert reply.status_code == 201
        assert (await events_until(sofia_ws, "new_message"))[-1]["message"]["content"] == "Yes!"
        assert (await events_until(maya_laptop, "message_sent"))[-1]["message"]["content"] \
            == "Yes!"
        for closing in (maya_laptop, sofia_ws):
            await closing.close()
        await maya.aclose()
        await sofia.aclose()


async def test_a_block_refuses_messages_over_the_socket_both_ways(db: str, tmp_path: Path
                                                                 ) -> None:
    """Issue 37: the socket sends through the same check as ``POST /api/messages``."""
    with servers(db, tmp_path) as [url]:
        maya = await Person(url).register("maya")
        sofia = await Person(url).register("sofia")
        blocked = await maya.post("/api/blocks", {"userId": sofia.id})
        assert blocked.status_code == 201, blocked.text
        for me, them in ((sofia, maya), (maya, sofia)):
            ws = await authed_socket(me)
            await ws.send(json.dumps({"type": "message", "receiverId": them.id,
                                      "content": "Hello?"}))
            assert await next_event(ws) == {"type": "error",
                                            "message": "You can't interact with this member"}
            await ws.close()
        await maya.aclose()
        await sofia.aclose()


async def heard(ws: ClientConnection, send: Callable[[int], Awaitable[None]]) -> str:
    """Send once and return the content of the ``new_message`` that ``ws`` hears: the
    socket's Redis subscription is live before its ``auth_success`` (no retries needed)."""
    await send(1)
    return str((await events_until(ws, "new_message"))[-1]["message"]["content"])


@pytest.mark.redis
async def test_two_processes_share_messages_through_redis(db: str, tmp_path: Path,
                                                          redis_url: str) -> None:
    with servers(db, tmp_path, count=2, redis_url=redis_url) as [first, second]:
        maya = await Person(first).register("maya")
        sofia = await Person(second).register("sofia")
        maya_ws = await authed_socket(maya)

        async def from_sofia(n: int) -> None:
            sent = await sofia.post("/api/messages", {
                "senderId": sofia.id, "receiverId": maya.id,
                "content": f"Hello from the other process #{n}"})
            assert sent.status_code == 201, sent.text

        assert (await heard(maya_ws, from_sofia)).startswith("Hello from the other process #")
        # And the other way round: a socket on the second process hears the first.
        sofia_ws = await authed_socket(sofia)

        async def from_maya(n: int) -> None:
            await maya_ws.send(json.dumps({"type": "message", "receiverId": sofia.id,
                                           "content": f"Got it #{n}"}))

        assert (await heard(sofia_ws, from_maya)).startswith("Got it #")
        for ws in (maya_ws, sofia_ws):
            await ws.close()
        await maya.aclose()
        await sofia.aclose()


@pytest.mark.redis
async def test_serve_with_two_workers_shares_sessions_and_messages(db: str, tmp_path: Path,
                                                                   redis_url: str) -> None:
    """``rethread serve --workers 2`` on Redis: both workers take sockets, a session made on
    either is honoured by both, and a message sent through a socket on one worker reaches
    the partner's sockets on both workers (and the sender's other socket)."""
    with serving(db, tmp_path, redis_url=redis_url, workers=2) as [(process, url)]:
        pids = worker_pids(process.pid)
        assert len(pids) == 2
        maya = await Person(url).register("maya")
        sofia = await Person(url).register("sofia")
        held: dict[int, dict[int, ClientConnection]] = {maya.id: {}, sofia.id: {}}
        spare = []
        for person in (maya, sofia):
            for _ in range(40):  # the kernel hands each connection to either worker
                ws = await authed_socket(person)
                pid = holder_of_connection(pids, ws.local_address[1])
                assert pid in pids
                (spare.append(ws) if pid in held[person.id] else
                 held[person.id].__setitem__(pid, ws))
                if len(held[person.id]) == 2:
                    break
            assert set(held[person.id]) == set(pids), "one worker took every socket"
        for pid, ws in held[maya.id].items():
            await ws.send(json.dumps({"type": "message", "receiverId": sofia.id,
                                      "content": f"from worker {pid}"}))
            for each in held[sofia.id].values():
                event = (await events_until(each, "new_message"))[-1]
                assert event["message"]["content"] == f"from worker {pid}"
            for each in held[maya.id].values():
                event = (await events_until(each, "message_sent"))[-1]
                assert event["message"]["content"] == f"from worker {pid}"
        for ws in [*held[maya.id].values(), *held[sofia.id].values(), *spare]:
            await ws.close()
        await maya.aclose()
        await sofia.aclose()
        log = (tmp_path / "server-0.log").read_text()
        assert "died" not in log, "a worker was replaced (missed its health check)"
