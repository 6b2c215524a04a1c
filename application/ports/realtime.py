"""The realtime port: push an event to every open ``/ws`` socket of some users.

Services publish **after** ``uow.commit()`` so nobody hears of a change that rolled back.
Event ``type``s: ``new_message``, ``message_sent``, ``notification``, ``offer_updated``,
``order_updated``. Delivery is best effort: a user with no open socket simply misses it and
reads the state over HTTP later.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class RealtimePublisher(Protocol):
    async def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None: ...
