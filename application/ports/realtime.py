"""The realtime port: push an event to every open ``/ws`` socket of some users.

Services never call it: they record events on their unit of work (``uow.publish``), and the
after-commit dispatcher (``application/shared/after_commit.py``) calls this port once the
transaction has committed, retrying a failure. So an adapter raises when it could not
publish. Event ``type``s: ``new_message``, ``message_sent``, ``messages_read``,
``notification``, ``notifications_read``, ``offer_updated``, ``order_updated``,
``session_ended``. A user with no open socket simply misses an event and reads the state over
HTTP later.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol


class RealtimePublisher(Protocol):
    async def publish(self, user_ids: Iterable[int], event: dict[str, Any]) -> None: ...
