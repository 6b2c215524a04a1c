"""Ports of saved searches: each member's saved queries and when they were last notified."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from domain.saved_searches import SavedSearch


class SavedSearchRepository(Protocol):
    async def lock_member(self, user_id: int) -> None:
        """Hold the member's row until commit, so two saves at once count one after the
        other (the limit of 50 holds under races)."""
    async def count_for(self, user_id: int) -> int: ...
    async def add(self, search: SavedSearch) -> SavedSearch: ...
    async def get(self, search_id: int) -> SavedSearch | None: ...
    async def list_for(self, user_id: int) -> list[SavedSearch]:
        """Newest first."""
    async def delete(self, search_id: int) -> bool: ...
    async def mark_opened(self, search_id: int, now: datetime) -> None: ...
    async def due(self, notified_before: datetime, limit: int, after_id: int = 0
                  ) -> list[SavedSearch]:
        """Saved searches never notified or last notified before ``notified_before``, by
        id after ``after_id``; none of a closed account (nobody is left to tell)."""
    async def claim_check(self, search_id: int, checked_at: datetime, now: datetime,
                          notified: bool) -> bool:
        """Move the search's ``checked_at`` from ``checked_at`` to ``now`` (and its
        ``notified_at`` to ``now`` when ``notified``) only if nobody moved it first; says
        whether this call did (one worker notifies, never two)."""
