"""Ports of trust and safety (issue 37): reports, blocks, suspensions, hidden content and
the audit log (add and read only)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from application.shared.paging import After
from domain.moderation import (
    AuditAction,
    AuditEntry,
    Block,
    HiddenKind,
    HideCause,
    Hiding,
    Suspension,
)
from domain.reports import Report, ReportAction, ReportStatus, ReportTarget


@dataclass(frozen=True)
class ReportedContent:
    """What a reported style post, comment or message says, as the desk shows it: its words
    (a post's caption, which may be empty), for a post its picture's thumbnail, and for a
    comment the post it is on."""

    words: str
    picture: str | None = None
    post_id: int | None = None


class ReportRepository(Protocol):
    async def add(self, report: Report) -> Report: ...
    async def get(self, report_id: int) -> Report | None: ...
    async def get_many(self, report_ids: list[int]) -> dict[int, Report]:
        """Those of ``report_ids`` that exist, by id, in one query."""
    async def exists(self, reporter_id: int, target_type: ReportTarget,
                     target_id: int) -> bool: ...
    async def by_status(self, status: ReportStatus, limit: int) -> list[Report]:
        """Newest first."""
    async def resolve_target(self, target_type: ReportTarget, target_id: int,
                             action: ReportAction, note: str, admin_id: int | None,
                             now: datetime) -> int: ...
    async def target_owner(self, target_type: ReportTarget, target_id: int
                           ) -> tuple[int, ...] | None:
        """(owner, *others who see it), or None when the target does not exist."""
    async def contents(self, target_type: ReportTarget, ids: list[int]
                       ) -> dict[int, ReportedContent]:
        """The words (and picture) of each of ``ids`` of a post, comment or message, hidden
        or not, in one query; those that no longer exist, and other types, are left out."""


class BlockRepository(Protocol):
    async def add(self, blocker_id: int, blocked_id: int, now: datetime) -> bool: ...
    async def remove(self, blocker_id: int, blocked_id: int) -> bool: ...
    async def between(self, a: int, b: int) -> bool: ...
    async def by(self, blocker_id: int) -> list[Block]: ...
    async def hidden_from(self, user_id: int) -> frozenset[int]: ...


class SuspensionRepository(Protocol):
    async def get(self, user_id: int) -> Suspension | None: ...
    async def put(self, suspension: Suspension) -> None: ...
    async def remove(self, user_id: int) -> bool: ...
    async def ended_ids(self, now: datetime, limit: int) -> list[int]:
        """Members whose timed suspension ended at or before ``now``, soonest end first."""
    async def remove_ended(self, user_id: int, now: datetime) -> bool:
        """Remove the member's suspension only if it has ended by ``now`` (compare-and-
        delete: a suspension renewed or lifted meanwhile is left alone); whether it did."""
    async def end_sessions(self, user_id: int) -> int: ...
    async def available_listings(self, user_id: int) -> list[int]: ...


class HiddenRepository(Protocol):
    async def add(self, kind: HiddenKind, target_id: int, owner_id: int, cause: HideCause,
                  now: datetime, *, reason: str | None = None) -> bool: ...
    async def remove(self, kind: HiddenKind, target_id: int) -> bool: ...
    async def hiding(self, kind: HiddenKind, target_id: int) -> Hiding | None:
        """Why it is hidden (None: it is not)."""
        ...
    async def causes(self, kind: HiddenKind, ids: list[int]) -> dict[int, HideCause]:
        """Why each of ``ids`` that is hidden is (one query; the others are left out)."""
        ...
    async def by_cause(self, owner_id: int, kind: HiddenKind, cause: HideCause
                       ) -> list[int]: ...


class AuditRepository(Protocol):
    async def add(self, entry: AuditEntry) -> AuditEntry: ...
    async def page(self, limit: int, after: After | None = None, *,
                   admin_id: int | None = None, action: AuditAction | None = None
                   ) -> list[AuditEntry]: ...
    async def last_done(self, action: AuditAction, target_ids: list[int]
                        ) -> dict[int, datetime]:
        """When ``action`` was last done to each of ``target_ids`` (the action names the
        target's type), in one query; those it was never done to are left out."""
    async def order_numbers(self, target_type: str, ids: list[int]) -> dict[int, str]:
        """The order number that each of ``ids`` of an entry's ``order`` (its own) or
        ``dispute`` (its order's) goes by, in one query; those gone, and other target
        types, are left out."""
