"""The style feed over HTTP on every configured database: posts, comments, likes, saves,
profile editing (issue 10)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from litestar import Litestar

from tests.support import ApiClient, people
from tests.support.catalog import create, data_url, png

pytestmark = pytest.mark.api


async def publish(client: ApiClient, **changes: Any) -> dict[str, Any]:
    body = {"content": "Autumn layers #OOTD", "image": data_url(png(80, 100, "olive")),
            "hashtags": ["vintage"], **changes}
    response = await client.post("/api/posts", json=body)
    assert response.status_code == 201, response.text
    return response.json()


async def test_publish_read_and_feed(client: ApiClient) -> None:
    ids = await client.register_each("maya")
    coat = await create(client, title="Wool coat")
    post = await publish(client, taggedProductIds=[coat["id"]],
                         tagPositions=[{"productId": coat["id"], "x": 0.3, "y": 0.7}])
    assert post["user"]["username"] == "maya" and post["userId"] == ids["maya"]
    assert [h["name"] for h in post["hashtags"]] == ["vintage", "ootd"]
    assert post["taggedProducts"][0]["id"] == coat["id"]
    assert post["taggedProducts"][0]["category"] == coat["category"]
    assert (post["taggedProducts"][0]["x"], post["taggedProducts"][0]["y"]) == (0.3, 0.7)
    assert post["imageUrl"].startswith("/media/") and post["likeCount"] == 0
    assert (await client.get(post["imageUrl"])).status_code == 200
    # The sizes a phone's card and the 40 px chips ask for are served (issue 36 item 13).
    assert post["mediumUrl"] == post["imageUrl"].removesuffix(".webp") + ".900.webp"
    assert (await client.get(post["mediumUrl"])).status_code == 200
    chip = post["taggedProducts"][0]["smallUrl"]
    assert chip == post["taggedProducts"][0]["imageUrl"].removesuffix(".webp") + ".160.webp"
    assert (await client.get(chip)).status_code == 200
    detail = (await client.get(f"/api/posts/{post['id']}")).json()
    assert detail["comments"] == [] and detail["liked"] is False
    feed = (await client.get("/api/posts?limit=1")).json()
    assert [p["id"] for p in feed["items"]] == [post["id"]] and feed["nextCursor"] is None
    tagged = (await client.get(f"/api/products/{coat['id']}/tagged-posts")).json()
    assert [p["id"] for p in tagged] == [post["id"]]
    assert (await client.get("/api/posts?hashtag=ootd")).json()["items"][0]["id"] == post["id"]
    assert (await client.get("/api/posts?hashtag=nothing")).json()["items"] == []
    mine = (await client.get(f"/api/users/{ids['maya']}/posts")).json()
    assert [p["id"] for p in mine["items"]] == [post["id"]]
    assert (await client.get(f"/api/users/{ids['maya']}")).json()["postCount"] == 1
    trending = (await client.get("/api/posts/trending")).json()
    assert [p["id"] for p in trending] == [post["id"]]


async def test_publish_rules(client: ApiClient) -> None:
    await client.register_each("maya")
    no_image = await client.post("/api/posts", json={"content": "hi"})
    assert no_image.status_code == 400 and set(no_image.json()["errors"]) == {"image"}
    not_image = await client.post("/api/posts", json={
        "content": "hi", "image": data_url(b"not a picture")})
    assert not_image.status_code == 400 and set(not_image.json()["errors"]) == {"image"}
    too_many = await client.post("/api/posts", json={
        "image": data_url(png()), "taggedProductIds": [1, 2, 3, 4, 5, 6]})
    assert too_many.status_code == 400
    assert set(too_many.json()["errors"]) == {"taggedProductIds"}
    unknown = await client.post("/api/posts", json={"image": data_url(png()),
                                                    "taggedProductIds": [999]})
    assert unknown.status_code == 400
    wrong_type = await client.post("/api/posts", json={"content": 5})
    assert wrong_type.status_code == 400
    assert (await client.get("/api/posts?cursor=bad!")).status_code == 400
    assert (await client.get("/api/posts/999")).status_code == 404
    await client.post("/api/logout")
    assert (await client.post("/api/posts", json={"image": data_url(png())})).status_code == 401


async def test_publish_as_multipart_with_the_image_as_a_file(client: ApiClient) -> None:
    await client.register_each("maya")
    coat = await create(client, title="Wool coat")
    skirt = await create(client, title="Pleated skirt")
    form = {"content": "Layers #Autumn", "hashtags": ["vintage", "thrifted"],
            "taggedProductIds": [str(coat["id"]), str(skirt["id"])],
            "tagPositions": json.dumps([{"productId": coat["id"], "x": 0.25, "y": 0.5}])}
    response = await client.post("/api/posts", data=form, files=[
        ("image", ("look.png", png(60, 80, "olive"), "image/png"))])
    assert response.status_code == 201, response.text
    post = response.json()
    assert [h["name"] for h in post["hashtags"]] == ["vintage", "thrifted", "autumn"]
    assert [(t["id"], t["x"], t["y"]) for t in post["taggedProducts"]] == [
        (coat["id"], 0.25, 0.5), (skirt["id"], None, None)]
    stored = await client.get(post["imageUrl"])
    assert stored.status_code == 200 and stored.headers["content-type"] == "image/webp"
    only_image = await client.post("/api/posts", files=[
        ("image", ("look.png", png(), "image/png"))])
    assert only_image.status_code == 201, only_image.text
    assert only_image.json()["hashtags"] == [] and only_image.json()["taggedProducts"] == []


async def test_multipart_posts_get_the_same_answers_as_json(client: ApiClient) -> None:
    await client.register_each("maya")
    image = [("image", ("look.png", png(), "image/png"))]
    missing = await client.post("/api/posts", data={"content": "no photo"}, files=[
        ("other", ("x.txt", b"x", "text/plain"))])
    assert missing.status_code == 400 and set(missing.json()["errors"]) == {"image"}
    not_image = await client.post("/api/posts", files=[
        ("image", ("look.png", b"not a picture", "image/png"))])
    assert not_image.status_code == 400 and set(not_image.json()["errors"]) == {"image"}
    two = await client.post("/api/posts", files=image * 2)
    assert two.status_code == 400 and set(two.json()["errors"]) == {"image"}
    for bad in ({"taggedProductIds": "seven"}, {"taggedProductIds": str(2**70)},
                {"tagPositions": "not json"}, {"tagPositions": '[{"productId": 1}]'},
                {"taggedProductIds": "999"}):
        answer = await client.post("/api/posts", data=bad, files=image)
        assert answer.status_code == 400, (bad, answer.text)
    stray = await client.post("/api/posts", data={"tagPositions": json.dumps(
        [{"productId": 5, "x": 0.1, "y": 0.1}])}, files=image)
    assert stray.status_code == 400 and set(stray.json()["errors"]) == {"tagPositions"}
    as_text = await client.post("/api/posts", files=[("image", (None, data_url(png())))])
    assert as_text.status_code == 201, as_text.text  # a data URL as a text part works too
    await client.post("/api/logout")
    assert (await client.post("/api/posts", files=image)).status_code == 401


async def test_openapi_documents_both_bodies(client: ApiClient) -> None:
    document = (await client.get("/schema/openapi.json")).json()
    body = document["paths"]["/api/posts"]["post"]["requestBody"]["content"]
    json_ref = body["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    json_schema = document["components"]["schemas"][json_ref]
    assert "image" in json_schema["required"]
    assert json_schema["properties"]["taggedProductIds"]["maxItems"] == 5
    form = body["multipart/form-data"]["schema"]
    assert form["properties"]["image"] == {
        "type": "string", "format": "binary", "description": "A photo (JPEG, PNG, WebP or GIF)."}
    assert form["properties"]["hashtags"]["type"] == "array"
    assert form["properties"]["taggedProductIds"]["items"]["type"] == "integer"
    assert form["properties"]["tagPositions"]["type"] == "string"
    assert form["required"] == ["image"]
    listing = document["paths"]["/api/products"]["post"]["requestBody"]["content"]
    assert listing["multipart/form-data"]["schema"]["properties"]["images"]["maxItems"] == 5


async def test_comments_and_deleting(client: ApiClient) -> None:
    ids = await client.register_each("maya")
    post = await publish(client)
    await client.register_each("theo")
    comment = await client.post(f"/api/posts/{post['id']}/comments", json={"content": " Love "})
    assert comment.status_code == 201 and comment.json()["content"] == "Love"
    assert comment.json()["user"]["username"] == "theo"
    empty = await client.post(f"/api/posts/{post['id']}/comments", json={"content": ""})
    assert empty.status_code == 400
    assert empty.json()["errors"] == {"content": "Comment cannot be empty"}
    long = await client.post(f"/api/posts/{post['id']}/comments", json={"content": "x" * 1001})
    assert long.status_code == 400
    second = (await client.post(f"/api/posts/{post['id']}/comments",
                                json={"content": "Where is the coat from?"})).json()
    detail = (await client.get(f"/api/posts/{post['id']}")).json()
    assert [c["content"] for c in detail["comments"]] == ["Love", second["content"]]
    assert detail["commentCount"] == 2
    assert (await client.delete(f"/api/posts/{post['id']}")).status_code == 403
    await client.post("/api/logout")
    await client.login("maya")
    assert (await client.delete(f"/api/comments/{second['id']}")).status_code == 204
    page = (await client.get(f"/api/posts/{post['id']}/comments?limit=5")).json()
    assert [c["content"] for c in page["items"]] == ["Love"]
    assert (await client.delete(f"/api/posts/{post['id']}")).status_code == 204
    assert (await client.get(f"/api/posts/{post['id']}")).status_code == 404
    assert ids["maya"] > 0


async def test_likes_and_saves_as_yourself_only(client: ApiClient) -> None:
    await client.register_each("maya")
    post = await publish(client)
    ids = await client.register_each("theo")
    me = ids["theo"]
    body = {"postId": post["id"], "userId": me}
    liked = await client.post("/api/likes", json=body)
    assert liked.status_code == 200 and liked.json()["likeCount"] == 1
    assert (await client.post("/api/likes", json=body)).json()["likeCount"] == 1
    as_other = await client.post("/api/likes", json={"postId": post["id"], "userId": me - 1})
    assert as_other.status_code == 403
    assert (await client.post("/api/saves", json={"postId": post["id"]})).json()["saveCount"] == 1
    detail = (await client.get(f"/api/posts/{post['id']}")).json()
    assert detail["liked"] and detail["saved"] and detail["likeCount"] == 1
    saved = (await client.get(f"/api/users/{me}/saved-posts")).json()
    assert [p["id"] for p in saved["items"]] == [post["id"]]
    assert (await client.get(f"/api/users/{me - 1}/saved-posts")).status_code == 403
    unliked = await client.request("DELETE", "/api/likes", json=body)
    assert unliked.status_code == 200 and unliked.json()["likeCount"] == 0
    assert (await client.post("/api/likes", json={"postId": 999})).status_code == 404
    assert (await client.post("/api/likes", json={})).status_code == 400
    await client.post("/api/logout")
    assert (await client.post("/api/likes", json=body)).status_code == 401


async def test_no_likes_or_saves_across_a_block_or_on_a_hidden_post(app: Litestar) -> None:
    """A post the member cannot see is 404 to like or save as to read: its author blocked
    them (or they blocked the author), or a moderator hid it. The author hears nothing."""
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo = p["maya"], p["sofia"], p["theo"]
        post = await publish(maya)
        theirs = await publish(sofia)
        sofia_id = (await sofia.get("/api/user")).json()["id"]
        assert (await maya.post("/api/blocks", json={"userId": sofia_id})).status_code == 201
        for member, target in ((sofia, post), (maya, theirs)):
            for route in ("/api/likes", "/api/saves"):
                answer = await member.post(route, json={"postId": target["id"]})
                assert answer.status_code == 404, (route, answer.text)
        kinds = [n["kind"] for n in (await maya.get("/api/notifications")).json()["items"]]
        assert "post_liked" not in kinds
        assert (await p["boss"].post(f"/api/admin/posts/{post['id']}/hide",
                                     json={})).status_code == 200
        for route in ("/api/likes", "/api/saves"):
            answer = await theo.post(route, json={"postId": post["id"]})
            assert answer.status_code == 404, (route, answer.text)
        shown = (await maya.get(f"/api/posts/{post['id']}")).json()
        assert (shown["likeCount"], shown["saveCount"]) == (0, 0)


async def test_concurrent_likes_count_once(client: ApiClient) -> None:
    """Double clicks from several tabs: many simultaneous likes leave one like."""
    await client.register_each("maya")
    post = await publish(client)
    await client.register_each("theo")
    body = {"postId": post["id"]}
    results = await asyncio.gather(*(client.post("/api/likes", json=body) for _ in range(8)),
                                   *(client.post("/api/saves", json=body) for _ in range(8)))
    assert {r.status_code for r in results} == {200}
    detail = (await client.get(f"/api/posts/{post['id']}")).json()
    assert (detail["likeCount"], detail["saveCount"]) == (1, 1)
    mixed = await asyncio.gather(*(client.post("/api/likes", json=body) for _ in range(5)),
                                 *(client.request("DELETE", "/api/likes", json=body)
                                   for _ in range(3)))
    assert {r.status_code for r in mixed} == {200}
    after = (await client.get(f"/api/posts/{post['id']}")).json()
    assert after["likeCount"] == int(after["liked"])


async def test_following_feed(client: ApiClient) -> None:
    ids = await client.register_each("maya")
    post = await publish(client)
    await client.register_each("theo")
    await publish(client, content="theo's look")
    sofia = (await client.register_each("sofia"))["sofia"]
    assert (await client.get("/api/posts?following=true")).json()["items"] == []
    await client.post("/api/follows", json={"followerId": sofia, "followingId": ids["maya"]})
    feed = (await client.get("/api/posts?following=true")).json()["items"]
    assert [p["id"] for p in feed] == [post["id"]] and feed[0]["isFollowingAuthor"]


async def test_edit_profile(client: ApiClient) -> None:
    ids = await client.register_each("maya")
    response = await client.request("PATCH", "/api/user", json={
        "displayName": "Maya C", "bio": "Vintage hunter", "height": "5'7\"",
        "instagramHandle": "@maya.c", "avatar": data_url(png(50, 50, "pink"))})
    assert response.status_code == 200, response.text
    me = response.json()
    assert (me["displayName"], me["bio"], me["instagramHandle"]) == (
        "Maya C", "Vintage hunter", "maya.c")
    assert me["avatarUrl"].startswith("/media/")
    assert (await client.get("/api/user")).json()["avatarUrl"] == me["avatarUrl"]
    bad = await client.request("PATCH", "/api/user", json={"displayName": "M", "bio": "x" * 501})
    assert bad.status_code == 400 and set(bad.json()["errors"]) == {"displayName", "bio"}
    cleared = (await client.request("PATCH", "/api/user", json={"bio": "", "avatar": ""})).json()
    assert cleared["bio"] is None and cleared["avatarUrl"] is None
    assert cleared["displayName"] == "Maya C"
    await client.post("/api/logout")
    assert (await client.request("PATCH", "/api/user", json={"bio": "x"})).status_code == 401
    assert ids["maya"] > 0


async def test_a_hidden_post_and_its_comments_can_still_be_deleted(app: Litestar) -> None:
    """A moderator's hiding leaves the post to its author and administrators: its author and
    an administrator can delete it, and a commenter can take back their comment on it (or
    on a post whose author blocked them since); someone else's comment stays theirs."""
    async with people(app, "maya", "sofia", "theo", "boss") as p:
        maya, sofia, theo, boss = p["maya"], p["sofia"], p["theo"], p["boss"]
        first, second = await publish(maya), await publish(maya)
        said = {}
        for who, name in ((sofia, "sofia"), (theo, "theo")):
            answer = await who.post(f"/api/posts/{first['id']}/comments", json={"content": "Hi"})
            assert answer.status_code == 201, answer.text
            said[name] = answer.json()["id"]
        for post in (first, second):
            hidden = await boss.post(f"/api/admin/posts/{post['id']}/hide", json={})
            assert hidden.status_code == 200
        assert (await theo.delete(f"/api/comments/{said['sofia']}")).status_code == 403
        assert (await sofia.delete(f"/api/comments/{said['sofia']}")).status_code == 204
        theo_id = (await theo.get("/api/user")).json()["id"]
        assert (await maya.post("/api/blocks", json={"userId": theo_id})).status_code == 201
        assert (await theo.delete(f"/api/comments/{said['theo']}")).status_code == 204
        assert (await theo.delete(f"/api/posts/{first['id']}")).status_code == 404
        assert (await maya.delete(f"/api/posts/{first['id']}")).status_code == 204
        assert (await boss.delete(f"/api/posts/{second['id']}")).status_code == 204
        for post in (first, second):
            assert (await boss.get(f"/api/posts/{post['id']}")).status_code == 404
