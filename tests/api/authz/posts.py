"""Social posts, comments, likes and saves."""

from __future__ import annotations

from tests.api.authz import Row, World, logged_in, owner_only, same
from tests.support.catalog import data_url, png

IMAGE = data_url(png())


async def make_post(world: World) -> int:
    """A post by the owner."""
    response = await world.owner.post("/api/posts", json={"content": "New in: a wool coat.",
                                                          "image": IMAGE})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


async def make_peer_post(world: World) -> int:
    response = await world.peer.post("/api/posts", json={"content": "Thrifted denim.",
                                                         "image": IMAGE})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


async def make_comment(world: World) -> int:
    """The owner's comment on the peer's post."""
    post = await make_peer_post(world)
    response = await world.owner.post(f"/api/posts/{post}/comments",
                                      json={"content": "Lovely fit!"})
    assert response.status_code == 201, response.text
    return int(response.json()["id"])


MAKERS = {"post": make_post, "peer_post": make_peer_post, "comment": make_comment}

ROWS = [
    Row("GET", "/api/posts", **same(200)),
    Row("GET", "/api/posts/trending", **same(200)),
    Row("POST", "/api/posts", **logged_in(201), json={"content": "Spring haul.", "image": IMAGE}),
    Row("GET", "/api/posts/{post_id:int}", **same(200), params={"post_id": "$post"}),
    # Administrators may delete any post or comment (moderation).
    Row("DELETE", "/api/posts/{post_id:int}", **owner_only(204, admin=204),
        params={"post_id": "$post"}),
    Row("GET", "/api/posts/{post_id:int}/comments", **same(200), params={"post_id": "$post"}),
    Row("POST", "/api/posts/{post_id:int}/comments", **logged_in(201),
        params={"post_id": "$peer_post"}, json={"content": "Where is it from?"}),
    Row("DELETE", "/api/comments/{comment_id:int}", **owner_only(204, admin=204),
        params={"comment_id": "$comment"}),
    Row("GET", "/api/users/{user_id:int}/posts", **same(200), params={"user_id": "$owner"}),
    Row("GET", "/api/users/{user_id:int}/saved-posts", **owner_only(200, admin=200),
        params={"user_id": "$owner"}),
    Row("GET", "/api/products/{product_id:int}/tagged-posts", **same(200),
        params={"product_id": "$product"}),
    # userId names the owner: nobody likes or saves in someone else's name.
    Row("POST", "/api/likes", **owner_only(200), json={"postId": "$peer_post",
                                                       "userId": "$owner"}),
    Row("DELETE", "/api/likes", **owner_only(200), json={"postId": "$peer_post",
                                                         "userId": "$owner"}),
    Row("POST", "/api/saves", **owner_only(200), json={"postId": "$peer_post",
                                                       "userId": "$owner"}),
    Row("DELETE", "/api/saves", **owner_only(200), json={"postId": "$peer_post",
                                                         "userId": "$owner"}),
]
