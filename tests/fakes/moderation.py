"""Trust and safety: blocks, suspensions and hidden content in memory (the services that
check them are tested against real databases in tests/api/test_api_trust*.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from application.shared.paging import After, is_after
from domain.moderation import (
    AuditAction,
    AuditEntry,
    Block,
    HiddenKind,
    HideCause,
    Hiding,
    Suspension,
)


class FakeBlocks:
    def __init__(self) -> None:
        self.rows: dict[tuple[int, int], datetime] = {}

    async def add(self, blocker_id: int, blocked_id: int, now: datetime) -> bool:
        created = (blocker_id, blocked_id) not in self.rows
        self.rows.setdefault((blocker_id, blocked_id), now)
        return created

    async def remove(self, blocker_id: int, blocked_id: int) -> bool:
        return self.rows.pop((blocker_id, blocked_id), None) is not None

    async def between(self, a: int, b: int) -> bool:
        return (a, b) in self.rows or (b, a) in self.rows

    async def by(self, blocker_id: int) -> list[Block]:
        return [Block(a, b, at) for (a, b), at in self.rows.items() if a == blocker_id]

    async def hidden_from(self, user_id: int) -> frozenset[int]:
        return frozenset({b for a, b in self.rows if a == user_id}
                         | {a for a, b in self.rows if b == user_id})


class FakeSuspensions:
    def __init__(self) -> None:
        self.rows: dict[int, Suspension] = {}

    async def get(self, user_id: int) -> Suspension | None:
        return self.rows.get(user_id)

    async def put(self, suspension: Suspension) -> None:
        self.rows[suspension.user_id] = suspension

    async def remove(self, user_id: int) -> bool:
        return self.rows.pop(user_id, None) is not None

    async def ended_ids(self, now: datetime, limit: int) -> list[int]:
        ended = sorted((s.ends_at, s.user_id) for s in self.rows.values()
                       if s.ends_at is not None and s.ended(now))
        return [user_id for _, user_id in ended][:limit]

    async def remove_ended(self, user_id: int, now: datetime) -> bool:
        found = self.rows.get(user_id)
        if found is None or not found.ended(now):
            return False
        del self.rows[user_id]
        return True


class FakeHidden:
    def __init__(self) -> None:
        # (kind, target id) -> (owner id, cause, reason)
        self.rows: dict[tuple[str, int], tuple[int, str, str | None]] = {}

    async def add(self, kind: HiddenKind, target_id: int, owner_id: int, cause: HideCause,
                  now: datetime, *, reason: str | None = None) -> bool:
        created = (kind.value, target_id) not in self.rows
        self.rows.setdefault((kind.value, target_id), (owner_id, cause.value, reason))
        return created

    async def remove(self, kind: HiddenKind, target_id: int) -> bool:
        return self.rows.pop((kind.value, target_id), None) is not None

    async def hiding(self, kind: HiddenKind, target_id: int) -> Hiding | None:
        found = self.rows.get((kind.value, target_id))
        return None if found is None else Hiding(HideCause(found[1]), found[2])

    async def causes(self, kind: HiddenKind, ids: list[int]) -> dict[int, HideCause]:
        return {i: HideCause(self.rows[(kind.value, i)][1]) for i in ids
                if (kind.value, i) in self.rows}

    async def by_cause(self, owner_id: int, kind: HiddenKind, cause: HideCause) -> list[int]:
        return [i for (k, i), (owner, c, _) in self.rows.items()
                if k == kind.value and owner == owner_id and c == cause.value]


class FakeAudit:
    """Add and read only, like the table."""

    def __init__(self) -> None:
        self.rows: list[AuditEntry] = []

    async def add(self, entry: AuditEntry) -> AuditEntry:
        entry.id = len(self.rows) + 1
        self.rows.append(replace(entry))
        return entry

    async def page(self, limit: int, after: After | None = None, *,
                   admin_id: int | None = None, action: AuditAction | None = None
                   ) -> list[AuditEntry]:
        found = [e for e in reversed(self.rows) if is_after(e.created_at, e.id or 0, after)
                 and (admin_id is None or e.admin_id == admin_id)
                 and (action is None or e.action is action)]
        return [replace(e) for e in found[:limit]]

    async def last_done(self, action: AuditAction, target_ids: list[int]
                        ) -> dict[int, datetime]:
        found: dict[int, datetime] = {}
        for e in self.rows:
            if e.action is action and e.target_id in target_ids:
                found[e.target_id] = max(found.get(e.target_id, e.created_at), e.created_at)
        return found
