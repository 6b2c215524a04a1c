"""Blocking (issue 37): a member blocks another; between two people where either blocked the
other, messages, offers, follows and orders are refused (:func:`ensure_can_interact`, the one
check every such service calls inside its transaction) and each one's listings, posts and
comments are hidden from the other (:func:`hidden_people`, what the shop, feed and search
leave out for a viewer)."""

from __future__ import annotations

from dataclasses import dataclass

from application.ports import Clock, UnitOfWork
from domain.accounts import User
from domain.errors import Forbidden, NotFound, ValidationError
from domain.moderation import BLOCKED, CANNOT_BLOCK_SELF, Block


async def ensure_can_interact(uow: UnitOfWork, a: int, b: int) -> None:
    """403 :data:`BLOCKED` when ``a`` or ``b`` blocked the other."""
    if a != b and await uow.blocks.between(a, b):
        raise Forbidden(BLOCKED)


async def hidden_people(uow: UnitOfWork, viewer: User | None) -> frozenset[int]:
    """The members whose content ``viewer`` does not see (empty for visitors)."""
    if viewer is None or viewer.id is None:
        return frozenset()
    return await uow.blocks.hidden_from(viewer.id)


@dataclass(frozen=True)
class BlockedMember:
    block: Block
    user: User


class BlockService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def block(self, actor: User, user_id: int) -> BlockedMember:
        assert actor.id is not None
        if user_id == actor.id:
            raise ValidationError({"userId": CANNOT_BLOCK_SELF})
        now = self.clock.now()
        async with self.uow:
            user = await self.uow.users.get(user_id)
            if user is None:
                raise NotFound("User not found")
            await self.uow.blocks.add(actor.id, user_id, now)
            # A block ends the follows both ways: neither keeps seeing the other's news.
            await self.uow.follows.remove(actor.id, user_id)
            await self.uow.follows.remove(user_id, actor.id)
            await self.uow.commit()
            found = [b for b in await self.uow.blocks.by(actor.id) if b.blocked_id == user_id]
        return BlockedMember(found[0] if found else Block(actor.id, user_id, now), user)

    async def unblock(self, actor: User, user_id: int) -> None:
        assert actor.id is not None
        async with self.uow:
            if not await self.uow.blocks.remove(actor.id, user_id):
                raise NotFound("You have not blocked this member")
            await self.uow.commit()

    async def list(self, actor: User) -> list[BlockedMember]:
        assert actor.id is not None
        async with self.uow:
            blocks = await self.uow.blocks.by(actor.id)
            users = await self.uow.users.get_many({b.blocked_id for b in blocks})
        return [BlockedMember(b, users[b.blocked_id]) for b in blocks if b.blocked_id in users]
