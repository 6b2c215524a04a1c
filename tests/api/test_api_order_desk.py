"""The administrators' order desk over HTTP on every configured database: who may call it,
filters, search, paging, the cards, sales figures, the admin address rules, confirming a
payment from the list, and the CSV export parsed back and compared with the orders."""

from __future__ import annotations

import asyncio
import csv
import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from litestar import Litestar

from domain.admin import EXPORT_COLUMNS
from tests.fakes import FixedClock
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api

DESK = "/api/admin/orders"
ROUTES = (DESK, f"{DESK}/summary", f"{DESK}/export")
REFUSED = "You need to be logged in as an administrator to access this page."
# Awkward text a spreadsheet or a naive CSV writer would get wrong.
AWKWARD_SELLER = 'Zoë "Z", Jr.\nSecond line'
AWKWARD_TITLE = '=HYPERLINK("http://evil.example","click"), really'


@asynccontextmanager
async def browser(app: Litestar) -> AsyncIterator[ApiClient]:
    transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver.local") as raw:
        yield ApiClient(raw)  # type: ignore[arg-type]


@asynccontextmanager
async def people(app: Litestar) -> AsyncIterator[dict[str, ApiClient]]:
    """A visitor, a buyer (user), a seller with a listing and an administrator."""
    async with browser(app) as visitor, browser(app) as maya, browser(app) as sam, \
            browser(app) as boss:
        assert (await maya.register("maya", display_name="-Maya, the buyer")).status_code == 201
        assert (await sam.register("sam", display_name=AWKWARD_SELLER)).status_code == 201
        assert (await boss.register("boss", email="boss@example.com")).status_code == 201
        yield {"visitor": visitor, "maya": maya, "sam": sam, "boss": boss}


async def order(buyer: ApiClient, seller: ApiClient, title: str = "Wool coat",
                price: str = "80.00") -> dict[str, object]:
    product = await create(seller, title=title, price=price)
    placed = await buyer.post("/api/orders", json={"productId": product["id"]})
    assert placed.status_code == 201, placed.text
    return placed.json()


async def test_only_administrators_reach_the_desk(app: Litestar) -> None:
    async with people(app) as who:
        await create(who["sam"])  # sam is a seller now
        assert (await who["sam"].get("/api/user")).json()["role"] == "seller"
        for route in ROUTES:
            assert (await who["visitor"].get(route)).status_code == 401, route
            for name in ("maya", "sam"):
                refused = await who[name].get(route)
                assert refused.status_code == 403, (route, name)
                assert refused.json()["message"] == REFUSED
            assert (await who["boss"].get(route)).status_code == 200, route


async def test_the_desk_lists_filters_searches_and_pages(app: Litestar) -> None:
    async with people(app) as who:
        maya, sam, boss = who["maya"], who["sam"], who["boss"]
        first = await order(maya, sam, "Wool coat", "80.00")
        second = await order(maya, sam, "Linen shirt", "25.50")
        third = await order(maya, sam, "Denim jacket", "40.00")
        paid = await boss.post(f"/api/orders/{second['id']}/confirm-payment")
        assert paid.status_code == 200, paid.text
        for status in ("shipped", "delivered"):
            body = {"status": status, "trackingNumber": "1Z999"}
            moved = await sam.put(f"/api/orders/{second['id']}/status", json=body)
            assert moved.status_code == 200, moved.text

        listed = (await boss.get(DESK)).json()
        assert [o["id"] for o in listed["items"]] == [third["id"], second["id"], first["id"]]
        top = listed["items"][0]
        assert top["buyer"]["email"] == "maya@example.com"
        assert top["seller"]["displayName"] == AWKWARD_SELLER
        assert top["seller"]["email"] == "sam@example.com"

        async def ids(query: str) -> list[int]:
            response = await boss.get(f"{DESK}?{query}")
            assert response.status_code == 200, response.text
            return [o["id"] for o in response.json()["items"]]

        assert await ids("status=pending") == [third["id"], first["id"]]
        assert await ids("status=pending_payment") == [third["id"], first["id"]]
        assert await ids("status=sales") == [second["id"]]
        assert await ids(f"q={str(first['orderNumber']).lower()}") == [first["id"]]
        assert len(await ids("q=SAM@EXAMPLE")) == 3
        assert await ids("q=nobody") == []
        assert await ids("q=%25") == []  # LIKE wildcards are text here
        bad = await boss.get(f"{DESK}?status=lost")
        assert bad.status_code == 400
        assert bad.json()["errors"] == {"status": "Please choose a valid order status"}

        page = (await boss.get(f"{DESK}?limit=2")).json()
        rest = (await boss.get(f"{DESK}?limit=2&cursor={page['nextCursor']}")).json()
        assert [o["id"] for o in page["items"] + rest["items"]] == [
            third["id"], second["id"], first["id"]]
        assert rest["nextCursor"] is None
        assert (await boss.get(f"{DESK}?cursor=garbage")).status_code == 400

        summary = (await boss.get(f"{DESK}/summary")).json()
        assert summary == {"totalOrders": 3, "pendingPayments": 2, "toBeShipped": 0,
                           "completed": 1, "sales": {"count": 1, "revenue": "25.50",
                                                     "averageOrderValue": "25.50"}}


async def test_an_admin_confirms_a_payment_and_fixes_an_address_from_the_desk(
        app: Litestar) -> None:
    async with people(app) as who:
        maya, sam, boss = who["maya"], who["sam"], who["boss"]
        placed = await order(maya, sam)
        missing = await boss.post(f"/api/orders/{placed['id']}/shipping-address",
                                  json={"fullName": "Maya Chen", "addressLine1": "12 Market St"})
        assert missing.status_code == 400
        # An unsent country is the default one (United States), so it is not missing.
        assert missing.json()["message"] == (
            "Missing Required Fields: City, State, ZIP code, Phone number")
        assert set(missing.json()["errors"]) == {"city", "state", "zipCode", "phoneNumber"}
        address = {"fullName": "Maya Chen", "addressLine1": "12 Market St", "city": "Boston",
                   "state": "MA", "zipCode": "02110", "country": "United States",
                   "phoneNumber": "6175550100"}
        fixed = await boss.post(f"/api/orders/{placed['id']}/shipping-address", json=address)
        assert fixed.status_code == 200, fixed.text
        listed = (await boss.get(f"{DESK}?status=pending_payment")).json()["items"]
        assert listed[0]["shippingAddress"]["city"] == "Boston"
        confirmed = await boss.post(f"/api/orders/{placed['id']}/confirm-payment")
        assert confirmed.status_code == 200
        again = await boss.post(f"/api/orders/{placed['id']}/confirm-payment")
        assert again.status_code == 409
        assert (await boss.get(f"{DESK}?status=pending_payment")).json()["items"] == []
        summary = (await boss.get(f"{DESK}/summary")).json()
        assert (summary["pendingPayments"], summary["toBeShipped"]) == (0, 1)


async def test_two_administrators_confirming_at_once_confirm_once(app: Litestar) -> None:
    """A race an administrator can cause: two desks press Confirm Payment together."""
    async with people(app) as who:
        placed = await order(who["maya"], who["sam"])
        url = f"/api/orders/{placed['id']}/confirm-payment"
        async with browser(app) as second:  # boss, logged in on a second device
            assert (await second.login("boss")).status_code == 200
            answers = await asyncio.gather(who["boss"].post(url), second.post(url))
        assert sorted(a.status_code for a in answers) == [200, 409]
        summary = (await who["boss"].get(f"{DESK}/summary")).json()
        assert (summary["pendingPayments"], summary["toBeShipped"]) == (0, 1)


async def test_the_export_parses_back_to_the_orders(app: Litestar) -> None:
    async with people(app) as who:
        maya, sam, boss = who["maya"], who["sam"], who["boss"]
        placed = [await order(maya, sam, AWKWARD_TITLE, "12.50"),
                  await order(maya, sam, "Plain tee", "8.00")]
        await boss.post(f"/api/orders/{placed[1]['id']}/confirm-payment")
        response = await boss.get(f"{DESK}/export")
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("text/csv")
        today = datetime.now(UTC).date().isoformat()
        assert response.headers["content-disposition"] == (
            f'attachment; filename="rethread-orders-{today}.csv"')
        rows = list(csv.reader(io.StringIO(response.content.decode(), newline="")))
        assert tuple(rows[0]) == EXPORT_COLUMNS
        orders = [(await boss.get(f"/api/orders/{o['id']}")).json() for o in placed]
        expected = [[o["orderNumber"], o["createdAt"][:10], o["product"]["title"], o["price"],
                     o["status"], o["buyer"]["displayName"], o["buyer"]["email"],
                     o["seller"]["displayName"], o["seller"]["email"], str(o["itemCount"])]
                    for o in orders]
        # Cells a spreadsheet would run as a formula come back with a leading apostrophe.
        expected[0][2] = "'" + AWKWARD_TITLE
        for line in expected:
            line[5] = "'" + line[5]  # "-Maya, the buyer"
        assert rows[1:] == expected
        assert rows[1][7] == AWKWARD_SELLER  # quotes, comma and newline survive

        only = await boss.get(f"{DESK}/export?status=payment_confirmed")
        paid = list(csv.reader(io.StringIO(only.content.decode(), newline="")))
        assert [row[0] for row in paid[1:]] == [placed[1]["orderNumber"]]
        assert (await boss.get(f"{DESK}/export?status=lost")).status_code == 400


async def test_the_export_runs_oldest_first_when_ids_are_not(app: Litestar,
                                                             clock: FixedClock) -> None:
    """The download lists orders by when they were placed (then id), not by id."""
    async with people(app) as who:
        maya, sam, boss = who["maya"], who["sam"], who["boss"]
        placed = []
        for days_ago, title in ((1, "Wool coat"), (0, "Linen shirt"), (2, "Plain tee")):
            at = clock.current
            clock.current = at - timedelta(days=days_ago)
            placed.append(await order(maya, sam, title, "10.00"))
            clock.current = at
        response = await boss.get(f"{DESK}/export")
        rows = list(csv.reader(io.StringIO(response.content.decode(), newline="")))[1:]
        assert [row[2] for row in rows] == ["Plain tee", "Wool coat", "Linen shirt"]
        assert [row[1] for row in rows] == sorted(row[1] for row in rows)
