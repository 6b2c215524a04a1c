"""The realtime publisher on Litestar channels: in memory, or through Redis pub/sub.

Every user has one channel, ``user:<id>``; each open ``/ws`` socket of that user subscribes
to it. With Redis (``RETHREAD_REDIS_URL``) every server process subscribes through the same
Redis, so an event published by one process reaches sockets held by another.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from litestar.channels import ChannelsPlugin
from litestar.channels.backends.memory import MemoryChannelsBackend
from litestar.channels.backends.redis import RedisChannelsPubSubBackend
from redis.asyncio import Redis

log = logging.getLogger("rethread.realtime")
SOCKET_BACKLOG = 500


def user_channel(user_id: int) -> str:
    return f"user:{user_id}"


def create_channels(redis: Redis | None) -> ChannelsPlugin:
    """The app's channels plugin (registered on the Litestar app, started with it)."""
    backend = (MemoryChannelsBackend() if redis is None else
               RedisChannelsPubSubBackend(redis=redis, stream_sleep_no_subscriptions=200,
                                          key_prefix="RETHREAD_CHANNELS"))
    return ChannelsPlugin(backend=backend, arbitrary_channels_allowed=True,
                          subscriber_max_backlog=SOCKET_BACKLOG,
                          subscriber_backlog_strategy="dropleft")


class ChannelsRealtimePublisher:
    """Publishes to each user's channel. Best effort: the change is already committed, so
    a failure to publish (no app running, e.g. the CLI; Redis down) is logged, not raised."""

    def __init__(self, channels: ChannelsPlugin) -> None:
        self.channels = channels

    async def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None:
        targets = [user_channel(user_id) for user_id in dict.fromkeys(user_ids)]
        if not targets:
            return
        try:
            await self.channels.wait_published(event, targets)
        except Exception:  # realtime must never undo a committed change
            log.warning("could not publish %s to %d users", event.get("type"), len(targets),
                        exc_info=True)
