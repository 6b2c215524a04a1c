"""Realtime channels on Redis: processes on one database hear each other, and nothing else
on the same Redis server does (pub/sub channels ignore database numbers)."""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit, urlunsplit

import pytest
from redis.asyncio import Redis

from adapters.realtime import create_channels

pytestmark = [pytest.mark.adapters, pytest.mark.redis]


def _other_database(url: str) -> str:
    """A database none of the test workers uses (each uses its base + worker number)."""
    parts = urlsplit(url)
    db = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(db + 8) % 16}"))


async def test_channels_reach_processes_on_the_same_database_only(redis_url: str) -> None:
    clients = [Redis.from_url(redis_url), Redis.from_url(redis_url),
               Redis.from_url(_other_database(redis_url))]
    publisher, listener, stranger = (create_channels(client) for client in clients)
    try:
        async with publisher, listener, stranger, \
                listener.start_subscription("user:1") as heard, \
                stranger.start_subscription("user:1") as overheard:
            await publisher.wait_published({"type": "ping"}, ["user:1"])
            events = heard.iter_events()
            assert await asyncio.wait_for(anext(events), 5) == b'{"type":"ping"}'
            # another database's process hears nothing (and if it does, the report says what)
            stray = asyncio.ensure_future(anext(overheard.iter_events()))
            done, _ = await asyncio.wait([stray], timeout=0.5)
            stray.cancel()
            assert not done, f"a process on another database heard {stray.result()!r}"
    finally:
        for client in clients:
            await client.aclose()


async def test_sockets_subscribing_together_all_hear_their_events(redis_url: str) -> None:
    """Many first subscriptions at once (sockets connecting together after a start) share
    the one pub/sub connection that is read; none is left on a connection nobody reads."""
    clients = [Redis.from_url(redis_url), Redis.from_url(redis_url)]
    publisher, listener = (create_channels(client) for client in clients)
    names = [f"user:{n}" for n in range(1, 51)]
    try:
        async with publisher, listener:
            subscribers = await asyncio.gather(*(listener.subscribe(name) for name in names))
            for name in names:
                await publisher.wait_published(name.encode(), [name])
            for name, subscriber in zip(names, subscribers, strict=True):
                event = await asyncio.wait_for(anext(subscriber.iter_events()), 5)
                assert event == name.encode()
    finally:
        for client in clients:
            await client.aclose()
