"""Social news in the bell over HTTP on every configured database (issue 36 item 20):
follows, likes and comments on your looks, grouped while unread."""

from __future__ import annotations

import asyncio

import pytest
from litestar import Litestar

from tests.support import ApiClient, people
from tests.support.catalog import data_url, png

pytestmark = pytest.mark.api


async def look(client: ApiClient, caption: str = "Autumn layers") -> int:
    made = await client.post("/api/posts", json={"content": caption,
                                                 "image": data_url(png(80, 100, "olive"))})
    assert made.status_code == 201, made.text
    return int(made.json()["id"])


async def bell(client: ApiClient) -> tuple[list[tuple[str, str, str | None]], int]:
    body = (await client.get("/api/notifications")).json()
    return [(n["kind"], n["title"], n["link"]) for n in body["items"]], body["unreadCount"]


async def me(client: ApiClient) -> int:
    return int((await client.get("/api/user")).json()["id"])


async def shown(client: ApiClient) -> str:
    """The name a notice gives this member (their display name)."""
    return str((await client.get("/api/user")).json()["displayName"])


async def test_likes_follows_and_comments_arrive_grouped(app: Litestar) -> None:
    async with people(app, "maya", "theo", "lena", "sofia") as p:
        post = await look(p["maya"])
        maya = await me(p["maya"])
        for name in ("theo", "lena", "sofia"):
            liked = await p[name].post("/api/likes", json={"postId": post})
            assert liked.status_code == 200, liked.text
        # Liking again, or unliking and liking again, is still one person.
        await p["theo"].request("DELETE", "/api/likes", json={"postId": post})
        await p["theo"].post("/api/likes", json={"postId": post})
        await p["maya"].post("/api/likes", json={"postId": post})  # her own like: no news
        theo, lena, sofia = [await shown(p[n]) for n in ("theo", "lena", "sofia")]
        items, unread = await bell(p["maya"])
        assert items == [("post_liked", f"{theo} and 2 others liked your look", f"/post/{post}")]
        assert unread == 1
        for name in ("theo", "lena"):
            assert (await p[name].post("/api/follows", json={
                "followerId": await me(p[name]), "followingId": maya})).status_code in (200, 201)
        said = await p["sofia"].post(f"/api/posts/{post}/comments", json={"content": "Love it"})
        assert said.status_code == 201, said.text
        items, unread = await bell(p["maya"])
        assert items == [
            ("post_commented", f"{sofia} commented on your look", f"/post/{post}"),
            ("new_follower", f"{lena} and 1 other started following you", f"/profile/{maya}"),
            ("post_liked", f"{theo} and 2 others liked your look", f"/post/{post}")]
        assert unread == 3
        # Once read, the next like starts a new group.
        assert (await p["maya"].post("/api/notifications/read", json={})).status_code in (
            200, 201)
        await p["lena"].request("DELETE", "/api/likes", json={"postId": post})
        await p["lena"].post("/api/likes", json={"postId": post})
        items, unread = await bell(p["maya"])
        assert items[0] == ("post_liked", f"{lena} liked your look", f"/post/{post}")
        assert unread == 1


async def test_people_liking_at_once_make_one_group(app: Litestar) -> None:
    """Five people like the same look at the same moment: every like counts, and the
    author's bell holds one unread notice naming one of them and four others."""
    names = ["maya", "ana", "ben", "cal", "dee", "eve"]
    async with people(app, *names) as p:
        post = await look(p["maya"])
        results = await asyncio.gather(*(p[n].post("/api/likes", json={"postId": post})
                                         for n in names[1:]))
        assert [r.status_code for r in results] == [200] * 5, [r.text for r in results]
        items, unread = await bell(p["maya"])
        assert unread == 1 and len(items) == 1
        kind, title, _ = items[0]
        assert kind == "post_liked" and title.endswith(" and 4 others liked your look")
        assert title.split(" and ")[0] in {n.capitalize() for n in names[1:]}
