"""Bundles over HTTP on every configured database: discount tiers, the bag, one order of
several items, and the race between two overlapping bundles (issue 38 item 1)."""

from __future__ import annotations

import asyncio
import csv
import io

import pytest
from litestar import Litestar

from tests.api.test_api_orders import another, browser
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api

TIERS = {"tiers": [{"minItems": 2, "percent": 10}, {"minItems": 3, "percent": 15}]}


async def closet(seller: ApiClient, *prices: str) -> list[int]:
    """``seller`` lists one item per price; returns their ids."""
    return [int((await create(seller, title=f"Item at {price}", price=price))["id"])
            for price in prices]


async def test_a_seller_sets_tiers_everyone_reads_them(app: Litestar) -> None:
    async with another(app, "sam") as sam, browser(app) as visitor:
        me = (await sam.get("/api/user")).json()["id"]
        assert (await sam.put("/api/user/bundle-discounts", json=TIERS)).status_code == 200
        shown = await visitor.get(f"/api/users/{me}/bundle-discounts")
        assert shown.status_code == 200
        assert [t["label"] for t in shown.json()["tiers"]] == [
            "Buy 2, save 10%", "Buy 3, save 15%"]
        off = await sam.put("/api/user/bundle-discounts", json={"tiers": []})
        assert off.json() == {"tiers": []}
        assert (await visitor.get(f"/api/users/{me}/bundle-discounts")).json()["tiers"] == []
        assert (await visitor.get("/api/users/999999/bundle-discounts")).status_code == 404
        assert (await visitor.put("/api/user/bundle-discounts", json=TIERS)).status_code in (
            401, 403)


@pytest.mark.parametrize(("tiers", "words"), [
    ([{"minItems": 1, "percent": 10}], "between 2 and 10"),
    ([{"minItems": 2, "percent": 51}], "between 1 and 50"),
    ([{"minItems": 3, "percent": 10}, {"minItems": 2, "percent": 20}], "more items"),
    ([{"minItems": 2, "percent": 10}, {"minItems": 3, "percent": 5}], "save more"),
    ([{"minItems": n, "percent": n} for n in range(2, 6)], "at most 3"),
])
async def test_wrong_tiers_are_refused_with_a_sentence(app: Litestar, tiers: list[dict[str, int]],
                                                       words: str) -> None:
    async with another(app, "sam") as sam:
        response = await sam.put("/api/user/bundle-discounts", json={"tiers": tiers})
        assert response.status_code == 400, response.text
        assert words in response.json()["message"]


async def test_the_bag_groups_by_seller_and_prices_on_the_server(app: Litestar) -> None:
    async with another(app, "sam") as sam, another(app, "lee") as lee, \
            another(app, "maya") as maya:
        await sam.put("/api/user/bundle-discounts", json=TIERS)
        coat, scarf, hat = await closet(sam, "40.00", "25.00", "19.99")
        (boots,) = await closet(lee, "60.00")
        for product in (coat, scarf, hat, boots):
            added = await maya.post("/api/bag/items", json={"productId": product})
            assert added.status_code == 200, added.text
        again = await maya.post("/api/bag/items", json={"productId": coat})
        assert again.json()["count"] == 4  # adding twice keeps one
        bag = (await maya.get("/api/bag")).json()
        by_seller = {g["seller"]["username"]: g for g in bag["groups"]}
        sams = by_seller["sam"]
        assert [i["product"]["id"] for i in sams["items"]] == [coat, scarf, hat]
        assert (sams["subtotal"], sams["discount"], sams["discountPercent"], sams["price"],
                sams["serviceFee"], sams["shipping"], sams["total"]) == (
            "84.99", "12.75", 15, "72.24", "3.61", "5.00", "80.85")
        lees = by_seller["lee"]
        assert (lees["discount"], lees["total"], lees["nextTier"]) == ("0.00", "68.00", None)
        removed = await maya.delete(f"/api/bag/items/{hat}")
        assert removed.status_code == 200 and removed.json()["count"] == 3
        sams = next(g for g in removed.json()["groups"] if g["sellerId"] == sams["sellerId"])
        assert (sams["discountPercent"], sams["nextTier"]["label"]) == (10, "Buy 3, save 15%")
        assert (await maya.delete(f"/api/bag/items/{hat}")).status_code == 404
        # Your own listing is refused with 400; a missing one 404; a sold one 409.
        own = await sam.post("/api/bag/items", json={"productId": coat})
        assert own.status_code == 400 and "own listing" in own.json()["message"]
        assert (await maya.post("/api/bag/items", json={"productId": 999999})).status_code == 404
        assert (await lee.post("/api/orders", json={"productId": scarf})).status_code == 201
        gone = await maya.post("/api/bag/items", json={"productId": scarf})
        assert gone.status_code == 409, gone.text
        # The reserved item stays in the bag, marked, and out of the totals.
        bag = (await maya.get("/api/bag")).json()
        sams = next(g for g in bag["groups"] if g["sellerId"] == sams["sellerId"])
        assert [i["available"] for i in sams["items"]] == [True, False]
        assert (sams["itemCount"], sams["total"]) == (1, "47.00")
        assert (await browser_get_status(app, "/api/bag")) == 401


async def browser_get_status(app: Litestar, url: str) -> int:
    async with browser(app) as anonymous:
        return (await anonymous.get(url)).status_code


async def test_one_order_of_several_items(app: Litestar) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya, \
            another(app, "lee") as lee:
        await sam.put("/api/user/bundle-discounts", json=TIERS)
        coat, scarf = await closet(sam, "40.00", "25.00")
        (boots,) = await closet(lee, "60.00")
        for product in (coat, scarf, boots):
            await maya.post("/api/bag/items", json={"productId": product})
        quote = await maya.get("/api/orders/quote", params={"productIds": [coat, scarf]})
        assert quote.status_code == 200, quote.text
        assert quote.json() == {"price": "58.50", "serviceFee": "2.93", "shipping": "5.00",
                                "total": "66.43", "subtotal": "65.00", "discount": "6.50",
                                "discountPercent": 10, "itemCount": 2}
        mixed = await maya.post("/api/orders", json={"productIds": [coat, boots]})
        assert mixed.status_code == 400 and "one seller" in mixed.json()["message"]
        placed = await maya.post("/api/orders", json={"productIds": [coat, scarf],
                                                      "price": "1.00"})
        assert placed.status_code == 201, placed.text
        order = placed.json()
        assert (order["subtotal"], order["discount"], order["price"], order["serviceFee"],
                order["shipping"], order["total"]) == (
            "65.00", "6.50", "58.50", "2.93", "5.00", "66.43")
        assert [(i["id"], i["price"]) for i in order["items"]] == [(coat, "40.00"),
                                                                   (scarf, "25.00")]
        assert order["itemCount"] == 2 and order["product"]["id"] == coat
        # Both items are reserved; the bag keeps only the other seller's item.
        for product in (coat, scarf):
            assert (await maya.get(f"/api/products/{product}")).json()["status"] == "reserved"
        bag = (await maya.get("/api/bag")).json()
        assert bag["count"] == 1 and bag["groups"][0]["sellerId"] != order["seller"]["id"]
        # The seller sees one order with two items.
        sales = (await sam.get("/api/orders?as_seller=true")).json()["items"]
        assert len(sales) == 1 and [i["id"] for i in sales[0]["items"]] == [coat, scarf]
        # Cancelling releases every item.
        cancelled = await sam.put(f"/api/orders/{order['id']}/status",
                                  json={"status": "cancelled"})
        assert cancelled.status_code == 200, cancelled.text
        for product in (coat, scarf):
            assert (await maya.get(f"/api/products/{product}")).json()["status"] == "available"


async def test_a_bundle_with_a_taken_item_reserves_nothing(app: Litestar) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya, \
            another(app, "theo") as theo:
        coat, scarf, hat = await closet(sam, "40.00", "25.00", "10.00")
        assert (await theo.post("/api/orders", json={"productId": scarf})).status_code == 201
        refused = await maya.post("/api/orders", json={"productIds": [coat, scarf, hat]})
        assert refused.status_code == 409, refused.text
        assert refused.json()["message"] == (
            "\u201cItem at 25.00\u201d is no longer available.")
        for product in (coat, hat):
            assert (await maya.get(f"/api/products/{product}")).json()["status"] == "available"
        assert (await maya.get("/api/orders")).json()["items"] == []


async def test_two_overlapping_bundles_race_and_exactly_one_wins(app: Litestar) -> None:
    """Maya wants coat + scarf, Theo scarf + hat, at the same moment: one order is placed,
    the other buyer gets 409 naming the scarf and reserves nothing (their other item stays
    available)."""
    for round_ in range(3):
        async with another(app, f"sam{round_}") as sam, \
                another(app, f"maya{round_}") as maya, another(app, f"theo{round_}") as theo:
            coat, scarf, hat = await closet(sam, "40.00", "25.00", "10.00")
            for buyer in (maya, theo):
                await buyer.get("/api/csrf")
            results = await asyncio.gather(
                maya.post("/api/orders", json={"productIds": [coat, scarf]}),
                theo.post("/api/orders", json={"productIds": [hat, scarf]}))
            codes = sorted(r.status_code for r in results)
            assert codes == [201, 409], [r.text for r in results]
            loser = next(r for r in results if r.status_code == 409)
            assert "Item at 25.00" in loser.json()["message"]
            winner_items = {i["id"] for r in results if r.status_code == 201
                            for i in r.json()["items"]}
            for product in (coat, scarf, hat):
                status = (await sam.get(f"/api/products/{product}")).json()["status"]
                assert status == ("reserved" if product in winner_items else "available")
            sales = (await sam.get("/api/orders?as_seller=true")).json()["items"]
            assert len(sales) == 1


async def test_two_tabs_saving_tiers_at_once_keep_one_set(app: Litestar) -> None:
    """Two tabs of one seller save different tiers at the same moment, from no tiers (no
    rows to wait on): the saves take turns (the member's row is locked), so the seller ends
    with one tab's tiers, never both tabs' six."""
    first = [{"minItems": 2, "percent": 5}, {"minItems": 3, "percent": 10},
             {"minItems": 4, "percent": 15}]
    second = [{"minItems": 5, "percent": 20}, {"minItems": 6, "percent": 25},
              {"minItems": 7, "percent": 30}]
    async with another(app, "sam") as sam, browser(app) as tab:
        assert (await tab.login("sam")).status_code == 200
        me = (await sam.get("/api/user")).json()["id"]
        for _ in range(8):
            assert (await sam.put("/api/user/bundle-discounts",
                                  json={"tiers": []})).status_code == 200
            saved = await asyncio.gather(
                sam.put("/api/user/bundle-discounts", json={"tiers": first}),
                tab.put("/api/user/bundle-discounts", json={"tiers": second}))
            assert [r.status_code for r in saved] == [200, 200], [r.text for r in saved]
            kept = (await sam.get(f"/api/users/{me}/bundle-discounts")).json()["tiers"]
            assert [{"minItems": t["minItems"], "percent": t["percent"]} for t in kept] in (
                first, second)


async def test_bad_bundle_requests(app: Litestar) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya:
        coat, scarf = await closet(sam, "40.00", "25.00")
        empty = await maya.post("/api/orders", json={"productIds": []})
        assert empty.status_code == 400
        own = await sam.post("/api/orders", json={"productIds": [coat, scarf]})
        assert own.status_code == 403
        missing = await maya.post("/api/orders", json={"productIds": [coat, 999999]})
        assert missing.status_code == 404
        offer = await maya.post("/api/orders", json={"productIds": [coat, scarf],
                                                     "offerId": 1})
        assert offer.status_code == 400
        too_many = await maya.post("/api/orders", json={"productIds": list(range(1, 30))})
        assert too_many.status_code == 400
        for product in (coat, scarf):
            assert (await maya.get(f"/api/products/{product}")).json()["status"] == "available"


async def test_the_export_and_the_desk_name_every_item(app: Litestar) -> None:
    async with another(app, "sam") as sam, another(app, "maya") as maya, \
            another(app, "boss", email="boss@example.com") as boss:
        coat, scarf = await closet(sam, "40.00", "25.00")
        placed = await maya.post("/api/orders", json={"productIds": [coat, scarf]})
        assert placed.status_code == 201
        exported = await boss.get("/api/admin/orders/export")
        assert exported.status_code == 200, exported.text
        rows = list(csv.reader(io.StringIO(exported.text)))
        assert rows[0][-1] == "Item Count"
        assert (rows[1][2], rows[1][3], rows[1][-1]) == (
            "Item at 40.00 + Item at 25.00", "65.00", "2")
        desk = (await boss.get("/api/admin/orders")).json()["items"]
        assert [i["id"] for i in desk[0]["items"]] == [coat, scarf]
