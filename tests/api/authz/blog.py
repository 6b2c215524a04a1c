"""The blog: public reading, authors edit their own posts."""

from __future__ import annotations

from typing import Any

from tests.api.authz import Row, World, logged_in, owner_only, same

POST = {"title": "Caring for wool", "content": "Brush it, air it, never hang it wet.",
        "published": True}


async def _blog(world: World) -> dict[str, Any]:
    title = f"Wool care {world.unique()}"
    response = await world.owner.post("/api/blogs", json={**POST, "title": title})
    assert response.status_code == 201, response.text
    return dict(response.json())


async def make_blog(world: World) -> int:
    return int((await _blog(world))["id"])


async def make_blog_slug(world: World) -> str:
    return str((await _blog(world))["slug"])


MAKERS = {"blog": make_blog, "blog_slug": make_blog_slug}

ROWS = [
    Row("GET", "/api/blogs", **same(200)),
    Row("GET", "/api/users/{user_id:int}/blogs", **same(200), params={"user_id": "$owner"}),
    Row("GET", "/api/blogs/slug/{slug:str}", **same(200), params={"slug": "$blog_slug"}),
    Row("GET", "/api/blogs/{post_id:int}", **same(200), params={"post_id": "$blog"}),
    Row("POST", "/api/blogs", **logged_in(201), json=POST),
    Row("PUT", "/api/blogs/{post_id:int}", **owner_only(200), params={"post_id": "$blog"},
        json=POST),
    # Administrators may delete any post (moderation), not edit it.
    Row("DELETE", "/api/blogs/{post_id:int}", **owner_only(204, admin=204),
        params={"post_id": "$blog"}),
]
