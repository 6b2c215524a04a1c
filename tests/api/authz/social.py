"""Profiles and follows."""

from __future__ import annotations

from tests.api.authz import Row, World, owner_only, same


async def make_follow(world: World) -> int:
    """The owner follows the peer; the id is the peer's."""
    response = await world.owner.post("/api/follows", json={
        "followerId": world.ids["owner"], "followingId": world.ids["peer"]})
    assert response.status_code in (200, 201), response.text  # 200: already following
    return world.ids["peer"]


async def owner_name(world: World) -> str:
    """The owner's username (a profile found by name)."""
    return str((await world.owner.get("/api/user")).json()["username"])


MAKERS = {"follow": make_follow, "owner_name": owner_name}

ROWS = [
    Row("GET", "/api/users/{user_id:int}", **same(200), params={"user_id": "$owner"}),
    Row("GET", "/api/users/by-username/{username:str}", **same(200),
        params={"username": "$owner_name"}),
    Row("GET", "/api/users/{user_id:int}/followers", **same(200),
        params={"user_id": "$owner"}),
    Row("GET", "/api/users/{user_id:int}/following", **same(200),
        params={"user_id": "$owner"}),
    # followerId names the owner: nobody else may follow (or unfollow) in their name.
    Row("POST", "/api/follows", **owner_only(201),
        json={"followerId": "$owner", "followingId": "$peer"}),
    Row("DELETE", "/api/follows", **owner_only(204),
        json={"followerId": "$owner", "followingId": "$follow"}),
]
