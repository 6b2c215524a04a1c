"""Trust and safety tables (issue 37): reports, blocks, suspensions, hidden content and the
audit log, with the repositories behind ``application/ports/moderation.py``.

A report is unique per (reporter, target type, target id): a second report of the same
target, even sent twice at once, is a unique violation, which the unit of work answers as a
conflict. Blocks have the primary key (blocker, blocked) and are added with ``ON CONFLICT DO
NOTHING``. The audit table has an add and reads only: no code path updates or deletes it.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    delete,
    func,
    null,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import SessionRow, UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime, dialect_insert, rowcount
from adapters.sqlalchemy.catalog import ProductRow
from adapters.sqlalchemy.disputes import DisputeRow
from adapters.sqlalchemy.messaging import MessageRow
from adapters.sqlalchemy.orders import OrderRow
from adapters.sqlalchemy.paging import keyset_page
from adapters.sqlalchemy.posts import CommentRow, PostRow
from application.ports.moderation import ReportedContent
from application.shared.paging import After
from domain.catalog import ListingStatus
from domain.moderation import (
    AuditAction,
    AuditEntry,
    Block,
    HiddenKind,
    HideCause,
    Hiding,
    Suspension,
)
from domain.reports import Report, ReportAction, ReportReason, ReportStatus, ReportTarget


class ReportRow(Base):
    __tablename__ = "reports"
    __table_args__ = (
        UniqueConstraint("reporter_id", "target_type", "target_id",
                         name="uq_reports_reporter_id_target"),
        Index("ix_reports_status_target", "status", "target_type", "target_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    target_type: Mapped[str] = mapped_column(String(16))
    target_id: Mapped[int] = mapped_column(Integer)
    target_owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    reason: Mapped[str] = mapped_column(String(16))
    details: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    status: Mapped[str] = mapped_column(String(16))
    action: Mapped[str | None] = mapped_column(String(16))
    note: Mapped[str | None] = mapped_column(Text)
    resolved_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    resolved_at: Mapped[datetime | None] = mapped_column(UtcDateTime)


class BlockRow(Base):
    __tablename__ = "blocks"
    __table_args__ = (Index("ix_blocks_blocked_id", "blocked_id"),)

    blocker_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                            primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                            primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


class SuspensionRow(Base):
    __tablename__ = "suspensions"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                         primary_key=True)
    reason: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    ends_at: Mapped[datetime | None] = mapped_column(UtcDateTime)
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class HiddenRow(Base):
    __tablename__ = "hidden_content"
    __table_args__ = (Index("ix_hidden_content_owner_id", "owner_id"),)

    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    target_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    cause: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    # A moderator's reason (the note, or the reports' reason from the desk): its owner and
    # administrators read it; None for older rows and hidings by a suspension.
    reason: Mapped[str | None] = mapped_column(Text)


class AuditRow(Base):
    __tablename__ = "audit_entries"
    __table_args__ = (Index("ix_audit_entries_created_at_id", "created_at", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    admin_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"),
                                                 index=True)
    action: Mapped[str] = mapped_column(String(32), index=True)
    target_type: Mapped[str] = mapped_column(String(16))
    target_id: Mapped[int] = mapped_column(Integer)
    note: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


def _report(row: ReportRow) -> Report:
    return Report(
        id=row.id, reporter_id=row.reporter_id, target_type=ReportTarget(row.target_type),
        target_id=row.target_id, target_owner_id=row.target_owner_id,
        reason=ReportReason(row.reason), details=row.details, created_at=row.created_at,
        status=ReportStatus(row.status),
        action=ReportAction(row.action) if row.action else None, note=row.note,
        resolved_by=row.resolved_by, resolved_at=row.resolved_at)


class SqlReportRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, report: Report) -> Report:
        row = ReportRow(
            reporter_id=report.reporter_id, target_type=report.target_type.value,
            target_id=report.target_id, target_owner_id=report.target_owner_id,
            reason=report.reason.value, details=report.details, created_at=report.created_at,
            status=report.status.value)
        self.session.add(row)
        await self.session.flush()
        report.id = row.id
        return report

    async def get(self, report_id: int) -> Report | None:
        row = await self.session.get(ReportRow, report_id)
        return None if row is None else _report(row)

    async def get_many(self, report_ids: list[int]) -> dict[int, Report]:
        if not report_ids:
            return {}
        rows = await self.session.scalars(select(ReportRow).where(ReportRow.id.in_(report_ids)))
        return {row.id: _report(row) for row in rows}

    async def exists(self, reporter_id: int, target_type: ReportTarget, target_id: int) -> bool:
        found = await self.session.scalar(select(ReportRow.id).where(
            ReportRow.reporter_id == reporter_id, ReportRow.target_type == target_type.value,
            ReportRow.target_id == target_id))
        return found is not None

    async def by_status(self, status: ReportStatus, limit: int) -> list[Report]:
        rows = await self.session.scalars(keyset_page(
            select(ReportRow).where(ReportRow.status == status.value), ReportRow.created_at,
            ReportRow.id, limit))
        return [_report(row) for row in rows]

    async def resolve_target(self, target_type: ReportTarget, target_id: int,
                             action: ReportAction, note: str, admin_id: int | None,
                             now: datetime) -> int:
        """Resolve every open report of one target; how many were open."""
        result = await self.session.execute(
            update(ReportRow)
            .where(ReportRow.target_type == target_type.value,
                   ReportRow.target_id == target_id,
                   ReportRow.status == ReportStatus.OPEN.value)
            .values(status=ReportStatus.RESOLVED.value, action=action.value, note=note,
                    resolved_by=admin_id, resolved_at=now))
        return int(rowcount(result) or 0)

    async def target_owner(self, target_type: ReportTarget, target_id: int
                           ) -> tuple[int, ...] | None:
        """The owner of a target first, then anyone else who may see it (a message's
        receiver); None when there is no such target."""
        if target_type is ReportTarget.USER:
            found = await self.session.scalar(select(UserRow.id).where(UserRow.id == target_id))
            return None if found is None else (found,)
        if target_type is ReportTarget.MESSAGE:
            row = (await self.session.execute(
                select(MessageRow.sender_id, MessageRow.receiver_id)
                .where(MessageRow.id == target_id))).first()
            return None if row is None else (row[0], row[1])
        column = {ReportTarget.LISTING: ProductRow.seller_id,
                  ReportTarget.POST: PostRow.user_id,
                  ReportTarget.COMMENT: CommentRow.user_id}[target_type]
        table_id = {ReportTarget.LISTING: ProductRow.id, ReportTarget.POST: PostRow.id,
                    ReportTarget.COMMENT: CommentRow.id}[target_type]
        owner = await self.session.scalar(select(column).where(table_id == target_id))
        return None if owner is None else (owner,)

    async def contents(self, target_type: ReportTarget, ids: list[int]
                       ) -> dict[int, ReportedContent]:
        if not ids:
            return {}
        # id, words, picture, post (what a kind does not have is NULL)
        columns = {
            ReportTarget.POST: (PostRow.id, PostRow.content, PostRow.thumbnail_url, null()),
            ReportTarget.COMMENT: (CommentRow.id, CommentRow.content, null(), CommentRow.post_id),
            ReportTarget.MESSAGE: (MessageRow.id, MessageRow.content, null(), null()),
        }.get(target_type)
        if columns is None:
            return {}
        found = await self.session.execute(select(*columns).where(columns[0].in_(ids)))
        return {row[0]: ReportedContent(row[1], row[2] or None, row[3]) for row in found}


class SqlBlockRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, blocker_id: int, blocked_id: int, now: datetime) -> bool:
        statement = (dialect_insert(self.session, BlockRow)
                     .values(blocker_id=blocker_id, blocked_id=blocked_id, created_at=now)
                     .on_conflict_do_nothing(index_elements=["blocker_id", "blocked_id"])
                     .returning(BlockRow.created_at))
        return await self.session.scalar(statement) is not None

    async def remove(self, blocker_id: int, blocked_id: int) -> bool:
        result = await self.session.execute(delete(BlockRow).where(
            BlockRow.blocker_id == blocker_id, BlockRow.blocked_id == blocked_id))
        return bool(rowcount(result))

    async def between(self, a: int, b: int) -> bool:
        found = await self.session.scalar(select(BlockRow.blocker_id).where(or_(
            (BlockRow.blocker_id == a) & (BlockRow.blocked_id == b),
            (BlockRow.blocker_id == b) & (BlockRow.blocked_id == a))).limit(1))
        return found is not None

    async def by(self, blocker_id: int) -> list[Block]:
        rows = await self.session.scalars(
            select(BlockRow).where(BlockRow.blocker_id == blocker_id)
            .order_by(BlockRow.created_at.desc()))
        return [Block(r.blocker_id, r.blocked_id, r.created_at) for r in rows]

    async def hidden_from(self, user_id: int) -> frozenset[int]:
        """Everyone ``user_id`` blocked or was blocked by."""
        mine = select(BlockRow.blocked_id).where(BlockRow.blocker_id == user_id)
        theirs = select(BlockRow.blocker_id).where(BlockRow.blocked_id == user_id)
        ids = await self.session.scalars(mine.union(theirs))
        return frozenset(ids)


class SqlSuspensionRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def get(self, user_id: int) -> Suspension | None:
        row = await self.session.get(SuspensionRow, user_id)
        if row is None:
            return None
        return Suspension(user_id=row.user_id, reason=row.reason, created_at=row.created_at,
                          ends_at=row.ends_at, created_by=row.created_by)

    async def put(self, suspension: Suspension) -> None:
        await self.session.execute(delete(SuspensionRow).where(
            SuspensionRow.user_id == suspension.user_id))
        self.session.add(SuspensionRow(
            user_id=suspension.user_id, reason=suspension.reason,
            created_at=suspension.created_at, ends_at=suspension.ends_at,
            created_by=suspension.created_by))
        await self.session.flush()

    async def remove(self, user_id: int) -> bool:
        result = await self.session.execute(
            delete(SuspensionRow).where(SuspensionRow.user_id == user_id))
        return bool(rowcount(result))

    async def ended_ids(self, now: datetime, limit: int) -> list[int]:
        found = await self.session.scalars(
            select(SuspensionRow.user_id)
            .where(SuspensionRow.ends_at.is_not(None), SuspensionRow.ends_at <= now)
            .order_by(SuspensionRow.ends_at, SuspensionRow.user_id).limit(limit))
        return list(found)

    async def remove_ended(self, user_id: int, now: datetime) -> bool:
        result = await self.session.execute(delete(SuspensionRow).where(
            SuspensionRow.user_id == user_id, SuspensionRow.ends_at.is_not(None),
            SuspensionRow.ends_at <= now))
        return bool(rowcount(result))

    async def end_sessions(self, user_id: int) -> int:
        result = await self.session.execute(delete(SessionRow).where(
            SessionRow.user_id == user_id))
        return int(rowcount(result) or 0)

    async def available_listings(self, user_id: int) -> list[int]:
        found = await self.session.scalars(select(ProductRow.id).where(
            ProductRow.seller_id == user_id,
            ProductRow.status == ListingStatus.AVAILABLE.value))
        return list(found)


class SqlHiddenRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, kind: HiddenKind, target_id: int, owner_id: int, cause: HideCause,
                  now: datetime, *, reason: str | None = None) -> bool:
        statement = (dialect_insert(self.session, HiddenRow)
                     .values(kind=kind.value, target_id=target_id, owner_id=owner_id,
                             cause=cause.value, created_at=now, reason=reason)
                     .on_conflict_do_nothing(index_elements=["kind", "target_id"])
                     .returning(HiddenRow.created_at))
        return await self.session.scalar(statement) is not None

    async def remove(self, kind: HiddenKind, target_id: int) -> bool:
        result = await self.session.execute(delete(HiddenRow).where(
            HiddenRow.kind == kind.value, HiddenRow.target_id == target_id))
        return bool(rowcount(result))

    async def hiding(self, kind: HiddenKind, target_id: int) -> Hiding | None:
        found = (await self.session.execute(select(HiddenRow.cause, HiddenRow.reason).where(
            HiddenRow.kind == kind.value, HiddenRow.target_id == target_id))).first()
        return None if found is None else Hiding(HideCause(found.cause), found.reason)

    async def causes(self, kind: HiddenKind, ids: list[int]) -> dict[int, HideCause]:
        if not ids:
            return {}
        found = await self.session.execute(select(HiddenRow.target_id, HiddenRow.cause).where(
            HiddenRow.kind == kind.value, HiddenRow.target_id.in_(ids)))
        return {row.target_id: HideCause(row.cause) for row in found}

    async def by_cause(self, owner_id: int, kind: HiddenKind, cause: HideCause) -> list[int]:
        found = await self.session.scalars(select(HiddenRow.target_id).where(
            HiddenRow.owner_id == owner_id, HiddenRow.kind == kind.value,
            HiddenRow.cause == cause.value))
        return list(found)


class SqlAuditRepository:
    """Add and read only: the audit log has no update or delete."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, entry: AuditEntry) -> AuditEntry:
        row = AuditRow(admin_id=entry.admin_id, action=entry.action.value,
                       target_type=entry.target_type, target_id=entry.target_id,
                       note=entry.note, created_at=entry.created_at)
        self.session.add(row)
        await self.session.flush()
        entry.id = row.id
        return entry

    async def page(self, limit: int, after: After | None = None, *,
                   admin_id: int | None = None, action: AuditAction | None = None
                   ) -> list[AuditEntry]:
        statement = keyset_page(select(AuditRow), AuditRow.created_at, AuditRow.id, limit, after)
        if admin_id is not None:
            statement = statement.where(AuditRow.admin_id == admin_id)
        if action is not None:
            statement = statement.where(AuditRow.action == action.value)
        rows = await self.session.scalars(statement)
        return [AuditEntry(id=r.id, admin_id=r.admin_id, action=AuditAction(r.action),
                           target_type=r.target_type, target_id=r.target_id, note=r.note,
                           created_at=r.created_at) for r in rows]

    async def last_done(self, action: AuditAction, target_ids: list[int]
                        ) -> dict[int, datetime]:
        if not target_ids:
            return {}
        found = await self.session.execute(
            select(AuditRow.target_id, func.max(AuditRow.created_at))
            .where(AuditRow.action == action.value, AuditRow.target_id.in_(target_ids))
            .group_by(AuditRow.target_id))
        return {target_id: at for target_id, at in found}

    async def order_numbers(self, target_type: str, ids: list[int]) -> dict[int, str]:
        key = {"order": OrderRow.id, "dispute": DisputeRow.id}.get(target_type)
        if key is None or not ids:
            return {}
        statement = select(key, OrderRow.order_number).where(key.in_(ids))
        if target_type == "dispute":
            statement = statement.where(DisputeRow.order_id == OrderRow.id)
        return {i: number for i, number in await self.session.execute(statement)}
