"""Trust and safety (issue 37): members report and block; the moderation desk and the audit
log are administrators' only. Strangers (fresh accounts made through the visitor's client)
are blocked and suspended, so the people of the world keep interacting with each other."""

from __future__ import annotations

from tests.api.authz import Row, World, admin_only, logged_in, owner_only
from tests.api.authz.catalog import make_peer_product, make_product
from tests.api.authz.posts import make_comment, make_post


async def make_stranger(world: World) -> int:
    """A new member nobody else interacts with (registered by the visitor, who logs out)."""
    visitor = world.clients["anonymous"]
    response = await visitor.register(world.unique())
    assert response.status_code == 201, response.text
    await visitor.post("/api/logout")
    visitor.raw.cookies.clear()
    return int(response.json()["id"])


async def make_block(world: World) -> int:
    """The owner blocks a stranger; the id is the stranger's."""
    stranger = await make_stranger(world)
    response = await world.owner.post("/api/blocks", json={"userId": stranger})
    assert response.status_code == 201, response.text
    return stranger


async def make_report(world: World) -> int:
    """The owner reports the peer's listing."""
    product = await make_peer_product(world)
    response = await world.owner.post("/api/reports", json={
        "targetType": "listing", "targetId": product, "reason": "counterfeit"})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


async def make_hidden_product(world: World) -> int:
    product = await make_product(world)
    response = await world.admin.post(f"/api/admin/listings/{product}/hide", json={})
    assert response.status_code == 200, response.text
    return product


async def make_hidden_post(world: World) -> int:
    post = await make_post(world)
    response = await world.admin.post(f"/api/admin/posts/{post}/hide", json={})
    assert response.status_code == 200, response.text
    return post


async def make_hidden_comment(world: World) -> int:
    comment = await make_comment(world)
    response = await world.admin.post(f"/api/admin/comments/{comment}/hide", json={})
    assert response.status_code == 200, response.text
    return comment


async def make_suspended(world: World) -> int:
    stranger = await make_stranger(world)
    response = await world.admin.post(f"/api/admin/users/{stranger}/suspend",
                                      json={"reason": "Spam", "days": 3})
    assert response.status_code == 200, response.text
    return stranger


MAKERS = {"stranger": make_stranger, "block": make_block, "report": make_report,
          "hidden_product": make_hidden_product, "suspended": make_suspended,
          "trust_post": make_post, "trust_comment": make_comment,
          "hidden_post": make_hidden_post, "hidden_comment": make_hidden_comment}

ROWS = [
    Row("POST", "/api/reports", **logged_in(201),
        json={"targetType": "listing", "targetId": "$peer_product", "reason": "scam",
              "details": "Asks to pay outside the site."}),
    Row("GET", "/api/blocks", **logged_in(200)),
    Row("POST", "/api/blocks", **logged_in(201), json={"userId": "$stranger"}),
    Row("DELETE", "/api/blocks/{user_id:int}", **owner_only(204, admin=404, other=404),
        params={"user_id": "$block"}),
    Row("GET", "/api/admin/reports", **admin_only(200), query={"status": "open"}),
    Row("POST", "/api/admin/reports/{report_id:int}/resolve", **admin_only(200),
        params={"report_id": "$report"}, json={"action": "dismiss", "note": "Looks genuine"}),
    Row("POST", "/api/admin/listings/{listing_id:int}/hide", **admin_only(200),
        params={"listing_id": "$product"}, json={"note": "Counterfeit"}),
    Row("POST", "/api/admin/listings/{listing_id:int}/restore", **admin_only(200),
        params={"listing_id": "$hidden_product"}, json={}),
    Row("POST", "/api/admin/posts/{post_id:int}/hide", **admin_only(200),
        params={"post_id": "$trust_post"}, json={}),
    Row("POST", "/api/admin/posts/{post_id:int}/restore", **admin_only(200),
        params={"post_id": "$hidden_post"}, json={"note": "Hidden by mistake"}),
    Row("POST", "/api/admin/comments/{comment_id:int}/hide", **admin_only(200),
        params={"comment_id": "$trust_comment"}, json={}),
    Row("POST", "/api/admin/comments/{comment_id:int}/restore", **admin_only(200),
        params={"comment_id": "$hidden_comment"}, json={}),
    Row("POST", "/api/admin/users/{user_id:int}/suspend", **admin_only(200),
        params={"user_id": "$stranger"}, json={"reason": "Spam", "days": 7}),
    Row("POST", "/api/admin/users/{user_id:int}/unsuspend", **admin_only(200),
        params={"user_id": "$suspended"}),
    Row("GET", "/api/admin/audit", **admin_only(200), query={"action": "listing_hidden"}),
]
