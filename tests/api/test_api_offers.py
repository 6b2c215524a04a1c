"""Offers over HTTP on every configured database (spec §4, §7; DESIGN §3)."""

from __future__ import annotations

import asyncio

import pytest
from litestar import Litestar

from tests.support import ApiClient, people
from tests.support.offers import listing, offer

pytestmark = pytest.mark.api


async def test_every_offer_route_needs_login(client: ApiClient) -> None:
    routes = [("POST", "/api/offers"), ("GET", "/api/seller/offers"),
              ("GET", "/api/buyer/offers"), ("GET", "/api/products/1/offers"),
              ("GET", "/api/offers/1"), ("PUT", "/api/offers/1/respond"),
              ("POST", "/api/offers/1/accept-counter"), ("POST", "/api/offers/1/withdraw"),
              ("POST", "/api/offers/1/decline-counter"), ("GET", "/api/offers/notifications"),
              ("POST", "/api/offers/mark-seller-read"),
              ("POST", "/api/offers/mark-buyer-notified")]
    for method, url in routes:
        response = await client.request(method, url, json={})
        assert response.status_code == 401, (method, url, response.text)


async def test_make_list_counter_and_accept_the_counter(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        maya, sofia = p["maya"], p["sofia"]
        coat = await listing(maya, "100.00", title="Wool coat")
        made = await offer(sofia, coat, "80", message="  Would you take 80?  ")
        assert made["status"] == "pending"
        assert (made["offerPrice"], made["originalPrice"], made["counterPrice"]) == (
            "80.00", "100.00", None)
        assert made["message"] == "Would you take 80?"
        assert made["product"]["title"] == "Wool coat" and made["product"]["images"]
        assert made["buyer"]["username"] == "sofia" and made["seller"]["username"] == "maya"

        badges = (await maya.get("/api/offers/notifications")).json()
        assert badges == {"acceptedBuyerOffers": 0, "newSellerOffers": 1}
        page = (await maya.get("/api/seller/offers")).json()
        assert [o["id"] for o in page["items"]] == [made["id"]] and page["nextCursor"] is None
        marked = await maya.post("/api/offers/mark-seller-read")
        assert marked.json() == {"updated": 1}
        assert (await maya.get("/api/offers/notifications")).json()["newSellerOffers"] == 0

        countered = await maya.put(f"/api/offers/{made['id']}/respond",
                                   json={"status": "countered", "counterPrice": "90"})
        assert countered.status_code == 200, countered.text
        assert countered.json()["status"] == "countered"
        assert countered.json()["counterPrice"] == "90.00"
        assert (await sofia.get("/api/offers/notifications")).json()[
            "acceptedBuyerOffers"] == 1
        assert (await sofia.post("/api/offers/mark-buyer-notified")).json()["updated"] == 1

        accepted = await sofia.post(f"/api/offers/{made['id']}/accept-counter")
        assert accepted.status_code == 200, accepted.text
        assert accepted.json()["status"] == "accepted"
        assert accepted.json()["agreedPrice"] == "90.00"
        mine = (await sofia.get("/api/buyer/offers?status=accepted")).json()["items"]
        assert [o["id"] for o in mine] == [made["id"]]
        assert (await sofia.get("/api/offers/notifications")).json()[
            "acceptedBuyerOffers"] == 0  # she accepted it herself: no news for her


async def test_offer_rules_answer_400_403_404_409(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        maya, sofia = p["maya"], p["sofia"]
        coat = await listing(maya, "100.00")
        cases = [
            ({"productId": coat}, 400, "Offer amount is required"),
            ({"productId": coat, "offerPrice": "0"}, 400, "Offers must be at least $50.00"),
            ({"productId": coat, "offerPrice": "-5"}, 400, "Offers must be at least $50.00"),
            ({"productId": coat, "offerPrice": "1"}, 400, "Offers must be at least $50.00"),
            ({"productId": coat, "offerPrice": "100.01"}, 400,
             "Offer cannot be more than the listing price"),
            ({"productId": coat, "offerPrice": "abc"}, 400, None),
            ({"offerPrice": "10"}, 400, "productId is required"),
            ({"productId": 999999, "offerPrice": "10"}, 404, "Product not found"),
        ]
        for body, status, message in cases:
            response = await sofia.post("/api/offers", json=body)
            assert response.status_code == status, (body, response.text)
            if message:
                assert response.json()["message"] == message
        own = await maya.post("/api/offers", json={"productId": coat, "offerPrice": "50"})
        assert own.status_code == 403
        first = await offer(sofia, coat, "50")
        again = await sofia.post("/api/offers", json={"productId": coat, "offerAmount": "60"})
        assert again.status_code == 409
        assert again.json()["message"] == "You already have an open offer on this item."
        # only the seller responds, only the buyer withdraws; strangers see nothing
        assert (await sofia.put(f"/api/offers/{first['id']}/respond",
                                json={"status": "accepted"})).status_code == 403
        assert (await maya.post(f"/api/offers/{first['id']}/withdraw")).status_code == 403
        bad = await maya.put(f"/api/offers/{first['id']}/respond", json={"status": "maybe"})
        assert bad.status_code == 400
        low = await maya.put(f"/api/offers/{first['id']}/respond",
                             json={"status": "countered", "counterPrice": "40"})
        assert low.status_code == 400
        assert low.json()["errors"] == {"counterPrice": "Counter price must be more than the offer"}
        assert (await maya.get("/api/offers/999999")).status_code == 404
        # The id guard answers 404 for ids outside 1..2^31-1.
        assert (await maya.get("/api/offers/99999999999")).status_code == 404


async def test_strangers_see_only_their_own_offers(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "lena") as p:
        coat = await listing(p["maya"])
        sofias = await offer(p["sofia"], coat, "70")
        lenas = await offer(p["lena"], coat, "75")
        assert (await p["lena"].get(f"/api/offers/{sofias['id']}")).status_code == 403
        seen_by_lena = (await p["lena"].get(f"/api/products/{coat}/offers")).json()["items"]
        assert [o["id"] for o in seen_by_lena] == [lenas["id"]]
        seen_by_maya = (await p["maya"].get(f"/api/products/{coat}/offers")).json()["items"]
        assert [o["id"] for o in seen_by_maya] == [lenas["id"], sofias["id"]]
        assert (await p["lena"].get("/api/seller/offers")).json()["items"] == []


async def test_accepting_one_offer_declines_the_others(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "lena") as p:
        coat = await listing(p["maya"])
        sofias = await offer(p["sofia"], coat, "70")
        lenas = await offer(p["lena"], coat, "75")
        accepted = await p["maya"].put(f"/api/offers/{lenas['id']}/respond",
                                       json={"status": "accepted"})
        assert accepted.status_code == 200
        declined = (await p["sofia"].get(f"/api/offers/{sofias['id']}")).json()
        assert declined["status"] == "rejected"
        assert declined["declineReason"] == "other_offer_accepted"
        late = await p["maya"].put(f"/api/offers/{sofias['id']}/respond",
                                   json={"status": "accepted"})
        assert late.status_code == 409
        assert "accepted another offer" in late.json()["message"]
        tabs = (await p["maya"].get("/api/seller/offers?status=rejected")).json()["items"]
        assert [o["id"] for o in tabs] == [sofias["id"]]
        assert (await p["maya"].get("/api/seller/offers?status=nope")).status_code == 400


async def test_the_seller_hub_shows_one_listings_offers(app: Litestar) -> None:
    """``?productId=`` (the Seller Hub's "offers on one listing", as the webapp sends it)
    keeps the other listings' offers out; it was read as ``product_id`` and ignored."""
    async with people(app, "maya", "sofia") as p:
        coat, scarf = await listing(p["maya"]), await listing(p["maya"], title="Silk scarf")
        on_coat = await offer(p["sofia"], coat, "70")
        await offer(p["sofia"], scarf, "70")
        page = (await p["maya"].get(f"/api/seller/offers?productId={coat}")).json()["items"]
        assert [o["id"] for o in page] == [on_coat["id"]]


async def test_withdraw_a_pending_offer_then_offer_again(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        coat = await listing(p["maya"])
        first = await offer(p["sofia"], coat, "60")
        withdrawn = await p["sofia"].post(f"/api/offers/{first['id']}/withdraw")
        assert withdrawn.json()["status"] == "withdrawn"
        again = await p["sofia"].post(f"/api/offers/{first['id']}/withdraw")
        assert again.status_code == 409
        await offer(p["sofia"], coat, "65")


async def test_deleting_a_listing_declines_and_removes_its_offers(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        coat = await listing(p["maya"])
        made = await offer(p["sofia"], coat, "60")
        assert (await p["maya"].delete(f"/api/products/{coat}")).status_code == 204
        assert (await p["sofia"].get(f"/api/offers/{made['id']}")).status_code == 404
        assert (await p["sofia"].get("/api/buyer/offers")).json()["items"] == []


async def test_pages_follow_the_cursor(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        ids = [await listing(p["maya"], title=f"Tee {n}") for n in range(3)]
        made = [await offer(p["sofia"], product, "60") for product in ids]
        first = (await p["sofia"].get("/api/buyer/offers?limit=2")).json()
        assert [o["id"] for o in first["items"]] == [made[2]["id"], made[1]["id"]]
        rest = (await p["sofia"].get(
            f"/api/buyer/offers?limit=2&cursor={first['nextCursor']}")).json()
        assert [o["id"] for o in rest["items"]] == [made[0]["id"]]
        assert rest["nextCursor"] is None
        assert (await p["sofia"].get("/api/buyer/offers?cursor=zzz")).status_code == 400


async def test_two_buyers_accepting_counters_at_once_one_wins(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "lena") as p:
        coat = await listing(p["maya"])
        offers = [await offer(p[name], coat, "70") for name in ("sofia", "lena")]
        for made in offers:
            response = await p["maya"].put(f"/api/offers/{made['id']}/respond",
                                           json={"status": "countered", "counterPrice": "85"})
            assert response.status_code == 200
        results = await asyncio.gather(
            p["sofia"].post(f"/api/offers/{offers[0]['id']}/accept-counter"),
            p["lena"].post(f"/api/offers/{offers[1]['id']}/accept-counter"))
        assert sorted(r.status_code for r in results) == [200, 409], [r.text for r in results]
        statuses = sorted(o["status"] for o in (
            await p["maya"].get("/api/seller/offers")).json()["items"])
        assert statuses == ["accepted", "rejected"]


async def test_seller_accepting_while_the_buyer_withdraws_one_wins(app: Litestar) -> None:
    async with people(app, "maya", "sofia", "lena") as p:
        coat = await listing(p["maya"])
        sofias = await offer(p["sofia"], coat, "70")
        lenas = await offer(p["lena"], coat, "72")
        results = await asyncio.gather(
            p["maya"].put(f"/api/offers/{sofias['id']}/respond", json={"status": "accepted"}),
            p["maya"].put(f"/api/offers/{lenas['id']}/respond", json={"status": "accepted"}),
            p["sofia"].post(f"/api/offers/{sofias['id']}/withdraw"))
        codes = [r.status_code for r in results]
        assert 500 not in codes and codes.count(200) >= 1, [r.text for r in results]
        items = (await p["maya"].get("/api/seller/offers")).json()["items"]
        assert sum(o["status"] == "accepted" for o in items) <= 1
        assert all(o["status"] != "pending" for o in items)


async def test_double_clicked_offer_makes_one(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        coat = await listing(p["maya"])
        results = await asyncio.gather(*(
            p["sofia"].post("/api/offers", json={"productId": coat, "offerPrice": "50"})
            for _ in range(3)))
        assert sorted(r.status_code for r in results) == [201, 409, 409], [
            r.text for r in results]
        assert len((await p["sofia"].get("/api/buyer/offers")).json()["items"]) == 1


async def test_offers_appear_in_the_buyer_seller_thread(app: Litestar) -> None:
    async with people(app, "maya", "sofia") as p:
        maya, sofia = p["maya"], p["sofia"]
        maya_id = (await maya.get("/api/user")).json()["id"]
        sofia_id = (await sofia.get("/api/user")).json()["id"]
        coat = await listing(maya, title="Wool coat")
        made = await offer(sofia, coat, "70")
        await maya.put(f"/api/offers/{made['id']}/respond", json={"status": "rejected"})
        thread = (await sofia.get(f"/api/messages/{sofia_id}/{maya_id}")).json()["items"]
        assert [(m["messageType"], m["offerId"], m["senderId"]) for m in thread] == [
            ("offer", made["id"], sofia_id), ("offer_response", made["id"], maya_id)]
        assert "Declined" in thread[-1]["content"]
        bell = (await sofia.get("/api/notifications")).json()
        assert [n["kind"] for n in bell["items"]] == ["offer_declined"]


async def test_the_buyer_never_pays_more_than_a_lowered_price(app: Litestar) -> None:
    """An $80 offer on a $100 coat, then the seller lowers the price to $50: accepting the
    offer is refused in a sentence (the item stays in the shop) and the buyer buys it at
    $50; counters are capped by the price now."""
    async with people(app, "maya", "sofia") as p:
        maya, sofia = p["maya"], p["sofia"]
        coat = await listing(maya, price="100.00", title="Wool coat")
        made = await offer(sofia, coat, "80.00")
        lowered = await maya.put(f"/api/products/{coat}", json={"price": "50.00"})
        assert lowered.status_code == 200, lowered.text
        accepted = await maya.put(f"/api/offers/{made['id']}/respond",
                                  json={"status": "accepted"})
        assert accepted.status_code == 409
        assert accepted.json()["message"].startswith("The price of this item is now $50.00")
        countered = await maya.put(f"/api/offers/{made['id']}/respond",
                                   json={"status": "countered", "counterPrice": "90.00"})
        assert countered.status_code == 400
        assert (await sofia.get(f"/api/products/{coat}")).json()["status"] == "available"
        bought = await sofia.post("/api/orders", json={"productId": coat})
        assert bought.status_code == 201, bought.text
        assert bought.json()["price"] == "50.00"
