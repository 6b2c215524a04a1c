"""Bundles: a seller's discount tiers (public to read, their own to set) and each member's
own bag."""

from __future__ import annotations

from tests.api.authz import Row, World, logged_in, same
from tests.api.authz.catalog import make_peer_product

TIERS = {"tiers": [{"minItems": 2, "percent": 10}]}


async def make_bagged(world: World) -> int:
    """The peer's listing in the owner's bag; the id is the listing's."""
    product = await make_peer_product(world)
    response = await world.owner.post("/api/bag/items", json={"productId": product})
    assert response.status_code == 200, response.text
    return product


MAKERS = {"bagged": make_bagged}

ROWS = [
    Row("PUT", "/api/user/bundle-discounts", **logged_in(200), json=TIERS),
    Row("GET", "/api/users/{user_id:int}/bundle-discounts", **same(200),
        params={"user_id": "$owner"}),
    Row("GET", "/api/bag", **logged_in(200)),
    Row("POST", "/api/bag/items", **logged_in(200), json={"productId": "$peer_product"}),
    # Each bag is its owner's: someone else's item is simply not in yours.
    Row("DELETE", "/api/bag/items/{product_id:int}", anonymous=401, other=404, owner=200,
        admin=404, params={"product_id": "$bagged"}),
]
