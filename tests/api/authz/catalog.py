"""Listings and the watch list (favorites)."""

from __future__ import annotations

from tests.api.authz import Row, World, logged_in, owner_only, same
from tests.support.catalog import create, listing


async def make_product(world: World) -> int:
    """A listing by the owner."""
    return int((await create(world.owner, title="Wool coat", price="80.00"))["id"])


async def make_peer_product(world: World) -> int:
    """A listing by the peer (something the owner can buy, favorite or make offers on)."""
    return int((await create(world.peer, title="Denim jacket", price="60.00"))["id"])


async def make_favorite(world: World) -> int:
    """The owner watches the peer's listing; the id is the listing's."""
    product = await make_peer_product(world)
    response = await world.owner.post("/api/favorites", json={"productId": product})
    assert response.status_code == 201, response.text
    return product


MAKERS = {"product": make_product, "peer_product": make_peer_product,
          "favorite": make_favorite}

ROWS = [
    Row("GET", "/api/products", **same(200)),
    Row("GET", "/api/products/facets", **same(200)),
    Row("GET", "/api/products/suggestions", **same(200)),
    Row("GET", "/api/products/{product_id:int}", **same(200),
        params={"product_id": "$product"}),
    Row("GET", "/api/products/{product_id:int}/similar", **same(200),
        params={"product_id": "$product"}),
    Row("POST", "/api/products", **logged_in(201), json=listing()),
    Row("PUT", "/api/products/{product_id:int}", **owner_only(200),
        params={"product_id": "$product"}, json=listing(title="Wool coat, relined")),
    # Administrators may take any listing down (moderation), not edit it.
    Row("DELETE", "/api/products/{product_id:int}", **owner_only(204, admin=204),
        params={"product_id": "$product"}),
    Row("GET", "/api/favorites", **logged_in(200)),
    Row("GET", "/api/favorites/check/{product_id:int}", **logged_in(200),
        params={"product_id": "$favorite"}),
    Row("POST", "/api/favorites", **logged_in(201), json={"productId": "$peer_product"}),
    # Removing is about the caller's own watch list: nothing of the owner's is touched.
    Row("DELETE", "/api/favorites", **logged_in(204), json={"productId": "$favorite"}),
    Row("DELETE", "/api/favorites/{product_id:int}", **logged_in(204),
        params={"product_id": "$favorite"}),
]
