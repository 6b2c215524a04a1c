"""Blocking (issue 37): a member blocks another; between two people where either blocked the
other, messages, offers (making, accepting, countering), likes, follows and orders are refused
(:func:`ensure_can_interact`, the one check every such service calls inside its transaction)
and each one's listings, posts and comments are hidden from the other (:func:`hidden_people`,
what the shop, feed and search leave out for a viewer). Making and undoing a block is
``application/block_service.py``."""

from __future__ import annotations

from application.ports import UnitOfWork
from domain.accounts import User
from domain.errors import Forbidden
from domain.moderation import BLOCKED


async def ensure_can_interact(uow: UnitOfWork, a: int, b: int) -> None:
    """403 :data:`BLOCKED` when ``a`` or ``b`` blocked the other."""
    if a != b and await uow.blocks.between(a, b):
        raise Forbidden(BLOCKED)


async def blocked_by(uow: UnitOfWork, blocker_id: int, blocked_id: int) -> bool:
    """Whether ``blocker_id`` blocked ``blocked_id`` (one way: what the blocker alone may be
    told, with an Unblock; the other is never told that they were blocked)."""
    return blocker_id != blocked_id and any(
        b.blocked_id == blocked_id for b in await uow.blocks.by(blocker_id))


async def hidden_people(uow: UnitOfWork, viewer: User | None) -> frozenset[int]:
    """The members whose content ``viewer`` does not see (empty for visitors)."""
    if viewer is None or viewer.id is None:
        return frozenset()
    return await uow.blocks.hidden_from(viewer.id)
