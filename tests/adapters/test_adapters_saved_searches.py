"""The saved-search repository against real databases: each member's searches newest first
with their filters intact, which searches are due a check (never an alert for a closed
account), and the compare-and-set that lets one worker, never two, notify."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from domain.saved_searches import SavedQuery, SavedSearch
from entrypoints.container import Container
from tests.support import NOW, add_users, ids_of

pytestmark = pytest.mark.adapters

HOUR = timedelta(hours=1)


def a_search(user_id: int, name: str, minutes: int = 0, **changes: Any) -> SavedSearch:
    """A search for "coat" saved ``minutes`` after NOW, opened and checked then."""
    at = NOW + timedelta(minutes=minutes)
    fields: dict[str, Any] = {"user_id": user_id, "name": name, "query": SavedQuery("coat"),
                                 "created_at": at, "opened_at": at, "checked_at": at,
                                 **changes}
    return SavedSearch(**fields)


async def test_a_members_searches_come_newest_first_with_their_filters_intact(
        container: Container) -> None:
    maya, lee = ids_of(await add_users(container.uow(), "maya", "lee"))
    query = SavedQuery("levis jacket", ("Levi's", "Zara"), ("outerwear",), ("m", "l"),
                       ("good",), "20", "80.50")
    async with container.uow() as uow:
        # Saved in this order; "Twin" shares "Jackets"' moment, so the later id comes first.
        older = await uow.saved_searches.add(a_search(maya, "Coats", minutes=0))
        jackets = await uow.saved_searches.add(a_search(maya, "Jackets", 5, query=query))
        twin = await uow.saved_searches.add(a_search(maya, "Twin", 5))
        await uow.saved_searches.add(a_search(lee, "Lee's", 9))
        await uow.commit()
    async with container.uow() as uow:
        mine = await uow.saved_searches.list_for(maya)
        assert [s.name for s in mine] == ["Twin", "Jackets", "Coats"]
        assert await uow.saved_searches.count_for(maya) == 3
        assert await uow.saved_searches.count_for(lee) == 1
        stored = await uow.saved_searches.get(jackets.id or 0)
        assert stored is not None and stored.query == query
        assert stored.created_at == NOW + timedelta(minutes=5) and stored.notified_at is None
        assert await uow.saved_searches.delete(twin.id or 0)
        assert not await uow.saved_searches.delete(twin.id or 0)
        await uow.commit()
    async with container.uow() as uow:
        assert [s.id for s in await uow.saved_searches.list_for(maya)] == [jackets.id, older.id]
        assert await uow.saved_searches.get(twin.id or 0) is None


async def test_due_are_the_unnotified_or_long_ago_notified_by_id_and_none_of_a_closed_account(
        container: Container) -> None:
    maya, zoe = ids_of(await add_users(container.uow(), "maya", "zoe"))
    gone = ids_of(await add_users(container.uow(), "gone", closed_at=NOW))[0]
    async with container.uow() as uow:
        never = await uow.saved_searches.add(a_search(maya, "never told"))
        long_ago = await uow.saved_searches.add(
            a_search(zoe, "told long ago", notified_at=NOW - 2 * HOUR))
        await uow.saved_searches.add(a_search(maya, "told just now", notified_at=NOW))
        await uow.saved_searches.add(a_search(gone, "closed account"))
        at_cutoff = await uow.saved_searches.add(
            a_search(zoe, "told at the cutoff", notified_at=NOW - HOUR))
        last = await uow.saved_searches.add(a_search(zoe, "never told either"))
        await uow.commit()
    cutoff = NOW - HOUR
    async with container.uow() as uow:
        due = await uow.saved_searches.due(cutoff, limit=10)
        # "before" is strict: the one told exactly at the cutoff waits.
        assert [s.id for s in due] == [never.id, long_ago.id, last.id]
        assert at_cutoff.id not in [s.id for s in due]
        first = await uow.saved_searches.due(cutoff, limit=2)
        assert [s.id for s in first] == [never.id, long_ago.id]
        rest = await uow.saved_searches.due(cutoff, limit=2, after_id=first[-1].id or 0)
        assert [s.id for s in rest] == [last.id]


async def test_one_claim_of_a_check_wins_and_only_a_notifying_one_moves_notified_at(
        container: Container) -> None:
    maya = ids_of(await add_users(container.uow(), "maya"))[0]
    async with container.uow() as uow:
        quiet = await uow.saved_searches.add(a_search(maya, "quiet"))
        loud = await uow.saved_searches.add(a_search(maya, "loud"))
        await uow.commit()
    later = NOW + HOUR
    async with container.uow() as uow:
        assert await uow.saved_searches.claim_check(quiet.id or 0, NOW, later, notified=False)
        assert await uow.saved_searches.claim_check(loud.id or 0, NOW, later, notified=True)
        await uow.commit()
    async with container.uow() as uow:
        # A second worker that read the old checked_at lost: nothing moves.
        assert not await uow.saved_searches.claim_check(loud.id or 0, NOW, later + HOUR,
                                                        notified=True)
        await uow.saved_searches.mark_opened(quiet.id or 0, later + HOUR)
        await uow.commit()
    async with container.uow() as uow:
        q, lo = (await uow.saved_searches.get(quiet.id or 0),
                 await uow.saved_searches.get(loud.id or 0))
        assert q is not None and lo is not None
        assert (q.checked_at, q.notified_at, q.opened_at) == (later, None, later + HOUR)
        assert (lo.checked_at, lo.notified_at, lo.opened_at) == (later, later, NOW)
