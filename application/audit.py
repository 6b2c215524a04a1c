"""The audit log (issue 37): every administrator action is recorded, inside the action's own
transaction, by :func:`record_audit`; administrators read it in pages. Nothing edits or
deletes an entry."""

from __future__ import annotations

from dataclasses import dataclass

from application.ports import Clock, UnitOfWork
from application.shared.paging import After, Page, page_of, page_request
from domain.accounts import User
from domain.errors import ValidationError
from domain.moderation import AuditAction, AuditEntry
from domain.validation._rules import clean


async def record_audit(uow: UnitOfWork, admin: User | None, action: AuditAction,
                       target_type: str, target_id: int, note: str | None, clock: Clock
                       ) -> AuditEntry:
    """One entry; ``admin`` None is the operator at a terminal (the CLI) or a timer."""
    return await uow.audit.add(AuditEntry(
        admin_id=admin.id if admin is not None else None, action=action,
        target_type=target_type, target_id=target_id, note=clean(note),
        created_at=clock.now()))


@dataclass(frozen=True)
class AuditLog:
    """A page of the log, with the usernames of the administrators who made its entries
    (the desk and the CLI show who, not an id)."""

    page: Page[AuditEntry]
    usernames: dict[int, str]


class AuditService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def list(self, reader: User | None, *, admin_id: int | None = None,
                   action: str | None = None, limit: int | None = None,
                   cursor: str | None = None) -> AuditLog:
        """Newest first; ``reader`` None is the operator (the CLI)."""
        if reader is not None:
            reader.ensure_admin()
        wanted = None
        if action:
            wanted = AuditAction.parse(action)
            if wanted is None:
                raise ValidationError({"action": "Unknown action"})
        request = page_request(limit, cursor)
        async with self.uow:
            rows = await self.uow.audit.page(request.fetch, request.after, admin_id=admin_id,
                                             action=wanted)
            page = page_of(rows, request, _position)
            admins = await self.uow.users.get_many(
                {entry.admin_id for entry in page.items if entry.admin_id is not None})
        return AuditLog(page, {user_id: user.username for user_id, user in admins.items()})


def _position(entry: AuditEntry) -> After:
    assert entry.id is not None
    return After(entry.created_at, entry.id)
