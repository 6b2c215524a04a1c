"""Seller stats over HTTP on every configured database (issue 38 item 5): views counted once
per visitor per listing per day (also when the same visitor's views race), never the
seller's own, no visitor data kept past the day; the product page's figures; a seller's
30 days of views, offers, sales and earnings and their listings' figures."""

from __future__ import annotations

import asyncio

import pytest
from litestar import Litestar
from sqlalchemy import func, select

from adapters.sqlalchemy.seller_stats import ListingViewMarkRow
from entrypoints.container import Container
from tests.api.test_api_orders import another, browser
from tests.fakes import FixedClock
from tests.support.catalog import create

pytestmark = pytest.mark.api


@pytest.fixture(autouse=True)
def noon(clock: FixedClock) -> None:
    """The app's clock at noon UTC, so the tests' moves cross midnight when they mean to."""
    clock.current = clock.current.replace(hour=12, minute=0, second=0)


def agent(name: str) -> dict[str, str]:
    return {"user-agent": f"Test browser {name}"}


async def marks(container: Container) -> int:
    uow = container.uow()
    async with uow:
        return int(await uow.session.scalar(
            select(func.count()).select_from(ListingViewMarkRow)) or 0)


async def test_a_view_counts_once_per_visitor_per_day(app: Litestar, container: Container,
                                                      clock: FixedClock) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya, \
            browser(app) as anyone:
        product = int((await create(sam, title="Wool coat", price="80.00"))["id"])
        url = f"/api/products/{product}/views"
        own = await sam.post(url)
        assert own.status_code == 200 and own.json() == {"counted": False}
        assert (await anyone.post(url, headers=agent("a"))).json() == {"counted": True}
        assert (await anyone.post(url, headers=agent("a"))).json() == {"counted": False}
        assert (await anyone.post(url, headers=agent("b"))).json() == {"counted": True}
        assert (await maya.post(url, headers=agent("a"))).json() == {"counted": True}
        assert (await maya.post(url, headers=agent("c"))).json() == {"counted": False}
        figures = (await anyone.get(f"/api/products/{product}/figures")).json()
        assert figures == {"views": 3, "offers": 0}
        # The next day the same visitors count again; yesterday's marks are then deleted.
        clock.advance(days=1)
        assert (await anyone.post(url, headers=agent("a"))).json() == {"counted": True}
        assert await marks(container) == 4
        assert await container.seller_stats().forget_marks() == 3
        assert await marks(container) == 1
        # (A visitor's read may be the response cache's copy for 10 s: a view keeps it.)
        assert (await maya.get(f"/api/products/{product}/figures")).json()["views"] == 4
        assert (await anyone.post("/api/products/999999/views")).status_code == 404
        assert (await anyone.get("/api/products/999999/figures")).status_code == 404


async def test_racing_views_of_one_visitor_count_once(app: Litestar, clock: FixedClock
                                                      ) -> None:
    async with another(app, "sam") as sam, browser(app) as anyone:
        product = int((await create(sam, title="Wool coat", price="80.00"))["id"])
        url = f"/api/products/{product}/views"
        same = await asyncio.gather(*(anyone.post(url, headers=agent("a")) for _ in range(6)))
        assert sorted(r.status_code for r in same) == [200] * 6
        assert [r.json()["counted"] for r in same].count(True) == 1
        many = await asyncio.gather(*(anyone.post(url, headers=agent(str(i)))
                                      for i in range(6)))
        assert [r.status_code for r in many] == [200] * 6
        assert (await anyone.get(f"/api/products/{product}/figures")).json()["views"] == 7


async def test_a_sellers_stats(app: Litestar, clock: FixedClock) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya, \
            another(app, "boss", "boss@example.com") as boss, browser(app) as anyone:
        coat = int((await create(sam, title="Wool coat", price="80.00"))["id"])
        scarf = int((await create(sam, title="Silk scarf", price="20.00"))["id"])
        clock.advance(days=2)
        await anyone.post(f"/api/products/{coat}/views", headers=agent("a"))
        await maya.post(f"/api/products/{coat}/views")
        await maya.post("/api/favorites", json={"productId": coat})
        offered = await maya.post("/api/offers", json={"productId": coat, "offerPrice": "70.00"})
        assert offered.status_code == 201, offered.text
        order = (await maya.post("/api/orders", json={"productId": scarf})).json()
        assert (await boss.post(f"/api/orders/{order['id']}/confirm-payment")).status_code == 200
        answer = await sam.get("/api/user/stats")
        assert answer.status_code == 200, answer.text
        stats = answer.json()
        days = stats["days"]
        assert len(days) == 30 and days[-1]["date"] == clock.now().date().isoformat()
        assert days[-1] == {"date": days[-1]["date"], "views": 2, "offers": 1, "sales": 1,
                            "earnings": "18.52"}  # $20.00 less 6.9% and $0.10
        assert stats["totals"] == {"views": 2, "offers": 1, "sales": 1, "earnings": "18.52"}
        by_title = {item["title"]: item for item in stats["listings"]}
        assert [item["title"] for item in stats["listings"]] == ["Silk scarf", "Wool coat"]
        assert by_title["Wool coat"] | {"productId": 0} == {
            "productId": 0, "title": "Wool coat", "status": "available", "price": "80.00",
            "views": 2, "watchers": 1, "offers": 1, "daysListed": 2}
        assert by_title["Silk scarf"]["status"] == "sold"
        # Each seller sees only their own.
        theirs = (await maya.get("/api/user/stats")).json()
        assert theirs["listings"] == [] and theirs["totals"]["views"] == 0
        assert (await anyone.get("/api/user/stats")).status_code == 401
