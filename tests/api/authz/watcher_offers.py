"""Offers to watchers: only the listing's seller sends them."""

from __future__ import annotations

from tests.api.authz import Row, World, owner_only
from tests.api.authz.catalog import make_product


async def make_watched_product(world: World) -> int:
    """The owner's listing, watched by the peer."""
    product = await make_product(world)
    response = await world.peer.post("/api/favorites", json={"productId": product})
    assert response.status_code in (200, 201), response.text
    return product


MAKERS = {"watched_product": make_watched_product}

ROWS = [
    Row("POST", "/api/products/{product_id:int}/watcher-offers", **owner_only(201),
        params={"product_id": "$watched_product"}, json={"price": "60.00"}),
]
