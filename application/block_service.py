"""Blocking a member and undoing it (issue 37); the rules a block enforces are
``application/blocks.py``. Making a block also ends the follows and the dealings between
the two: open offers either way are closed and unused reservations of accepted offers end
(``member_blocked``, ``application/offer_endings.py``), and each one's listings leave the
other's bag (``application/bundles.py``), so neither holds an item the other can no longer
sell or buy. (Its own module: the offer endings reach messaging, which needs
``ensure_can_interact``.)"""

from __future__ import annotations

from dataclasses import dataclass

from application.bundles import unbag_between
from application.offer_endings import end_dealings_between
from application.ports import Clock, UnitOfWork
from domain.accounts import User
from domain.errors import NotFound, ValidationError
from domain.moderation import CANNOT_BLOCK_SELF, Block


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
            # ... and their dealings: open offers between them close, reservations end, and
            # each one's items leave the other's bag.
            await end_dealings_between(self.uow, actor.id, user_id, now)
            await unbag_between(self.uow, actor.id, user_id)
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
