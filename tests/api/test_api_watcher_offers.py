"""Offers to watchers over HTTP on every configured database (issue 38 item 2): the seller
offers one price to everyone watching an available listing; the first watcher to accept
gets it reserved and pays with it, the others' offers end at once and they are told;
unanswered offers end after 24 hours (the clock is moved, the timers' sweep runs)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager

import pytest
from litestar import Litestar

from entrypoints.container import Container
from tests.api.test_api_orders import another
from tests.fakes import FixedClock
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api




@asynccontextmanager
async def watched(app: Litestar, watchers: int) -> AsyncIterator[tuple[ApiClient, int,
                                                                     list[ApiClient]]]:
    """sam's $80.00 coat and ``watchers`` members watching it."""
    async with AsyncExitStack() as stack:
        sam = await stack.enter_async_context(another(app, "sam"))
        product = int((await create(sam, title="Wool coat", price="80.00"))["id"])
        people = [await stack.enter_async_context(another(app, f"watcher{i}"))
                  for i in range(watchers)]
        for person in people:
            assert (await person.post("/api/favorites",
                                      json={"productId": product})).status_code in (200, 201)
        yield sam, product, people


async def my_offer(client: ApiClient) -> dict:
    (offer,) = (await client.get("/api/buyer/offers")).json()["items"]
    return offer


async def notices(client: ApiClient) -> list[dict]:
    return (await client.get("/api/notifications")).json()["items"]


async def test_the_first_watcher_to_accept_gets_it(app: Litestar, clock: FixedClock) -> None:
    async with watched(app, 3) as (sam, product, (maya, eve, lee)):
        url = f"/api/products/{product}/watcher-offers"
        assert (await maya.post(url, json={"price": "60.00"})).status_code == 403
        too_high = await sam.post(url, json={"price": "72.01"})
        assert too_high.status_code == 409 and "at most 90%" in too_high.json()["message"]
        too_low = await sam.post(url, json={"price": "39.99"})
        assert too_low.status_code == 409 and "at least $40.00" in too_low.json()["message"]
        assert (await sam.post(url, json={"price": "sixty"})).status_code == 400
        assert (await sam.post(url, json={})).status_code == 400
        sent = await sam.post(url, json={"price": 60})
        assert sent.status_code == 201, sent.text
        assert sent.json()["sent"] == 3 and sent.json()["price"] == "60.00"
        again = await sam.post(url, json={"price": "55.00"})
        assert again.status_code == 409 and "less than 24 hours ago" in again.json()["message"]
        name = (await sam.get("/api/user")).json()["displayName"]
        offer = await my_offer(maya)
        assert (offer["status"], offer["fromSeller"], offer["counterPrice"]) == (
            "countered", True, "60.00")
        assert f"{name} offered you $60.00 on Wool coat — 24 hours" in [
            n["body"] for n in await notices(maya)]
        taken = await maya.post(f"/api/offers/{offer['id']}/accept-counter")
        assert taken.status_code == 200, taken.text
        assert taken.json()["status"] == "accepted" and taken.json()["reservedUntil"]
        late = await eve.post(f"/api/offers/{(await my_offer(eve))['id']}/accept-counter")
        assert late.status_code == 409
        for other in (eve, lee):
            assert (await my_offer(other))["status"] == "expired"
            assert any("another watcher took it first" in n["body"] for n in await notices(other))
        assert (await sam.get(f"/api/products/{product}")).json()["status"] == "reserved"
        order = await maya.post("/api/orders", json={"productId": product,
                                                     "offerId": offer["id"]})
        assert order.status_code == 201, order.text
        assert order.json()["price"] == "60.00"


async def test_unanswered_offers_end_after_24_hours(app: Litestar, container: Container,
                                                    clock: FixedClock) -> None:
    async with watched(app, 1) as (sam, product, (maya,)):
        url = f"/api/products/{product}/watcher-offers"
        assert (await sam.post(url, json={"price": "70.00"})).status_code == 201
        offer = await my_offer(maya)
        clock.advance(hours=24, minutes=1)
        result = await container.order_timers().sweep()
        assert offer["id"] in result.offers_expired
        assert (await my_offer(maya))["status"] == "expired"
        assert any("its 24 hours are over" in n["body"] for n in await notices(maya))
        refused = await maya.post(f"/api/offers/{offer['id']}/accept-counter")
        assert refused.status_code == 409
        # A day later the seller may try again; the watcher can also just decline.
        assert (await sam.post(url, json={"price": "65.00"})).status_code == 201
        fresh = next(o for o in (await maya.get("/api/buyer/offers")).json()["items"]
                     if o["status"] == "countered")
        declined = await maya.post(f"/api/offers/{fresh['id']}/decline-counter")
        assert declined.status_code == 200 and declined.json()["status"] == "rejected"
        assert (await sam.get(f"/api/products/{product}")).json()["status"] == "available"


async def test_nobody_watching_and_unknown_listing(app: Litestar, clock: FixedClock) -> None:
    async with watched(app, 0) as (sam, product, _):
        nobody = await sam.post(f"/api/products/{product}/watcher-offers", json={"price": 60})
        assert nobody.status_code == 409 and "Nobody is watching" in nobody.json()["message"]
        missing = await sam.post("/api/products/999999/watcher-offers", json={"price": 60})
        assert missing.status_code == 404


async def test_two_watchers_accepting_at_once_one_wins(app: Litestar, clock: FixedClock
                                                       ) -> None:
    async with watched(app, 2) as (sam, product, (maya, eve)):
        sent = await sam.post(f"/api/products/{product}/watcher-offers", json={"price": 60})
        assert sent.status_code == 201, sent.text
        ids = [(await my_offer(person))["id"] for person in (maya, eve)]
        answers = await asyncio.gather(
            maya.post(f"/api/offers/{ids[0]}/accept-counter"),
            eve.post(f"/api/offers/{ids[1]}/accept-counter"))
        assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
        statuses = sorted([(await my_offer(p))["status"] for p in (maya, eve)])
        assert statuses == ["accepted", "expired"]
        assert (await sam.get(f"/api/products/{product}")).json()["status"] == "reserved"
