"""The audit log (issue 37): every administrator action is recorded, inside the action's own
transaction, by :func:`record_audit`; administrators read it in pages, each entry's target
named for people (the desk's rule, ``domain.reports.target_label``, for a listing, member,
style post or comment; ``domain.moderation.record_label`` for an order, a report or a
dispute) and linked where it is seen in its place (``domain.reports.target_link``), all
read with the page, one query per kind. Nothing edits or deletes an entry."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from application.ports import Clock, UnitOfWork
from application.ports.moderation import ReportedContent
from application.shared.paging import After, Page, page_of, page_request
from domain.accounts import User
from domain.errors import ValidationError
from domain.listings import Listing
from domain.moderation import AuditAction, AuditEntry, record_label
from domain.reports import Report, ReportTarget, target_label, target_link
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
    (the desk and the CLI show who, not an id), and each entry's target by target type and
    id: what it is called (``labels``: the desk's ``target_label`` for a listing, member,
    style post or comment, ``record_label`` for an order, a report or a dispute; one gone
    since still has a name) and where it is seen in its place (``links``: ``target_link``;
    left out: an order, a report or a dispute, which have no such page, and a target that
    no longer exists). ``repeated``: the entries whose note only repeats their order's
    number, which the label already says (older payment confirmations kept it as their
    note; an entry is never edited, so it is left out when read)."""

    page: Page[AuditEntry]
    usernames: dict[int, str]
    links: dict[tuple[str, int], str]
    labels: dict[tuple[str, int], str]
    repeated: frozenset[int] = frozenset()

    def link(self, entry: AuditEntry) -> str | None:
        return self.links.get((entry.target_type, entry.target_id))

    def label(self, entry: AuditEntry) -> str:
        return self.labels.get((entry.target_type, entry.target_id)) or record_label(
            entry.target_type, entry.target_id)

    def note(self, entry: AuditEntry) -> str:
        return "" if entry.id in self.repeated else entry.note


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
            names = await _Names.read(self.uow, page.items, admin_ids)
        return AuditLog(page, {user_id: names.people[user_id].username
                               for user_id in admin_ids if user_id in names.people},
                        names.links(), names.labels(page.items), names.repeated(page.items))


def _ids(entries: Iterable[AuditEntry], target_type: str) -> list[int]:
    return sorted({entry.target_id for entry in entries if entry.target_type == target_type})


@dataclass(frozen=True)
class _Names:
    """What the page's targets are, read in one query per kind: its listings, members
    (with the page's administrators), posts, comments and messages (those a report on the
    page is about too), its reports, and the numbers of its orders and of the orders its
    disputes are about."""

    subjects: set[tuple[ReportTarget, int]]
    people: dict[int, User]
    listings: dict[int, Listing]
    contents: dict[ReportTarget, dict[int, ReportedContent]]
    reports: dict[int, Report]
    order_numbers: dict[str, dict[int, str]]  # by target type: "order", "dispute"

    @classmethod
    async def read(cls, uow: UnitOfWork, entries: Sequence[AuditEntry], admin_ids: set[int]
                   ) -> _Names:
        reports = await uow.reports.get_many(_ids(entries, "report"))
        subjects = {(kind, entry.target_id) for entry in entries
                    if (kind := ReportTarget.parse(entry.target_type)) is not None}
        subjects |= {(r.target_type, r.target_id) for r in reports.values()}

        def ids(kind: ReportTarget) -> list[int]:
            return sorted(i for k, i in subjects if k is kind)

        return cls(
            subjects, await uow.users.get_many(admin_ids | set(ids(ReportTarget.USER))),
            await uow.listings.get_many(ids(ReportTarget.LISTING)),
            {kind: await uow.reports.contents(kind, ids(kind))
             for kind in (ReportTarget.POST, ReportTarget.COMMENT, ReportTarget.MESSAGE)},
            reports,
            {kind: await uow.audit.order_numbers(kind, _ids(entries, kind))
             for kind in ("order", "dispute")})

    def _exists(self, kind: ReportTarget, target_id: int) -> bool:
        if kind is ReportTarget.USER:
            return target_id in self.people
        if kind is ReportTarget.LISTING:
            return target_id in self.listings
        return target_id in self.contents.get(kind, {})

    def subject_label(self, kind: ReportTarget, target_id: int) -> str:
        """The desk's name for a listing, member, post, comment or message."""
        person = self.people.get(target_id) if kind is ReportTarget.USER else None
        listing = self.listings.get(target_id) if kind is ReportTarget.LISTING else None
        content = self.contents.get(kind, {}).get(target_id)
        words = listing.title if listing else content.words if content else None
        return target_label(kind, target_id, words, username=person.username
                            if person is not None and not person.is_closed else None)

    def links(self) -> dict[tuple[str, int], str]:
        links = {(kind.value, i): target_link(
            kind, i, exists=self._exists(kind, i),
            post_id=content.post_id if (content := self.contents.get(kind, {}).get(i)) else None)
            for kind, i in self.subjects}
        return {key: link for key, link in links.items() if link is not None}

    def label(self, target_type: str, target_id: int) -> str:
        kind = ReportTarget.parse(target_type)
        if kind is not None:
            return self.subject_label(kind, target_id)
        report = self.reports.get(target_id) if target_type == "report" else None
        return record_label(
            target_type, target_id,
            order_number=self.order_numbers.get(target_type, {}).get(target_id),
            about=None if report is None
            else self.subject_label(report.target_type, report.target_id))

    def labels(self, entries: Sequence[AuditEntry]) -> dict[tuple[str, int], str]:
        return {(e.target_type, e.target_id): self.label(e.target_type, e.target_id)
                for e in entries}

    def repeated(self, entries: Sequence[AuditEntry]) -> frozenset[int]:
        """The entries on an order whose note is that order's number."""
        numbers = self.order_numbers.get("order", {})
        return frozenset(e.id for e in entries if e.id is not None and e.target_type == "order"
                         and e.note and e.note == numbers.get(e.target_id))


def _position(entry: AuditEntry) -> After:
    assert entry.id is not None
    return After(entry.created_at, entry.id)
