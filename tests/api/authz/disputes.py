"""Disputes (issue 37): the owner is the buyer, the peer the seller. Only the buyer opens
one; buyer, seller and administrators read it; the seller (or buyer) answers; only
administrators list and resolve them. ``other`` is a stranger to the order."""

from __future__ import annotations

from tests.api.authz import Row, World, admin_only, owner_only
from tests.api.authz.orders import make_order

DETAILS = "The coat has a torn lining that the photos did not show."


async def make_delivered_order(world: World) -> int:
    """The owner's order of the peer's listing, paid, shipped and delivered just now."""
    order = await make_order(world)
    steps = [(world.admin, "POST", f"/api/orders/{order}/confirm-payment", None),
             (world.peer, "PUT", f"/api/orders/{order}/status",
              {"status": "shipped", "trackingNumber": "1Z999AA10123456784"}),
             (world.peer, "PUT", f"/api/orders/{order}/status", {"status": "delivered"})]
    for client, method, url, body in steps:
        response = await client.request(method, url, json=body)
        assert response.status_code == 200, (url, response.text)
    return order


async def make_dispute(world: World) -> int:
    order = await make_delivered_order(world)
    response = await world.owner.post(f"/api/orders/{order}/dispute",
                                      json={"reason": "not_as_described", "details": DETAILS})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


async def make_disputed_order(world: World) -> int:
    dispute = await make_dispute(world)
    response = await world.owner.get(f"/api/disputes/{dispute}")
    return int(response.json()["orderId"])


MAKERS = {"delivered_order": make_delivered_order, "dispute": make_dispute,
          "disputed_order": make_disputed_order}

ROWS = [
    # Only the buyer; the seller is a party but may not claim (403), as may not an admin.
    Row("POST", "/api/orders/{order_id:int}/dispute", **owner_only(201),
        params={"order_id": "$delivered_order"},
        json={"reason": "damaged", "details": DETAILS}),
    Row("GET", "/api/orders/{order_id:int}/dispute", **owner_only(200, admin=200),
        params={"order_id": "$disputed_order"}),
    Row("GET", "/api/disputes/{dispute_id:int}", **owner_only(200, admin=200),
        params={"dispute_id": "$dispute"}),
    Row("POST", "/api/disputes/{dispute_id:int}/responses", **owner_only(201),
        params={"dispute_id": "$dispute"}, json={"text": "Here is a photo of the label."}),
    Row("GET", "/api/admin/disputes", **admin_only(200), query={"status": "open"}),
    Row("POST", "/api/admin/disputes/{dispute_id:int}/resolve", **admin_only(200),
        params={"dispute_id": "$dispute"}, json={"outcome": "refund", "note": "Refunded."}),
]
