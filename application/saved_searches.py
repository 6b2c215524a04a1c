"""Saved searches that alert (issue 38 item 3): save, list with new-match counts, open,
delete, and the minute's sweep that notifies members of new matches.

Matching is the search engine's, through the search port (``application/ports/search.py``)
with the shop's own filter parsing and viewer rule (:func:`application.catalog_search.
parse_filter`, :func:`~application.catalog_search.for_searcher`: members blocked either way
left out), so a saved search matches exactly what the shop would show its member for it,
but the member's own listings; the engine is fed by the
search outbox, so a listing created or repriced is matched once the indexer has applied it
(about a second). Which matches are *new* is ``domain/saved_searches.py``'s rule, applied to
the newest :data:`SCAN` matches read back from the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from application.catalog_search import SearchRequest, for_searcher, parse_filter
from application.catalog_views import ListingView, listing_views
from application.notifications import notify
from application.ports import Clock, UnitOfWork
from application.ports.catalog import ListingSort
from application.ports.search import ListingSearch
from domain.accounts import User
from domain.errors import NotFound
from domain.listings import Listing
from domain.notifications import Notification
from domain.saved_searches import (
    NOTIFY_EVERY,
    SavedQuery,
    SavedSearch,
    already_saved,
    ensure_room,
    is_new,
    new_saved_search,
    notice_text,
    notify_due,
)

SCAN = 100  # the newest matches looked at for new ones
MATCHES_SHOWN = 48
SWEEP_BATCH = 200
NOT_FOUND = "Saved search not found"


@dataclass(frozen=True)
class SavedSearchView:
    search: SavedSearch
    new_count: int


@dataclass(frozen=True)
class SavedAnswer:
    """What saving answers: the saved search, and whether this call saved it (False: the
    member had already saved that search)."""

    view: SavedSearchView
    created: bool


@dataclass(frozen=True)
class SavedSearchMatches:
    search: SavedSearch
    items: list[ListingView]
    new_ids: list[int]


def _request(query: SavedQuery) -> SearchRequest:
    return SearchRequest(q=query.q or None, brands=list(query.brands),
                         categories=list(query.categories), sizes=list(query.sizes),
                         conditions=list(query.conditions), min_price=query.min_price,
                         max_price=query.max_price)


class SavedSearchService:
    def __init__(self, uow: UnitOfWork, clock: Clock, search: ListingSearch) -> None:
        self.uow = uow
        self.clock = clock
        self.engine = search

    async def create(self, member: User, name: str | None, query: SavedQuery) -> SavedAnswer:
        """Save the search, or answer the member's saved search that is the same search
        (``domain.saved_searches.already_saved``; its name kept), checked with the member's
        row locked, so a double submit saves one."""
        assert member.id is not None
        search = new_saved_search(member.id, name, query, self.clock.now())
        parse_filter(_request(search.query))  # 400 for a filter the shop would refuse
        async with self.uow:
            await self.uow.saved_searches.lock_member(member.id)
            same = already_saved(await self.uow.saved_searches.list_for(member.id),
                                 search.query)
            if same is None:
                ensure_room(await self.uow.saved_searches.count_for(member.id))
                await self.uow.saved_searches.add(search)
                await self.uow.commit()
        if same is not None:
            return SavedAnswer(SavedSearchView(same, len(await self._new(same, same.opened_at))),
                               created=False)
        return SavedAnswer(SavedSearchView(search, 0), created=True)

    async def list_for(self, member: User) -> list[SavedSearchView]:
        assert member.id is not None
        async with self.uow:
            searches = await self.uow.saved_searches.list_for(member.id)
        return [SavedSearchView(s, len(await self._new(s, s.opened_at))) for s in searches]

    async def delete(self, member: User, search_id: int) -> None:
        async with self.uow:
            await self._own(member, search_id)
            await self.uow.saved_searches.delete(search_id)
            await self.uow.commit()

    async def matches(self, member: User, search_id: int) -> SavedSearchMatches:
        """The newest matches, which of them are new since it was last opened; opening it
        starts the new count again."""
        now = self.clock.now()
        async with self.uow:
            search = await self._own(member, search_id)
        listings = await self._matching(search, MATCHES_SHOWN)
        new_ids = [listing.id for listing in listings
                   if listing.id is not None and _is_new(listing, search.opened_at)]
        async with self.uow:
            await self.uow.saved_searches.mark_opened(search_id, now)
            await self.uow.commit()
            views = await listing_views(self.uow, self.clock, listings)
        return SavedSearchMatches(search, views, new_ids)

    async def notify_new_matches(self) -> int:
        """The sweep (every minute, every worker): each saved search that may be notified
        (not in the last hour) and has matches new since it was last checked gets one
        notice naming how many; a compare-and-set on ``checked_at`` makes sure one worker
        sends it. How many notices were sent."""
        now = self.clock.now()
        sent: list[Notification] = []
        after = 0
        while True:
            async with self.uow:
                batch = await self.uow.saved_searches.due(now - NOTIFY_EVERY, SWEEP_BATCH,
                                                          after)
            if not batch:
                break
            after = batch[-1].id or after
            for search in batch:
                if not notify_due(search, now):
                    continue
                fresh = await self._new(search, search.checked_at)
                async with self.uow:
                    if not await self.uow.saved_searches.claim_check(
                            search.id or 0, search.checked_at, now, notified=bool(fresh)):
                        continue  # another worker checked it first
                    if fresh:
                        sent.append(await notify(
                            self.uow, user_id=search.user_id, kind="saved_search",
                            title=f"New for “{search.name}”",
                            body=notice_text(len(fresh), search),
                            link=f"/saved-searches?open={search.id}", now=now))
                    await self.uow.commit()
        return len(sent)

    async def _new(self, search: SavedSearch, since: datetime) -> list[Listing]:
        return [listing for listing in await self._matching(search, SCAN)
                if _is_new(listing, since)]

    async def _matching(self, search: SavedSearch, limit: int) -> list[Listing]:
        # What the shop would show its member, but their own listings.
        query = await for_searcher(self.uow, parse_filter(_request(search.query)),
                                   search.user_id, own_listings=False)
        ids = await self.engine.ids(query, ListingSort.MOST_RECENT, limit)
        async with self.uow:
            found = await self.uow.listings.get_many(ids)
        return [found[i] for i in ids if i in found]

    async def _own(self, member: User, search_id: int) -> SavedSearch:
        search = await self.uow.saved_searches.get(search_id)
        if search is None or search.user_id != member.id:
            raise NotFound(NOT_FOUND)
        return search


def _is_new(listing: Listing, since: datetime) -> bool:
    return is_new(listing.created_at, listing.price_drop, listing.updated_at, since)
