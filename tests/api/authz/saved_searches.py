"""Saved searches: each member's own."""

from __future__ import annotations

import itertools

from tests.api.authz import Row, World, logged_in

QUERY = {"query": {"q": "wool coat"}}


_MADE = itertools.count(1)


async def make_saved_search(world: World) -> int:
    # A new search each time (not the POST row's): saving a saved search again answers 200.
    response = await world.owner.post("/api/saved-searches",
                                      json={"query": {"q": f"linen shirt {next(_MADE)}"}})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


MAKERS = {"saved_search": make_saved_search}

ROWS = [
    Row("POST", "/api/saved-searches", **logged_in(201), json=QUERY),
    Row("GET", "/api/saved-searches", **logged_in(200)),
    # Someone else's saved search is simply not found.
    Row("GET", "/api/saved-searches/{search_id:int}/matches", anonymous=401, other=404,
        owner=200, admin=404, params={"search_id": "$saved_search"}),
    Row("DELETE", "/api/saved-searches/{search_id:int}", anonymous=401, other=404, owner=204,
        admin=404, params={"search_id": "$saved_search"}),
]
