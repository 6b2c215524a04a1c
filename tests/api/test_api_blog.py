"""Blog over HTTP on every configured database: privacy of drafts, ownership, rules, pages."""

from __future__ import annotations

from typing import Any

import pytest

from entrypoints.container import Container
from tests.support import ApiClient

pytestmark = pytest.mark.api

CONTENT = "Ten or more characters of thoughtful writing about secondhand style."


def post_body(title: str = "Denim Care Basics", **fields: Any) -> dict[str, Any]:
    return {"title": title, "content": CONTENT, "published": True, **fields}


async def write(client: ApiClient, title: str = "Denim Care Basics", **fields: Any
                ) -> dict[str, Any]:
    response = await client.post("/api/blogs", json=post_body(title, **fields))
    assert response.status_code == 201, response.text
    return response.json()


async def switch_to(client: ApiClient, username: str) -> None:
    await client.post("/api/logout")
    await client.login(username)


async def test_create_returns_the_post_with_its_author_and_a_slug(client: ApiClient) -> None:
    maya = (await client.register("maya")).json()
    body = await write(client, "Five Ways to Style a Slip Dress!", excerpt="  Short.  ",
                       imageUrl="https://images.example.com/dress.jpg")
    assert body["slug"] == "five-ways-to-style-a-slip-dress"
    assert body["title"] == "Five Ways to Style a Slip Dress!"
    assert body["excerpt"] == "Short."
    assert body["imageUrl"] == "https://images.example.com/dress.jpg"
    assert body["imageMediumUrl"] is None  # not a picture the media store wrote
    assert body["published"] is True
    assert body["userId"] == maya["id"]
    assert body["user"] == {"id": maya["id"], "username": "maya", "displayName": "Maya Chen",
                            "avatarUrl": None}
    assert set(body) == {"id", "title", "slug", "excerpt", "content", "imageUrl",
                         "imageMediumUrl", "published", "createdAt", "updatedAt", "userId",
                         "user"}
    by_slug = await client.get(f"/api/blogs/slug/{body['slug']}")
    assert by_slug.status_code == 200
    assert by_slug.json()["id"] == body["id"]


async def test_a_post_is_a_draft_unless_published_is_sent(client: ApiClient) -> None:
    await client.register("maya")
    response = await client.post("/api/blogs", json={"title": "Quiet draft", "content": CONTENT})
    assert response.status_code == 201
    assert response.json()["published"] is False


async def test_logged_out_writes_are_401_with_the_spec_message(client: ApiClient) -> None:
    response = await client.post("/api/blogs", json=post_body())
    assert response.status_code == 401
    assert response.json()["message"] == "You must be logged in to publish a blog post."
    assert (await client.put("/api/blogs/1", json=post_body())).status_code == 401
    assert (await client.delete("/api/blogs/1")).status_code == 401


async def test_every_validation_message_comes_back_at_once(client: ApiClient) -> None:
    await client.register("maya")
    response = await client.post("/api/blogs", json={
        "title": "ab", "content": "short", "slug": "Bad Slug!", "excerpt": "x" * 301,
        "imageUrl": "javascript:alert(1)"})
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "title": "Title must be at least 3 characters",
        "content": "Content must be at least 10 characters",
        "slug": "Slug can only contain lowercase letters, numbers, and hyphens",
        "excerpt": "Excerpt must be less than 300 characters",
        "imageUrl": "Image URL must be a valid URL",
    }
    too_long = await client.post("/api/blogs", json=post_body("t" * 101))
    assert too_long.json()["errors"] == {"title": "Title must be less than 100 characters"}


@pytest.mark.parametrize("url", ["/api/users/1", "//evil.example.com/x.png", "/media/../api",
                                 "data:image/png;base64,AAAA", "ftp://example.com/a.png"])
async def test_image_urls_must_be_http_or_media_paths(client: ApiClient, url: str) -> None:
    await client.register("maya")
    response = await client.post("/api/blogs", json=post_body(imageUrl=url))
    assert response.status_code == 400
    assert response.json()["errors"] == {"imageUrl": "Image URL must be a valid URL"}


async def test_media_paths_are_accepted_as_images(client: ApiClient) -> None:
    await client.register("maya")
    body = await write(client, imageUrl="/media/blog/denim.jpg")
    assert body["imageUrl"] == "/media/blog/denim.jpg"


async def test_missing_or_mistyped_fields_are_400_not_500(client: ApiClient) -> None:
    await client.register("maya")
    empty = await client.post("/api/blogs", json={})
    assert empty.status_code == 400
    assert set(empty.json()["errors"]) == {"title", "content"}
    wrong = await client.post("/api/blogs", json={"title": 5, "content": [], "published": "x"})
    assert wrong.status_code == 400


async def test_a_chosen_slug_that_is_taken_is_a_conflict(client: ApiClient) -> None:
    await client.register("maya")
    await write(client, slug="denim-care")
    again = await client.post("/api/blogs", json=post_body("Another", slug="denim-care"))
    assert again.status_code == 409
    assert again.json()["message"] == "That slug is already in use"


async def test_a_generated_slug_that_is_taken_gets_a_number(client: ApiClient) -> None:
    await client.register("maya")
    first = await write(client, "Denim Care")
    second = await write(client, "Denim Care")
    assert (first["slug"], second["slug"]) == ("denim-care", "denim-care-2")


async def test_drafts_are_private_to_their_author(client: ApiClient) -> None:
    await client.register("maya")
    draft = await write(client, "Secret draft", published=False)
    assert (await client.get(f"/api/blogs/{draft['id']}")).status_code == 200
    assert (await client.get(f"/api/blogs/slug/{draft['slug']}")).status_code == 200
    await client.register("theo", email="theo@example.com")
    for url in (f"/api/blogs/{draft['id']}", f"/api/blogs/slug/{draft['slug']}"):
        response = await client.get(url)
        assert response.status_code == 404
        assert response.json()["message"] == "Blog post not found"
    await client.post("/api/logout")
    assert (await client.get(f"/api/blogs/{draft['id']}")).status_code == 404


async def test_lists_show_published_posts_and_only_the_callers_drafts(
        client: ApiClient) -> None:
    maya = (await client.register("maya")).json()
    await write(client, "Maya published")
    await write(client, "Maya draft", published=False)
    theo = (await client.register("theo", email="theo@example.com")).json()
    await write(client, "Theo published")
    await write(client, "Theo draft", published=False)

    async def titles(url: str) -> list[str]:
        response = await client.get(url)
        assert response.status_code == 200, response.text
        return [item["title"] for item in response.json()["items"]]

    assert await titles("/api/blogs") == ["Theo published", "Maya published"]
    assert await titles("/api/blogs?includeUnpublished=true") == [
        "Theo draft", "Theo published", "Maya published"]
    assert await titles(f"/api/users/{theo['id']}/blogs?includeUnpublished=true") == [
        "Theo draft", "Theo published"]
    assert await titles(f"/api/users/{maya['id']}/blogs?includeUnpublished=true") == [
        "Maya published"]
    await client.post("/api/logout")
    assert await titles("/api/blogs?includeUnpublished=true") == [
        "Theo published", "Maya published"]
    assert await titles(f"/api/users/{theo['id']}/blogs") == ["Theo published"]
    assert (await client.get("/api/users/999/blogs")).status_code == 404


async def test_pages_follow_the_cursor_without_gaps_or_repeats(client: ApiClient) -> None:
    await client.register("maya")
    for number in range(7):
        await write(client, f"Post number {number}")
    seen: list[str] = []
    url = "/api/blogs?limit=3"
    pages = 0
    while url:
        body = (await client.get(url)).json()
        seen += [item["title"] for item in body["items"]]
        pages += 1
        url = f"/api/blogs?limit=3&cursor={body['nextCursor']}" if body["nextCursor"] else ""
    assert pages == 3
    assert seen == [f"Post number {number}" for number in reversed(range(7))]


async def test_limit_defaults_to_12_and_is_capped_at_50(client: ApiClient) -> None:
    await client.register("maya")
    for number in range(13):
        await write(client, f"Post number {number}")
    default = (await client.get("/api/blogs")).json()
    assert len(default["items"]) == 12
    assert default["nextCursor"] is not None
    assert len((await client.get("/api/blogs?limit=500")).json()["items"]) == 13
    assert (await client.get("/api/blogs?limit=0")).status_code == 400
    assert (await client.get("/api/blogs?limit=many")).status_code == 400
    bad_cursor = await client.get("/api/blogs?cursor=not-a-cursor")
    assert bad_cursor.status_code == 400
    assert bad_cursor.json()["errors"] == {"cursor": "Invalid cursor"}


async def test_only_the_author_edits(client: ApiClient) -> None:
    await client.register("maya")
    post = await write(client)
    await client.register("theo", email="theo@example.com")
    response = await client.put(f"/api/blogs/{post['id']}", json=post_body("Hijacked"))
    assert response.status_code == 403
    assert response.json()["message"] == "You do not have permission to edit this blog post."
    await switch_to(client, "maya")
    edited = await client.put(f"/api/blogs/{post['id']}", json={
        "title": "Denim Care, Revised", "content": CONTENT, "published": False})
    assert edited.status_code == 200
    body = edited.json()
    assert body["title"] == "Denim Care, Revised"
    assert body["slug"] == post["slug"], "an empty slug keeps the old one"
    assert body["published"] is False
    assert body["updatedAt"] >= post["updatedAt"]


async def test_someone_elses_draft_cannot_be_edited_or_probed(client: ApiClient) -> None:
    await client.register("maya")
    draft = await write(client, published=False)
    await client.register("theo", email="theo@example.com")
    assert (await client.put(f"/api/blogs/{draft['id']}", json=post_body())).status_code == 404
    assert (await client.delete(f"/api/blogs/{draft['id']}")).status_code == 404


async def test_an_edit_cannot_take_another_posts_slug(client: ApiClient) -> None:
    await client.register("maya")
    await write(client, "First post")
    second = await write(client, "Second post")
    response = await client.put(f"/api/blogs/{second['id']}",
                                json=post_body("Second post", slug="first-post"))
    assert response.status_code == 409
    assert response.json()["message"] == "That slug is already in use"
    keep = await client.put(f"/api/blogs/{second['id']}",
                            json=post_body("Second post", slug="second-post"))
    assert keep.status_code == 200


async def test_an_edit_without_published_keeps_the_state(client: ApiClient) -> None:
    await client.register("maya")
    post = await write(client)
    edited = await client.put(f"/api/blogs/{post['id']}",
                              json={"title": "New title", "content": CONTENT})
    assert edited.json()["published"] is True


async def test_delete_by_the_author_or_an_admin_only(client: ApiClient) -> None:
    await client.register("maya")
    first = await write(client, "First post")
    second = await write(client, "Second post")
    await client.register("theo", email="theo@example.com")
    refused = await client.delete(f"/api/blogs/{first['id']}")
    assert refused.status_code == 403
    assert refused.json()["message"] == "You do not have permission to delete this blog post."
    await client.register("boss", email="boss@example.com")
    assert (await client.delete(f"/api/blogs/{first['id']}")).status_code == 204
    await switch_to(client, "maya")
    assert (await client.delete(f"/api/blogs/{second['id']}")).status_code == 204
    assert (await client.get(f"/api/blogs/{second['id']}")).status_code == 404
    assert (await client.delete(f"/api/blogs/{second['id']}")).status_code == 404


async def test_html_in_a_post_is_stored_as_text(client: ApiClient) -> None:
    await client.register("maya")
    body = await write(client, content="<script>alert('x')</script> and more words")
    assert body["content"] == "<script>alert('x')</script> and more words"


async def test_demo_seed_writes_published_posts_and_a_draft_each(
        client: ApiClient, container: Container) -> None:
    await container.demo_seeder().seed(users=0, listings=0)
    # The pool's connections belong to this loop; the test client serves from another one.
    await container.engine().dispose()
    published = (await client.get("/api/blogs")).json()["items"]
    assert 4 <= len(published) <= 6
    assert all(item["published"] and len(item["content"]) > 500 for item in published)
    assert len({item["user"]["username"] for item in published}) == len(published)
    covers = [item["imageUrl"] for item in published]
    assert all(url and url.startswith("/media/") for url in covers), covers
    assert len(set(covers)) == len(covers)
    photo = await client.get(covers[0])
    assert photo.status_code == 200
    assert photo.headers["content-type"].startswith("image/")
    medium = await client.get(published[0]["imageMediumUrl"])  # the phone-wide copy
    assert medium.status_code == 200 and medium.headers["content-type"] == "image/webp"
    await client.login("maya", "rethread-demo")
    mine = (await client.get("/api/blogs?includeUnpublished=true")).json()["items"]
    drafts = [item for item in mine if not item["published"]]
    assert [d["user"]["username"] for d in drafts] == ["maya"]
