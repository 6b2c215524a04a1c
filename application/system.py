"""System checks for operators (health)."""

from __future__ import annotations

from application.ports import UnitOfWork


class SystemService:
    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow

    async def health(self) -> bool:
        """True once the database answers a trivial query."""
        async with self.uow:
            return await self.uow.ping()
