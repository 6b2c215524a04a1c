"""Saved searches over HTTP on every configured database (issue 38 item 3): save, list with
new-match counts, open, delete; matching through the search engine's analyzers; the sweep's
notices (at most one per saved search per hour, grouping), also when two sweeps race; the
limit of 50, also when saves race."""

from __future__ import annotations

import asyncio

import pytest
from litestar import Litestar

from entrypoints.container import Container
from tests.api.test_api_orders import another
from tests.fakes import FixedClock
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api




async def saved(client: ApiClient) -> list[dict]:
    answer = await client.get("/api/saved-searches")
    assert answer.status_code == 200, answer.text
    return answer.json()["items"]


async def bodies(client: ApiClient) -> list[str]:
    return [n["body"] for n in (await client.get("/api/notifications")).json()["items"]
            if n["kind"] == "saved_search"]


async def test_a_saved_search_matches_through_the_engine_and_alerts(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    sweep = container.saved_searches
    async with another(app, "sam") as sam, another(app, "maya") as maya, \
            another(app, "eve") as eve:
        made = await maya.post("/api/saved-searches", json={"query": {"q": "levis jackets"}})
        assert made.status_code == 201, made.text
        search = made.json()
        assert search["name"] == "levis jackets" and search["newCount"] == 0
        clock.advance(minutes=1)
        jacket = await create(sam, title="Levi's Trucker Jacket", category="outerwear")
        await create(sam, title="Wool coat", brand="Acne", category="outerwear")
        await create(maya, title="Levis denim jacket", category="outerwear")  # her own
        (listed,) = await saved(maya)
        assert listed["newCount"] == 1
        assert await sweep().notify_new_matches() == 1
        assert await bodies(maya) == ["1 new: levis jackets"]
        # Within the hour nothing more is sent; after it, the new ones are grouped.
        clock.advance(minutes=5)
        await create(sam, title="Levi's sherpa jacket", category="outerwear")
        assert await sweep().notify_new_matches() == 0
        clock.advance(minutes=56)
        await create(sam, title="Levis cord jacket", category="outerwear")
        assert await sweep().notify_new_matches() == 1
        assert (await bodies(maya))[0] == "2 new: levis jackets"
        opened = await maya.get(f"/api/saved-searches/{search['id']}/matches")
        assert opened.status_code == 200, opened.text
        titles = [item["title"] for item in opened.json()["items"]]
        assert titles == ["Levis cord jacket", "Levi's sherpa jacket", "Levi's Trucker Jacket"]
        assert jacket["id"] in opened.json()["newIds"] and len(opened.json()["newIds"]) == 3
        assert (await saved(maya))[0]["newCount"] == 0
        # Each member's own.
        assert (await eve.get(f"/api/saved-searches/{search['id']}/matches")).status_code == 404
        assert (await eve.delete(f"/api/saved-searches/{search['id']}")).status_code == 404
        assert (await maya.delete(f"/api/saved-searches/{search['id']}")).status_code == 204
        assert await saved(maya) == []


async def test_a_price_dropped_into_range_is_new(app: Litestar, container: Container,
                                                 clock: FixedClock) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya:
        coat = await create(sam, title="Wool coat", brand="Acne", price="80.00",
                            category="outerwear")
        clock.advance(minutes=1)
        made = await maya.post("/api/saved-searches", json={
            "name": "Cheap coats", "query": {"category": "outerwear", "maxPrice": "50"}})
        assert made.status_code == 201, made.text
        clock.advance(minutes=1)
        assert (await sam.put(f"/api/products/{coat['id']}", json={"price": 45})
                ).status_code == 200
        assert (await saved(maya))[0]["newCount"] == 1
        assert await container.saved_searches().notify_new_matches() == 1
        assert await bodies(maya) == ["1 new: outerwear, up to $50"]


async def test_bad_queries_and_the_limit_of_fifty_under_races(app: Litestar,
                                                              clock: FixedClock) -> None:
    async with another(app, "maya") as maya:
        empty = await maya.post("/api/saved-searches", json={"query": {"q": "  "}})
        assert empty.status_code == 400 and "some words" in empty.json()["message"]
        unknown = await maya.post("/api/saved-searches", json={"query": {"category": "boats"}})
        assert unknown.status_code == 400
        for i in range(48):
            made = await maya.post("/api/saved-searches", json={"query": {"q": f"coat {i}"}})
            assert made.status_code == 201, made.text
        racing = await asyncio.gather(*(
            maya.post("/api/saved-searches", json={"query": {"q": f"scarf {i}"}})
            for i in range(3)))
        assert sorted(r.status_code for r in racing) == [201, 201, 409]
        assert len(await saved(maya)) == 50


async def test_two_sweeps_at_once_send_one_notice(app: Litestar, container: Container,
                                                  clock: FixedClock) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya:
        await maya.post("/api/saved-searches", json={"query": {"q": "trench"}})
        clock.advance(minutes=1)
        await create(sam, title="Beige trench coat", category="outerwear")
        sent = await asyncio.gather(container.saved_searches().notify_new_matches(),
                                    container.saved_searches().notify_new_matches())
        assert sorted(sent) == [0, 1]
        assert await bodies(maya) == ["1 new: trench"]
