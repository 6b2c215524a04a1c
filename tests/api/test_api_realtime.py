"""``/ws`` on a real server process: session auth, impersonation refused, live fan-out to
every socket of both users, and (with Redis) delivery across two server processes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.api.realtime_support import Person, authed_socket, events_until, next_event, servers

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
        await ws.send(json.dumps({"type": "ping"}))
        assert await next_event(ws) == {"type": "pong"}
        # Logging out ends the socket at its next message.
        assert (await maya.post("/api/logout", {})).status_code in (200, 204)
        await ws.send(json.dumps({"type": "ping"}))
        assert (await next_event(ws))["type"] == "error"
        assert await _closed_code(ws) == 4401
        await maya.aclose()
        await stranger.aclose()


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


async def test_two_processes_share_messages_through_redis(db: str, tmp_path: Path,
                                                          redis_url: str) -> None:
    with servers(db, tmp_path, count=2, redis_url=redis_url) as [first, second]:
        maya = await Person(first).register("maya")
        sofia = await Person(second).register("sofia")
        maya_ws = await authed_socket(maya)
        await asyncio.sleep(0.5)  # the subscription reaches Redis
        sent = await sofia.post("/api/messages", {"senderId": sofia.id, "receiverId": maya.id,
                                                  "content": "Hello from the other process"})
        assert sent.status_code == 201, sent.text
        got = (await events_until(maya_ws, "new_message"))[-1]["message"]
        assert got["content"] == "Hello from the other process"
        # And the other way round: a socket on the second process hears the first.
        sofia_ws = await authed_socket(sofia)
        await asyncio.sleep(0.5)
        await maya_ws.send(json.dumps({"type": "message", "receiverId": sofia.id,
                                       "content": "Got it"}))
        assert (await events_until(sofia_ws, "new_message"))[-1]["message"]["content"] \
            == "Got it"
        for ws in (maya_ws, sofia_ws):
            await ws.close()
        await maya.aclose()
        await sofia.aclose()
