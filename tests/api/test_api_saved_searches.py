"""Saved searches over HTTP on every configured database (issue 38 item 3): save, list with
new-match counts, open, delete; matching through the search engine's analyzers; the sweep's
notices (at most one per saved search per hour, grouping), also when two sweeps race; the
limit of 50, also when saves race; a search saved again answered with the saved one."""

from __future__ import annotations

import asyncio

import pytest
from litestar import Litestar

from entrypoints.container import Container
from tests.api.test_api_orders import another
from tests.fakes import FixedClock
from tests.support import ApiClient
from tests.support.catalog import create, titles

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


async def test_a_saved_search_leaves_out_members_blocked_either_way_as_the_shop_does(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya, \
            another(app, "eve") as eve:
        sam_id = (await sam.get("/api/user")).json()["id"]
        eve_id = (await eve.get("/api/user")).json()["id"]
        assert (await maya.post("/api/blocks", json={"userId": sam_id})).status_code == 201
        assert (await sam.post("/api/blocks", json={"userId": eve_id})).status_code == 201
        searches = {}
        for member, client in (("maya", maya), ("eve", eve)):
            made = await client.post("/api/saved-searches", json={"query": {"q": "jacket"}})
            assert made.status_code == 201, made.text
            searches[member] = made.json()["id"]
        clock.advance(minutes=1)
        await create(sam, title="Levi's Trucker Jacket", category="outerwear")
        for member, client in (("maya", maya), ("eve", eve)):
            assert await titles(client, "?q=jacket") == []  # the shop's answer
            assert (await saved(client))[0]["newCount"] == 0, member
            opened = await client.get(f"/api/saved-searches/{searches[member]}/matches")
            assert opened.json()["items"] == [], member
        assert await container.saved_searches().notify_new_matches() == 0
        assert await bodies(maya) == [] and await bodies(eve) == []


async def test_the_sweep_leaves_closed_accounts_saved_searches_alone(
        app: Litestar, container: Container, clock: FixedClock) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya:
        made = await maya.post("/api/saved-searches", json={"query": {"q": "jacket"}})
        assert made.status_code == 201, made.text
        closed = await maya.request("DELETE", "/api/user", json={"password": "secret123"})
        assert closed.status_code == 200, closed.text
        clock.advance(minutes=1)
        await create(sam, title="Levi's Trucker Jacket", category="outerwear")
        assert await container.saved_searches().notify_new_matches() == 0


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


async def test_saving_a_search_already_saved_answers_the_saved_one_even_under_races(
        app: Litestar, clock: FixedClock) -> None:
    """The same words and filters (whatever their case, order or spacing) are one saved
    search: saving it again answers 200 with the one already saved (its name kept), and a
    double submit leaves one, also at the limit of 50."""
    async with another(app, "maya") as maya:
        query = {"q": "Levis  jacket", "brand": ["Levi's", "Acne"], "maxPrice": "80"}
        made = await maya.post("/api/saved-searches", json={"query": query, "name": "Denim"})
        assert made.status_code == 201, made.text
        again = await maya.post("/api/saved-searches", json={"query": {
            "q": "levis jacket", "brand": ["acne", "Levi's"], "maxPrice": "80"}})
        assert again.status_code == 200, again.text
        assert again.json()["id"] == made.json()["id"] and again.json()["name"] == "Denim"
        other = await maya.post("/api/saved-searches", json={"query": {**query,
                                                                       "maxPrice": "90"}})
        assert other.status_code == 201
        racing = await asyncio.gather(*(
            maya.post("/api/saved-searches", json={"query": {"q": "trench coat"}})
            for _ in range(3)))
        assert sorted(r.status_code for r in racing) == [200, 200, 201]
        assert len({r.json()["id"] for r in racing}) == 1
        assert len(await saved(maya)) == 3
        for i in range(47):
            assert (await maya.post("/api/saved-searches", json={
                "query": {"q": f"coat {i}"}})).status_code == 201
        at_limit = await maya.post("/api/saved-searches", json={"query": {"q": "Trench coat"}})
        assert at_limit.status_code == 200, at_limit.text
        assert len(await saved(maya)) == 50
