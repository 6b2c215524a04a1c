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

    @post("", status_code=HTTP_201_CREATED, summary="Save a search",
          description="The shop's query and filters; at most 50 per member (409 past that). "
                      "201 the new saved search; 200 the member's saved search that is "
                      "already this search (same words and filters), nothing saved twice.",
          responses={HTTP_200_OK: ResponseSpec(
              data_container=SavedSearchOut,
              description="The member had already saved this search: that saved search.")})
    async def create(self, data: SavedSearchIn, current_user: User,
                     saved_searches: SavedSearchService) -> Response[SavedSearchOut]:
        saved = await saved_searches.create(current_user, data.name, data.query.parsed())
        return Response(_out(saved.view),
                        status_code=HTTP_201_CREATED if saved.created else HTTP_200_OK)

    @get("", summary="My saved searches", description="Newest first, each with its count of "
                                                      "new matches since it was last opened.")
    async def list_searches(self, current_user: User, saved_searches: SavedSearchService
                            ) -> SavedSearchListOut:
        views = await saved_searches.list_for(current_user)
        return SavedSearchListOut(items=[_out(v) for v in views])

    @get("/{search_id:int}/matches", summary="Open a saved search",
         description="Its newest matches and which are new; opening it starts the count "
                     "of new matches again.")
    async def matches(self, search_id: Id, current_user: User,
                      saved_searches: SavedSearchService) -> MatchesOut:
        found = await saved_searches.matches(current_user, search_id)
        return MatchesOut(search=_out(SavedSearchView(found.search, len(found.new_ids))),
                          items=[product_out(v) for v in found.items], new_ids=found.new_ids)

    @delete_route("/{search_id:int}", status_code=HTTP_204_NO_CONTENT)
    async def delete(self, search_id: Id, current_user: User,
                     saved_searches: SavedSearchService) -> None:
        await saved_searches.delete(current_user, search_id)
