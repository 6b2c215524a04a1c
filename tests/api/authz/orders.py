"""Orders, checkout, shipping addresses and reviews: the owner is the buyer, the peer the
seller; administrators confirm payments."""

from __future__ import annotations

from tests.api.authz import Row, World, admin_only, logged_in, owner_only, same
from tests.api.authz.catalog import make_peer_product

ADDRESS = {"fullName": "Olive Stone", "addressLine1": "12 Market Street", "city": "Boston",
           "state": "MA", "zipCode": "02110", "phoneNumber": "6175550100"}


async def make_order(world: World) -> int:
    """The owner buys the peer's listing (pending)."""
    product = await make_peer_product(world)
    response = await world.owner.post("/api/orders", json={"productId": product})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


async def make_completed_order(world: World) -> int:
    """An order walked to completed: paid (admin), shipped and delivered (seller),
    completed (buyer), so both parties may review it."""
    order = await make_order(world)
    steps = [(world.admin, "POST", f"/api/orders/{order}/confirm-payment", None),
             (world.peer, "PUT", f"/api/orders/{order}/status",
              {"status": "shipped", "trackingNumber": "1Z999AA10123456784"}),
             (world.peer, "PUT", f"/api/orders/{order}/status", {"status": "delivered"}),
             (world.owner, "PUT", f"/api/orders/{order}/status", {"status": "completed"})]
    for client, method, url, body in steps:
        response = await client.request(method, url, json=body)
        assert response.status_code == 200, (url, response.text)
    return order


MAKERS = {"order": make_order, "completed_order": make_completed_order}

ROWS = [
    Row("POST", "/api/orders", **logged_in(201), json={"productId": "$peer_product"}),
    Row("GET", "/api/orders", **logged_in(200)),
    Row("GET", "/api/orders/quote", **logged_in(200), query={"productId": "$peer_product"}),
    # Administrators are a party to every order (support, payments).
    Row("GET", "/api/orders/{order_id:int}", **owner_only(200, admin=200),
        params={"order_id": "$order"}),
    # The buyer may cancel a pending order; so may an administrator.
    Row("PUT", "/api/orders/{order_id:int}/status", **owner_only(200, admin=200),
        params={"order_id": "$order"}, json={"status": "cancelled"}),
    Row("POST", "/api/orders/{order_id:int}/confirm-payment", **admin_only(200),
        params={"order_id": "$order"}),
    Row("POST", "/api/orders/{order_id:int}/shipping-address", **owner_only(200, admin=200),
        params={"order_id": "$order"}, json=ADDRESS),
    Row("POST", "/api/orders/{order_id:int}/reviews", **owner_only(201),
        params={"order_id": "$completed_order"}, json={"rating": 5, "comment": "Great."}),
    Row("GET", "/api/user-addresses", **logged_in(200)),
    Row("POST", "/api/user-addresses", **logged_in(201), json=ADDRESS),
    Row("GET", "/api/users/{user_id:int}/reviews", **same(200), params={"user_id": "$owner"}),
]
