"""Saved searches over HTTP (issue 38 item 3). Thin: parse, call one service, map."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, get, post
from litestar import delete as delete_route
from litestar.openapi import ResponseSpec
from litestar.params import Parameter
from litestar.status_codes import HTTP_200_OK, HTTP_201_CREATED, HTTP_204_NO_CONTENT

from application.saved_searches import SavedSearchService, SavedSearchView
from domain.accounts import User
from entrypoints.http.guards import MAX_ID
from entrypoints.http.schemas.products import product_out
from entrypoints.http.schemas.saved_searches import (
    MatchesOut,
    SavedQueryOut,
    SavedSearchIn,
    SavedSearchListOut,
    SavedSearchOut,
)

Id = Annotated[int, Parameter(ge=1, le=MAX_ID)]




def _out(view: SavedSearchView) -> SavedSearchOut:
    s, q = view.search, view.search.query
    assert s.id is not None
    return SavedSearchOut(
        id=s.id, name=s.name, new_count=view.new_count, created_at=s.created_at,
        opened_at=s.opened_at,
        query=SavedQueryOut(q=q.q, brand=list(q.brands), category=list(q.categories),
                            size=list(q.sizes), condition=list(q.conditions),
                            min_price=q.min_price, max_price=q.max_price))


class SavedSearchController(Controller):
    path = "/api/saved-searches"
    tags = ["saved searches"]

    @post("", status_code=HTTP_201_CREATED,
          responses={HTTP_200_OK: ResponseSpec(
              data_container=SavedSearchOut,
              description="The member had already saved this search: that saved search.")})
    async def create(self, data: SavedSearchIn, current_user: User,
                     saved_searches: SavedSearchService) -> Response[SavedSearchOut]:
        """Save a search.

        Signed-in members only (401 for visitors). The shop's words and filters (`query`, as
        `GET /api/products` takes them) with an optional name; the member is notified of new
        matches (never their own listings). 201 with the new saved search; 200 with the one
        already saved when the member saved this same search before (nothing is saved
        twice). 400 for an empty search, a filter the shop would refuse, or a name or values
        over their limits; 409 past 50 saved searches.
        """
        saved = await saved_searches.create(current_user, data.name, data.query.parsed())
        return Response(_out(saved.view),
                        status_code=HTTP_201_CREATED if saved.created else HTTP_200_OK)

    @get("")
    async def list_searches(self, current_user: User, saved_searches: SavedSearchService
                            ) -> SavedSearchListOut:
        """List my saved searches.

        Signed-in members only (401 for visitors). The caller's saved searches, newest
        first, each with how many new matches it has since it was last opened.
        """
        views = await saved_searches.list_for(current_user)
        return SavedSearchListOut(items=[_out(v) for v in views])

    @get("/{search_id:int}/matches")
    async def matches(self, search_id: Id, current_user: User,
                      saved_searches: SavedSearchService) -> MatchesOut:
        """Open a saved search.

        Its member only: 401 for visitors, 404 for anyone else's (or an unknown id). Its
        newest matches as search cards and which of them are new; opening it starts the
        count of new matches again.
        """
        found = await saved_searches.matches(current_user, search_id)
        return MatchesOut(search=_out(SavedSearchView(found.search, len(found.new_ids))),
                          items=[product_out(v) for v in found.items], new_ids=found.new_ids)

    @delete_route("/{search_id:int}", status_code=HTTP_204_NO_CONTENT)
    async def delete(self, search_id: Id, current_user: User,
                     saved_searches: SavedSearchService) -> None:
        """Delete a saved search.

        Its member only: 401 for visitors, 404 for anyone else's (or an unknown id). 204
        once it is gone.
        """
        await saved_searches.delete(current_user, search_id)
