"""The audit log (issue 37): every administrator action is recorded, inside the action's own
transaction, by :func:`record_audit`; administrators read it in pages, each entry with where
its listing, member, style post or comment is seen in its place (the desk's rule,
``domain.reports.target_link``). Nothing edits or deletes an entry."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from application.ports import Clock, UnitOfWork
from application.shared.paging import After, Page, page_of, page_request
from domain.accounts import User
from domain.errors import ValidationError
from domain.moderation import AuditAction, AuditEntry
from domain.reports import ReportTarget, target_link
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
    (the desk and the CLI show who, not an id), and where each entry's target is seen in its
    place, by target type and id (``target_link``; left out: an order, a report or a
    dispute, which have no such page, and a target that no longer exists)."""

    page: Page[AuditEntry]
    usernames: dict[int, str]
    links: dict[tuple[str, int], str]

    def link(self, entry: AuditEntry) -> str | None:
        return self.links.get((entry.target_type, entry.target_id))


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
            admin_ids = {entry.admin_id for entry in page.items if entry.admin_id is not None}
            targets = _targets(page.items)
            people = await self.uow.users.get_many(
                admin_ids | {i for kind, i in targets if kind is ReportTarget.USER})
            links = await _links(self.uow, targets, people.keys())
        return AuditLog(page, {user_id: people[user_id].username
                               for user_id in admin_ids if user_id in people}, links)


def _targets(entries: Sequence[AuditEntry]) -> set[tuple[ReportTarget, int]]:
    """The entries' targets that can have a page: listings, members, posts and comments."""
    return {(kind, entry.target_id) for entry in entries
            if (kind := ReportTarget.parse(entry.target_type)) is not None}


async def _links(uow: UnitOfWork, targets: set[tuple[ReportTarget, int]],
                 people: Iterable[int]) -> dict[tuple[str, int], str]:
    """Where each target still there is seen, in one read per kind (a member from
    ``people``, those read with the page's administrators; a comment with its post)."""
    def ids(kind: ReportTarget) -> list[int]:
        return [i for k, i in targets if k is kind]

    there: dict[tuple[ReportTarget, int], int | None] = {  # (kind, id): a comment's post
        (ReportTarget.USER, i): None for i in set(ids(ReportTarget.USER)) & set(people)}
    there |= {(ReportTarget.LISTING, i): None
              for i in await uow.listings.get_many(ids(ReportTarget.LISTING))}
    for kind in (ReportTarget.POST, ReportTarget.COMMENT):
        for i, content in (await uow.reports.contents(kind, ids(kind))).items():
            there[kind, i] = content.post_id
    links = {(kind.value, i): target_link(kind, i, exists=(kind, i) in there,
                                          post_id=there.get((kind, i)))
             for kind, i in targets}
    return {key: link for key, link in links.items() if link is not None}


def _position(entry: AuditEntry) -> After:
    assert entry.id is not None
    return After(entry.created_at, entry.id)
