"""Vacation mode over HTTP on every configured database (issue 38 item 4): listings stay
visible, buying, bagging and offering are refused with the notice, messages get an automatic
reply, and the vacation ends by itself on its date (the clock is moved, the sweep runs)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from litestar import Litestar

from entrypoints.container import Container
from tests.api.test_api_orders import another, browser
from tests.fakes import FixedClock
from tests.support.catalog import create

pytestmark = pytest.mark.api




async def test_an_away_seller_sells_nothing_until_back(app: Litestar, container: Container,
                                                      clock: FixedClock) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya, browser(app) as anyone:
        me = (await sam.get("/api/user")).json()["id"]
        product = int((await create(sam, title="Wool coat", price="80.00"))["id"])
        until = (clock.now() + timedelta(days=3)).isoformat()
        on = await sam.put("/api/user/vacation", json={"on": True, "until": until,
                                                      "message": "Back on Monday."})
        assert on.status_code == 200, on.text
        assert on.json()["notice"].startswith("Seller away until ")
        shown = (await anyone.get(f"/api/users/{me}/vacation")).json()
        assert shown["on"] and shown["message"] == "Back on Monday."
        # The listing stays visible; buying, bagging and offering are refused with 409.
        assert (await anyone.get(f"/api/products/{product}")).json()["status"] == "available"
        for url, body in (("/api/orders", {"productId": product}),
                          ("/api/orders", {"productIds": [product]}),
                          ("/api/bag/items", {"productId": product}),
                          ("/api/offers", {"productId": product, "offerPrice": "60.00"})):
            refused = await maya.post(url, json=body)
            assert refused.status_code == 409, (url, refused.text)
            assert "is away until" in refused.json()["message"]
        # Messages still arrive, with the automatic reply.
        sent = await maya.post("/api/messages", json={"receiverId": me, "content": "Hi!"})
        assert sent.status_code in (200, 201), sent.text
        maya_id = (await maya.get("/api/user")).json()["id"]
        thread = (await maya.get(f"/api/messages/{maya_id}/{me}")).json()
        contents = [m["content"] for m in (thread["items"] if isinstance(thread, dict)
                                           else thread)]
        assert "Hi!" in contents
        assert any(c.startswith("Automatic reply: I'm away until") and "Back on Monday." in c
                   for c in contents)
        # Past the date it is over by itself; the scheduler's sweep removes it.
        clock.advance(days=3, minutes=1)
        assert (await anyone.get(f"/api/users/{me}/vacation")).json()["on"] is False
        assert await container.vacations().end_due() == [me]
        placed = await maya.post("/api/orders", json={"productId": product})
        assert placed.status_code == 201, placed.text


async def test_turning_it_off_and_bad_input(app: Litestar, clock: FixedClock) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya:
        product = int((await create(sam, title="Wool coat", price="80.00"))["id"])
        assert (await sam.put("/api/user/vacation", json={"on": True})).json()["notice"] == (
            "Seller away")
        assert (await maya.post("/api/bag/items", json={"productId": product})).status_code == 409
        off = await sam.put("/api/user/vacation", json={"on": False})
        assert off.json() == {"on": False, "until": None, "message": "", "notice": None}
        assert (await maya.post("/api/bag/items", json={"productId": product})).status_code == 200
        past = (clock.now() - timedelta(days=1)).isoformat()
        bad = await sam.put("/api/user/vacation", json={"on": True, "until": past})
        assert bad.status_code == 400 and "in the future" in bad.json()["message"]
        wordy = await sam.put("/api/user/vacation", json={"on": True, "message": "x" * 301})
        assert wordy.status_code == 400
        assert (await maya.get("/api/users/999999/vacation")).status_code == 404


async def test_search_cards_say_the_seller_is_away_as_of_now(app: Litestar,
                                                             clock: FixedClock) -> None:
    """The card's seller says ``away`` (and the notice the product page shows), read with
    the page's sellers from the database, not the search index: turning it on or off shows
    at once, and a vacation whose date has passed is over on the cards before any sweep."""
    async with another(app, "sam") as sam, another(app, "theo") as theo, \
            browser(app) as anyone:
        coat = int((await create(sam, title="Wool coat", price="80.00"))["id"])
        await create(theo, title="Wool scarf", price="20.00")
        until = clock.now() + timedelta(days=3)
        assert (await sam.put("/api/user/vacation", json={
            "on": True, "until": until.isoformat()})).status_code == 200

        async def sellers() -> dict[str, dict[str, object]]:
            found = await anyone.get("/api/products?q=wool")
            assert found.status_code == 200, found.text
            return {item["seller"]["username"]: item["seller"] for item in found.json()["items"]}

        cards = await sellers()
        assert cards["sam"]["away"] is True
        sam_id = (await sam.get("/api/user")).json()["id"]
        notice = (await anyone.get(f"/api/users/{sam_id}/vacation")).json()["notice"]
        assert cards["sam"]["awayNotice"] == notice and notice.startswith("Seller away until ")
        assert (cards["theo"]["away"], cards["theo"]["awayNotice"]) == (False, None)
        page = (await anyone.get(f"/api/products/{coat}")).json()
        assert page["seller"]["away"] is True
        clock.advance(days=3, seconds=1)  # the date passed; no sweep has run
        # (Three days on, the response cache's copies of a second ago are long gone: its
        # store keeps real time, which the test's clock does not move.)
        await app.response_cache_config.get_store_from_app(app).delete_all()
        assert (await sellers())["sam"]["away"] is False
        assert (await sam.put("/api/user/vacation", json={"on": True})).status_code == 200
        cards = await sellers()
        assert (cards["sam"]["away"], cards["sam"]["awayNotice"]) == (True, "Seller away")
        assert (await sam.put("/api/user/vacation", json={"on": False})).status_code == 200
        assert (await sellers())["sam"]["away"] is False
