"""The realtime publisher on Litestar channels: in memory, or through Redis pub/sub.

Every user has one channel, ``user:<id>``; each open ``/ws`` socket of that user subscribes
to it. With Redis (``RETHREAD_REDIS_URL``) every server process subscribes through the same
Redis, so an event published by one process reaches sockets held by another; the channels
there are named after the Redis database (``rethread:<db>:user:<id>``), since pub/sub
ignores database numbers.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator, Iterable
from typing import Any

from litestar.channels import ChannelsPlugin
from litestar.channels.backends.memory import MemoryChannelsBackend
from litestar.channels.backends.redis import RedisChannelsPubSubBackend
from redis.asyncio import Redis

SOCKET_BACKLOG = 500


def user_channel(user_id: int) -> str:
    return f"user:{user_id}"


class NamespacedPubSubBackend(RedisChannelsPubSubBackend):
    """Redis pub/sub with channel names prefixed by the Redis database number.

    Pub/sub channels belong to the whole Redis server, not to a database: two deployments
    (or two test runs) on one Redis with different ``/db`` numbers would otherwise hear each
    other's ``user:<id>`` events, and user ids start at 1 everywhere."""

    def __init__(self, redis: Redis) -> None:
        super().__init__(redis=redis, stream_sleep_no_subscriptions=200,
                         key_prefix="RETHREAD_CHANNELS")
        db = redis.connection_pool.connection_kwargs.get("db", 0)
        self.namespace = f"rethread:{db}:"
        self._commands = asyncio.Lock()

    def _named(self, channels: Iterable[str]) -> list[str]:
        return [self.namespace + channel for channel in channels]

    async def on_startup(self) -> None:
        # redis-py's PubSub opens its connection on the first command, and several first
        # commands at once (sockets connecting together after a start) each took a pool
        # connection: every one but the last was never read, so the sockets subscribed
        # through them heard nothing (bench/ws_bench.py found 1 in 1,000 deaf). Connect once
        # here, and send one (un)subscribe at a time.
        await self._pub_sub.connect()

    async def subscribe(self, channels: Iterable[str]) -> None:
        async with self._commands:
            await super().subscribe(self._named(channels))

    async def unsubscribe(self, channels: Iterable[str]) -> None:
        async with self._commands:
            await super().unsubscribe(self._named(channels))

    async def publish(self, data: bytes, channels: Iterable[str]) -> None:
        await super().publish(data, self._named(channels))

    async def stream_events(self) -> AsyncGenerator[tuple[str, Any], None]:
        cut = len(self.namespace)
        async for channel, data in super().stream_events():
            yield channel[cut:], data


class ProcessBackend(MemoryChannelsBackend):
    """Channels inside this process. Before the app has started it (the CLI, a test that
    builds services without the app) no socket can be subscribed, so there is nobody to
    reach: publishing is done, not an error to retry."""

    async def publish(self, data: bytes, channels: Iterable[str]) -> None:
        if self._queue is None:
            return
        await super().publish(data, channels)


def create_channels(redis: Redis | None) -> ChannelsPlugin:
    """The app's channels plugin (registered on the Litestar app, started with it)."""
    backend = ProcessBackend() if redis is None else NamespacedPubSubBackend(redis)
    return ChannelsPlugin(backend=backend, arbitrary_channels_allowed=True,
                          subscriber_max_backlog=SOCKET_BACKLOG,
                          subscriber_backlog_strategy="dropleft")


class ChannelsRealtimePublisher:
    """Publishes to each user's channel. A failure (Redis down) is raised: the after-commit
    dispatcher (``application/shared/after_commit.py``) logs it and tries again."""

    def __init__(self, channels: ChannelsPlugin) -> None:
        self.channels = channels

    async def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None:
        targets = [user_channel(user_id) for user_id in dict.fromkeys(user_ids)]
        if targets:
            await self.channels.wait_published(event, targets)
