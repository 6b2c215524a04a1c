"""A running suspension keeps a member out of trade (issue 37): no order is placed and no
offer accepted with them, as buyer or seller (``domain/moderation.py``,
:func:`~domain.moderation.ensure_not_suspended`). Their sessions end when they are
suspended, so this is the check for the other party, and for a session that outlived it.
A timed suspension that has run out no longer counts, even before the timers' sweep lifts it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from application.ports import UnitOfWork
from domain.moderation import ensure_not_suspended


async def suspended_now(uow: UnitOfWork, user_ids: Iterable[int], now: datetime
                        ) -> frozenset[int]:
    """Which of ``user_ids`` are suspended at ``now``."""
    found = set()
    for user_id in set(user_ids):
        suspension = await uow.suspensions.get(user_id)
        if suspension is not None and suspension.active(now):
            found.add(user_id)
    return frozenset(found)


async def ensure_can_trade(uow: UnitOfWork, actor_id: int, other_id: int, now: datetime,
                           refusal: str) -> None:
    """403 when ``actor_id`` is suspended, 409 ``refusal`` when ``other_id`` is."""
    ensure_not_suspended(actor_id, await suspended_now(uow, (actor_id, other_id), now),
                         refusal)
