"""What a block shows before anything is refused (issue 37; docs/trust.md, "Blocks"), over
HTTP on every configured database: the product page tells the one who blocked, the
profile's counts agree with what each side is shown, and neither bag keeps the other's
items."""

from __future__ import annotations

from typing import Any

import pytest
from litestar import Litestar

from entrypoints.container import Container
from tests.support import ApiClient, people
from tests.support.catalog import data_url, png
from tests.support.mail import browser
from tests.support.offers import listing

pytestmark = pytest.mark.api
TIERS = {"tiers": [{"minItems": 2, "percent": 10}]}


async def _id(client: ApiClient) -> int:
    return int((await client.get("/api/user")).json()["id"])


async def _product(client: ApiClient, product_id: int) -> dict[str, Any]:
    response = await client.get(f"/api/products/{product_id}")
    assert response.status_code == 200, response.text
    return dict(response.json())


async def _profile(client: ApiClient, user_id: int) -> dict[str, Any]:
    response = await client.get(f"/api/users/{user_id}")
    assert response.status_code == 200, response.text
    return dict(response.json())


async def _bagged(client: ApiClient) -> list[int]:
    response = await client.get("/api/bag")
    assert response.status_code == 200, response.text
    return [item["product"]["id"] for group in response.json()["groups"]
            for item in group["items"]]


async def test_the_product_answer_tells_only_the_one_who_blocked(app: Litestar) -> None:
    """``blockedByYou``: true for the blocker's read of the blocked seller's listing, false
    for the blocked member's read of the blocker's (never told), absent for visitors."""
    async with people(app, "emma", "lucas") as p, browser(app) as visitor:
        emma, lucas = p["emma"], p["lucas"]
        jacket = await listing(lucas, title="Denim jacket")
        scarf = await listing(emma, title="Silk scarf")
        assert (await _product(emma, jacket))["blockedByYou"] is False
        assert (await _product(lucas, jacket))["blockedByYou"] is False  # the seller

        blocked = await emma.post("/api/blocks", json={"userId": await _id(lucas)})
        assert blocked.status_code == 201, blocked.text
        assert (await _product(emma, jacket))["blockedByYou"] is True
        assert (await _product(lucas, scarf))["blockedByYou"] is False
        assert (await _product(emma, scarf))["blockedByYou"] is False  # her own listing
        shown = await visitor.get(f"/api/products/{jacket}")
        assert shown.status_code == 200 and "blockedByYou" not in shown.json()

        assert (await emma.delete(f"/api/blocks/{await _id(lucas)}")).status_code == 204
        assert (await _product(emma, jacket))["blockedByYou"] is False


async def test_profile_counts_agree_with_what_each_side_is_shown(app: Litestar) -> None:
    """While either blocked the other, neither is shown the other's listings nor posts, and
    the profile's counts say 0 to both; visitors (and everyone after the unblock) get the
    real counts."""
    async with people(app, "emma", "lucas") as p, browser(app) as visitor:
        emma, lucas = p["emma"], p["lucas"]
        emma_id, lucas_id = await _id(emma), await _id(lucas)
        for title in ("Denim jacket", "Wool coat"):
            await listing(lucas, title=title)
        await listing(emma, title="Silk scarf")
        posted = await lucas.post("/api/posts", json={"content": "Autumn look",
                                                      "image": data_url(png())})
        assert posted.status_code == 201, posted.text
        before = await _profile(emma, lucas_id)
        assert (before["listingCount"], before["postCount"]) == (2, 1)

        assert (await emma.post("/api/blocks", json={"userId": lucas_id})).status_code == 201
        for reader, member_id in ((emma, lucas_id), (lucas, emma_id)):
            seen = await _profile(reader, member_id)
            assert (seen["listingCount"], seen["postCount"]) == (0, 0), seen
            shown = (await reader.get("/api/products", params={"sellerId": member_id})).json()
            assert shown["total"] == 0
        assert (await _profile(emma, lucas_id))["blockedByYou"] is True
        assert (await _profile(lucas, emma_id))["blockedByYou"] is False
        public = (await visitor.get(f"/api/users/{lucas_id}")).json()
        assert (public["listingCount"], public["postCount"]) == (2, 1)

        assert (await emma.delete(f"/api/blocks/{lucas_id}")).status_code == 204
        after = await _profile(emma, lucas_id)
        assert (after["listingCount"], after["postCount"]) == (2, 1)


async def test_a_block_takes_each_ones_items_out_of_the_others_bag(app: Litestar) -> None:
    """Both ways, in the block's transaction; other sellers' items stay, and unblocking does
    not put them back (as with follows and offers)."""
    async with people(app, "emma", "lucas", "maya") as p:
        emma, lucas, maya = p["emma"], p["lucas"], p["maya"]
        assert (await lucas.put("/api/user/bundle-discounts", json=TIERS)).status_code == 200
        jacket = await listing(lucas, title="Denim jacket")
        scarf = await listing(emma, title="Silk scarf")
        coat = await listing(maya, title="Wool coat")
        for member, product_id in ((emma, jacket), (emma, coat), (lucas, scarf)):
            added = await member.post("/api/bag/items", json={"productId": product_id})
            assert added.status_code == 200, added.text

        assert (await emma.post("/api/blocks", json={"userId": await _id(lucas)})
                ).status_code == 201
        assert await _bagged(emma) == [coat]
        assert await _bagged(lucas) == []
        again = await emma.post("/api/bag/items", json={"productId": jacket})
        assert again.status_code == 403, again.text

        assert (await emma.delete(f"/api/blocks/{await _id(lucas)}")).status_code == 204
        assert await _bagged(emma) == [coat]


async def test_an_item_bagged_despite_a_block_is_unavailable_and_out_of_the_totals(
        app: Litestar, container: Container) -> None:
    """A row that got in anyway (an add in the same instant as the block, or a bag from
    before blocks emptied bags): its group has nothing to check out, no total and no
    nudge, and the checkout's quote refuses it with the block's sentence."""
    async with people(app, "emma", "lucas") as p:
        emma, lucas = p["emma"], p["lucas"]
        emma_id, lucas_id = await _id(emma), await _id(lucas)
        assert (await lucas.put("/api/user/bundle-discounts", json=TIERS)).status_code == 200
        jacket = await listing(lucas, title="Denim jacket", price="40.00")
        assert (await emma.post("/api/blocks", json={"userId": lucas_id})).status_code == 201
        async with container.uow() as uow:
            await uow.bag.add(emma_id, jacket, container.clock().now())
            await uow.commit()

        bag = (await emma.get("/api/bag")).json()
        assert bag["count"] == 1
        [group] = bag["groups"]
        assert [item["available"] for item in group["items"]] == [False]
        assert (group["itemCount"], group["total"], group["nextTier"]) == (0, "0.00", None)
        quote = await emma.get("/api/orders/quote", params={"productIds": [jacket]})
        assert quote.status_code == 403, quote.text
        assert quote.json()["message"] == "You can't interact with this member"
