"""Offers: the buyer who made one and the seller of the listing are its participants."""

from __future__ import annotations

import httpx

from tests.api.authz import Row, World, logged_in, owner_only
from tests.api.authz.catalog import make_peer_product, make_product


async def _offer(world: World, buyer_is_owner: bool, price: str = "45.00") -> int:
    if buyer_is_owner:
        product, buyer = await make_peer_product(world), world.owner
    else:
        product, buyer = await make_product(world), world.peer
    response = await buyer.post("/api/offers", json={"productId": product,
                                                     "offerPrice": price})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


async def make_offer(world: World) -> int:
    """The owner's offer on the peer's listing (the owner is the buyer)."""
    return await _offer(world, buyer_is_owner=True)


async def make_received_offer(world: World) -> int:
    """The peer's offer on the owner's listing (the owner is the seller)."""
    return await _offer(world, buyer_is_owner=False)


async def make_countered_offer(world: World) -> int:
    """The owner's offer that the peer (seller) answered with a counter price."""
    offer = await make_offer(world)
    response = await world.peer.put(f"/api/offers/{offer}/respond",
                                    json={"status": "countered", "counterPrice": "55.00"})
    assert response.status_code == 200, response.text
    return offer


async def make_offered_product(world: World) -> int:
    """The owner's listing with the peer's offer on it."""
    offer = await make_received_offer(world)
    response = await world.peer.get(f"/api/offers/{offer}")
    assert response.status_code == 200, response.text
    return int(response.json()["productId"])


def only_own_offers(world: World, role: str, response: httpx.Response) -> str | None:
    items = response.json()["items"]
    if role == "other" and items:
        return f"a stranger sees others' offers: {items}"
    if role in ("owner", "admin") and not items:
        return "the seller does not see the offer on the listing"
    return None


MAKERS = {"offer": make_offer, "offered_product": make_offered_product,
          "received_offer": make_received_offer, "countered_offer": make_countered_offer}

ROWS = [
    Row("POST", "/api/offers", **logged_in(201),
        json={"productId": "$peer_product", "offerPrice": "45.00"}),
    Row("GET", "/api/seller/offers", **logged_in(200)),
    Row("GET", "/api/buyer/offers", **logged_in(200)),
    Row("GET", "/api/offers/notifications", **logged_in(200)),
    Row("POST", "/api/offers/mark-seller-read", **logged_in(200), json={}),
    Row("POST", "/api/offers/mark-buyer-notified", **logged_in(200)),
    # The seller (and an administrator) see every offer on the listing; anyone else gets
    # 200 with only their own offers, so a stranger sees an empty list.
    Row("GET", "/api/products/{product_id:int}/offers", **owner_only(200, admin=200, other=200),
        params={"product_id": "$offered_product"}, check=only_own_offers),
    # Administrators see any offer (support), but cannot answer one.
    Row("GET", "/api/offers/{offer_id:int}", **owner_only(200, admin=200),
        params={"offer_id": "$offer"}),
    Row("PUT", "/api/offers/{offer_id:int}/respond", **owner_only(200),
        params={"offer_id": "$received_offer"}, json={"status": "accepted"}),
    Row("POST", "/api/offers/{offer_id:int}/accept-counter", **owner_only(200),
        params={"offer_id": "$countered_offer"}),
    Row("POST", "/api/offers/{offer_id:int}/decline-counter", **owner_only(200),
        params={"offer_id": "$countered_offer"}),
    Row("POST", "/api/offers/{offer_id:int}/withdraw", **owner_only(200),
        params={"offer_id": "$offer"}),
]
