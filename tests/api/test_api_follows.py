"""Follows and profile counts over HTTP on every configured database (spec §7, DESIGN §3)."""

from __future__ import annotations

import asyncio

import pytest

from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api


async def test_follow_unfollow_and_lists(client: ApiClient) -> None:
    ids = await client.register_each("maya", "theo", "sofia")
    me, maya = ids["sofia"], ids["maya"]
    follow = {"followerId": me, "followingId": maya}
    created = await client.post("/api/follows", json=follow)
    assert created.status_code == 201
    assert created.json()["followerId"] == me and created.json()["followingId"] == maya
    again = await client.post("/api/follows", json=follow)
    assert again.status_code in (200, 201)
    await client.post("/api/follows", json={"followerId": me, "followingId": ids["theo"]})
    followers = (await client.get(f"/api/users/{maya}/followers")).json()
    assert [u["username"] for u in followers] == ["sofia"]
    following = (await client.get(f"/api/users/{me}/following")).json()
    assert [u["username"] for u in following] == ["theo", "maya"]
    removed = await client.request("DELETE", "/api/follows", json=follow)
    assert removed.status_code == 204
    again_removed = await client.request("DELETE", "/api/follows", json=follow)
    assert again_removed.status_code == 204
    assert (await client.get(f"/api/users/{maya}/followers")).json() == []
    await client.post("/api/logout")
    public = (await client.get(f"/api/users/{ids['theo']}/followers")).json()
    assert [u["username"] for u in public] == ["sofia"] and public[0]["email"] is None


async def test_follow_rules(client: ApiClient) -> None:
    ids = await client.register_each("maya", "sofia")
    me, maya = ids["sofia"], ids["maya"]
    as_other = await client.post("/api/follows", json={"followerId": maya, "followingId": me})
    assert as_other.status_code == 403
    unfollow_as_other = await client.request(
        "DELETE", "/api/follows", json={"followerId": maya, "followingId": me})
    assert unfollow_as_other.status_code == 403
    yourself = await client.post("/api/follows", json={"followerId": me, "followingId": me})
    assert yourself.status_code == 400
    assert yourself.json()["errors"] == {"followingId": "You cannot follow yourself"}
    missing = await client.post("/api/follows", json={"followerId": me, "followingId": 999})
    assert missing.status_code == 404
    empty = await client.post("/api/follows", json={})
    assert empty.status_code == 400
    assert set(empty.json()["errors"]) == {"followerId", "followingId"}
    assert (await client.get("/api/users/999/followers")).status_code == 404
    assert (await client.get("/api/users/999/following")).status_code == 404
    await client.post("/api/logout")
    logged_out = await client.post("/api/follows", json={"followerId": me, "followingId": maya})
    assert logged_out.status_code == 401


async def test_concurrent_follows_make_one(client: ApiClient) -> None:
    ids = await client.register_each("maya", "sofia")
    follow = {"followerId": ids["sofia"], "followingId": ids["maya"]}
    results = await asyncio.gather(*(client.post("/api/follows", json=follow)
                                     for _ in range(5)))
    assert {r.status_code for r in results} <= {200, 201}
    assert len((await client.get(f"/api/users/{ids['maya']}/followers")).json()) == 1


async def test_profile_counts_and_is_following(client: ApiClient) -> None:
    ids = await client.register_each("theo", "maya")
    maya = ids["maya"]
    await create(client)
    await create(client)
    sofia = (await client.register_each("sofia"))["sofia"]
    await client.post("/api/follows", json={"followerId": sofia, "followingId": maya})
    profile = (await client.get(f"/api/users/{maya}")).json()
    assert profile["username"] == "maya"
    assert profile["followerCount"] == 1
    assert profile["followingCount"] == 0
    assert profile["listingCount"] == 2
    assert profile["isFollowing"] is True
    assert profile["email"] is None
    await client.post("/api/logout")
    visitor = (await client.get(f"/api/users/{maya}")).json()
    assert visitor["isFollowing"] is False and visitor["followerCount"] == 1
    assert (await client.get("/api/users/999")).status_code == 404


async def test_a_profile_is_found_by_username_in_any_case(client: ApiClient) -> None:
    """``/profile/maya`` in the webapp: the same profile as by id, for the signed-in and
    visitors alike; an unknown name, or an email address, is a 404."""
    ids = await client.register_each("maya", "sofia")
    await client.post("/api/follows", json={"followerId": ids["sofia"],
                                            "followingId": ids["maya"]})
    by_id = (await client.get(f"/api/users/{ids['maya']}")).json()
    for name in ("maya", "MAYA"):
        found = await client.get(f"/api/users/by-username/{name}")
        assert found.status_code == 200, found.text
        assert found.json() == by_id
    await client.post("/api/logout")
    seen = (await client.get("/api/users/by-username/maya")).json()
    assert (seen["id"], seen["isFollowing"], seen["email"]) == (ids["maya"], False, None)
    for missing in ("tessseller", "maya@example.com", "no spaces", "x"):
        refused = await client.get(f"/api/users/by-username/{missing}")
        assert refused.status_code == 404, missing
        assert refused.json()["message"] == "User not found"
