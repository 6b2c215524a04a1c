"""Catalog over HTTP on every configured database: create, read, edit, delete, search, facets.

Photos are real PNG/JPEG bytes drawn with Pillow; the stored files are checked on disk.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from entrypoints.container import build_container, shutdown
from entrypoints.settings import Settings
from tests.support import ApiClient
from tests.support.catalog import create, data_url, listing, png, titles

pytestmark = pytest.mark.api


async def test_create_returns_the_product_with_stored_photos(client: ApiClient,
                                                             settings: Settings) -> None:
    me = (await client.register("maya")).json()
    body = await create(client, images=[data_url(png(colour="red")), data_url(png())],
                        price="1234.5")
    assert body["title"] == "Levi's 501 jeans"
    assert body["price"] == "1234.50"
    assert body["status"] == "available"
    assert body["badge"] == "just_listed"
    assert body["sellerId"] == me["id"]
    assert body["watchCount"] == 0
    assert body["seller"] == {"id": me["id"], "username": "maya", "displayName": "Maya Chen",
                              "avatarUrl": None, "rating": 0.0, "ratingCount": 0,
                              "verified": False, "away": False, "awayNotice": None}
    assert len(body["images"]) == len(body["thumbnails"]) == 2
    for url in body["images"] + body["thumbnails"]:
        assert url.startswith("/media/products/") and url.endswith(".webp")
        assert (settings.media_dir / url.removeprefix("/media/")).is_file()
    served = await client.get(body["images"][0])
    assert served.status_code == 200
    assert "max-age=31536000" in served.headers["cache-control"]
    again = await client.get(f"/api/products/{body['id']}")
    assert again.json() == body


async def test_creating_a_listing_makes_a_plain_user_a_seller(client: ApiClient) -> None:
    assert (await client.register("maya")).json()["role"] == "user"
    await create(client)
    assert (await client.get("/api/user")).json()["role"] == "seller"


async def test_create_needs_login_and_valid_fields(client: ApiClient) -> None:
    assert (await client.post("/api/products", json=listing())).status_code == 401
    await client.register("maya")
    response = await client.post("/api/products", json={})
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "title": "Title is required",
        "description": "Description is required",
        "price": "Price is required",
        "brand": "Brand is required",
        "size": "Size is required",
        "condition": "Condition is required",
        "category": "Category is required",
        "images": "At least one image is required",
    }
    six = await client.post("/api/products", json=listing(images=[data_url(png())] * 6))
    assert six.status_code == 400
    assert "at most 5" in six.json()["errors"]["images"]
    wrong_type = await client.post("/api/products", json=listing(title=5))
    assert wrong_type.status_code == 400
    numeric_price = await client.post("/api/products", json=listing(price=12.5))
    assert numeric_price.status_code == 201
    assert numeric_price.json()["price"] == "12.50"


async def test_photos_must_be_real_images(client: ApiClient) -> None:
    await client.register("maya")
    not_image = await client.post("/api/products", json=listing(
        images=[data_url(png()), data_url(b"GIF89a not really", "image/gif")]))
    assert not_image.status_code == 400
    assert not_image.json()["errors"]["images"].startswith("Photo 2 is not a JPEG, PNG")
    text_file = await client.post("/api/products", json=listing(
        images=[data_url(b"hello", "text/plain")]))
    assert text_file.status_code == 400
    not_base64 = await client.post("/api/products", json=listing(
        images=["data:image/png;base64,@@@"]))
    assert not_base64.status_code == 400
    plain_url = await client.post("/api/products", json=listing(
        images=["https://example.com/a.jpg"]))
    assert plain_url.status_code == 400
    bmp = io.BytesIO()
    Image.new("RGB", (10, 10)).save(bmp, format="BMP")
    refused = await client.post("/api/products", json=listing(
        images=[data_url(bmp.getvalue(), "image/bmp")]))
    assert refused.status_code == 400
    assert (await client.get("/api/products")).json()["total"] == 0


async def test_a_photo_over_ten_megabytes_is_413(client: ApiClient) -> None:
    await client.register("maya")
    big = png() + b"\0" * (10 * 1024 * 1024)
    response = await client.post("/api/products", json=listing(images=[data_url(big)]))
    assert response.status_code == 413
    assert response.json()["message"].startswith("Photo 1 is larger than 10 MB")


async def test_exif_and_gps_are_stripped_and_orientation_applied(client: ApiClient,
                                                                 settings: Settings) -> None:
    await client.register("maya")
    photo = Image.new("RGB", (80, 40), "navy")
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: rotate 90 degrees to view
    exif[0x010F] = "SecretCam"
    exif[0x8825] = {1: "N", 2: (52.0, 22.0, 1.0)}  # GPS IFD
    out = io.BytesIO()
    photo.save(out, format="JPEG", exif=exif)
    body = await create(client, images=[data_url(out.getvalue(), "image/jpeg")])
    stored = settings.media_dir / body["images"][0].removeprefix("/media/")
    raw = stored.read_bytes()
    assert b"SecretCam" not in raw and b"Exif" not in raw
    with Image.open(stored) as saved:
        assert saved.format == "WEBP"
        assert saved.size == (40, 80)  # upright: the EXIF rotation was applied
        assert not saved.getexif()


async def test_photos_are_resized_and_content_addressed(client: ApiClient,
                                                        settings: Settings) -> None:
    await client.register("maya")
    first = await create(client, images=[data_url(png(2400, 1600))])
    second = await create(client, images=[data_url(png(2400, 1600))])
    assert first["images"] == second["images"]  # same bytes, same file
    with Image.open(settings.media_dir / first["images"][0].removeprefix("/media/")) as big:
        assert big.size == (1200, 800)
    thumb = settings.media_dir / first["thumbnails"][0].removeprefix("/media/")
    with Image.open(thumb) as small:
        assert small.size == (400, 267)


async def test_multipart_upload(client: ApiClient) -> None:
    await client.register("maya")
    fields = {k: v for k, v in listing().items() if k != "images"}
    files = [("images", ("a.png", png(), "image/png")),
             ("images", ("b.png", png(colour="red"), "image/png"))]
    response = await client.post("/api/products", data=fields, files=files)
    assert response.status_code == 201, response.text
    assert len(response.json()["images"]) == 2
    bad = await client.post("/api/products", data={**fields, "title": "ab"},
                            files=[("images", ("a.txt", b"text", "text/plain"))])
    assert bad.status_code == 400


async def test_missing_product_is_404_and_tagged_posts_are_a_list(client: ApiClient) -> None:
    assert (await client.get("/api/products/999")).status_code == 404
    assert (await client.get("/api/products/999/tagged-posts")).status_code == 404
    await client.register("maya")
    body = await create(client)
    tagged = await client.get(f"/api/products/{body['id']}/tagged-posts")
    assert tagged.status_code == 200 and tagged.json() == []


async def test_owner_edits_price_details_and_photos(client: ApiClient) -> None:
    await client.register("maya")
    body = await create(client, images=[data_url(png()), data_url(png(colour="red"))])
    keep = body["images"][1]
    response = await client.put(f"/api/products/{body['id']}", json={
        "price": "30", "title": "Levi's 501, W32",
        "images": [keep, data_url(png(colour="yellow"))]})
    assert response.status_code == 200, response.text
    edited = response.json()
    assert edited["price"] == "30.00"
    assert edited["badge"] == "price_drop"
    assert edited["title"] == "Levi's 501, W32"
    assert edited["description"] == body["description"]
    assert edited["images"][0] == keep and edited["thumbnails"][0] == body["thumbnails"][1]
    assert len(edited["images"]) == 2 and edited["images"][1] not in body["images"]
    up = await client.put(f"/api/products/{body['id']}", json={"price": 45})
    assert up.json()["badge"] == "just_listed"
    foreign = await client.put(f"/api/products/{body['id']}", json={
        "images": ["/media/products/xx/other.webp"]})
    assert foreign.status_code == 400
    invalid = await client.put(f"/api/products/{body['id']}", json={"description": "short"})
    assert invalid.status_code == 400
    assert invalid.json()["errors"] == {
        "description": "Description must be at least 10 characters"}


async def test_only_the_owner_edits_and_owner_or_admin_deletes(client: ApiClient) -> None:
    await client.register("maya")
    first = await create(client)
    second = await create(client)
    await client.post("/api/logout")
    assert (await client.put(f"/api/products/{first['id']}", json={})).status_code == 401
    assert (await client.delete(f"/api/products/{first['id']}")).status_code == 401
    await client.register("theo")
    assert (await client.put(f"/api/products/{first['id']}",
                             json={"price": "1"})).status_code == 403
    assert (await client.delete(f"/api/products/{first['id']}")).status_code == 403
    await client.post("/api/logout")
    await client.register("boss", email="boss@example.com")
    assert (await client.delete(f"/api/products/{first['id']}")).status_code == 204
    assert (await client.get(f"/api/products/{first['id']}")).status_code == 404
    await client.login("maya")
    assert (await client.delete(f"/api/products/{second['id']}")).status_code == 204
    assert (await client.delete(f"/api/products/{second['id']}")).status_code == 404
    assert (await client.put("/api/products/999", json={})).status_code == 404


async def test_search_filters_and_sorts(client: ApiClient) -> None:
    await client.register("maya")
    await create(client, title="Nike Air Max", brand="Nike", price="80", category="footwear",
                 size="l")
    await create(client, title="Zara linen dress", brand="Zara", price="25",
                 category="dresses", size="s", condition="good")
    await create(client, title="Nike tee", brand="NIKE", price="15", size="s")
    assert await titles(client) == ["Nike tee", "Zara linen dress", "Nike Air Max"]
    assert await titles(client, "?q=nik") == ["Nike tee", "Nike Air Max"]
    assert await titles(client, "?q=LINEN%20dre") == ["Zara linen dress"]
    assert await titles(client, "?brand=nike&sort=price_low_high") == [
        "Nike tee", "Nike Air Max"]
    assert await titles(client, "?brand=zara&brand=Nike&size=s&sort=price_high_low") == [
        "Zara linen dress", "Nike tee"]
    assert await titles(client, "?category=dresses&category=footwear&sort=price_low_high") == [
        "Zara linen dress", "Nike Air Max"]
    assert await titles(client, "?condition=good") == ["Zara linen dress"]
    assert await titles(client, "?minPrice=20&maxPrice=80&sort=price_low_high") == [
        "Zara linen dress", "Nike Air Max"]
    me = (await client.get("/api/user")).json()["id"]
    assert len(await titles(client, f"?sellerId={me}")) == 3
    assert await titles(client, f"?sellerId={me + 1}") == []


async def test_cursor_pages_cover_everything_once_with_a_total(client: ApiClient) -> None:
    await client.register("maya")
    for n in range(7):
        await create(client, title=f"Tee number {n}", price=f"{10 + n % 3}")
    for sort in ("most_recent", "price_low_high", "price_high_low", "most_popular"):
        seen: list[str] = []
        cursor = None
        while True:
            query = f"?sort={sort}&limit=3" + (f"&cursor={cursor}" if cursor else "")
            page = (await client.get(f"/api/products{query}")).json()
            assert page["total"] == 7
            seen.extend(item["title"] for item in page["items"])
            cursor = page["nextCursor"]
            if cursor is None:
                break
        assert sorted(seen) == sorted(f"Tee number {n}" for n in range(7)), sort
    default = (await client.get("/api/products")).json()
    assert len(default["items"]) == 7 and default["nextCursor"] is None


@pytest.mark.parametrize(("query", "field"), [
    ("?sort=cheapest", "sort"),
    ("?minPrice=-1", "minPrice"),
    ("?minPrice=abc", "minPrice"),
    ("?minPrice=50&maxPrice=10", "maxPrice"),
    ("?cursor=not-a-cursor", "cursor"),
    ("?limit=0", "limit"),
    ("?category=hats", "category"),
])
async def test_bad_search_parameters_are_400(client: ApiClient, query: str, field: str) -> None:
    response = await client.get(f"/api/products{query}")
    assert response.status_code == 400
    body = response.json()
    assert field in body["errors"] and body["message"]


async def test_a_cursor_from_another_sort_is_refused(client: ApiClient) -> None:
    await client.register("maya")
    for _ in range(3):
        await create(client)
    cursor = (await client.get("/api/products?limit=1")).json()["nextCursor"]
    assert cursor
    other = await client.get(f"/api/products?limit=1&sort=price_low_high&cursor={cursor}")
    assert other.status_code == 400
    assert (await client.get("/api/products?limit=500")).status_code == 200


async def reserve(settings: Settings, listing_id: int) -> None:
    """What a pending order does (orders are another area): through the repository, on an
    engine of its own (the app's pooled connections belong to the test client's loop)."""
    container = build_container(settings)
    try:
        async with container.uow() as uow:
            item = await uow.listings.get(listing_id)
            item.reserve()
            await uow.listings.save(item)
            await uow.commit()
    finally:
        await shutdown(container)


async def test_reserved_and_sold_leave_search_but_stay_readable(client: ApiClient,
                                                                settings: Settings) -> None:
    await client.register("maya")
    body = await create(client, title="Reserved coat")
    await create(client, title="Open coat")
    await reserve(settings, body["id"])
    assert await titles(client, "?q=coat") == ["Open coat"]
    me = (await client.get("/api/user")).json()["id"]
    assert len(await titles(client, f"?sellerId={me}&includeSold=true")) == 2
    product = (await client.get(f"/api/products/{body['id']}")).json()
    assert product["status"] == "reserved" and product["badge"] == "reserved"


async def test_facets_count_the_matches(client: ApiClient) -> None:
    await client.register("maya")
    await create(client, brand="Nike", size="s")
    await create(client, brand="nike", size="m")
    await create(client, brand="Zara", size="m", category="dresses")
    facets = (await client.get("/api/products/facets?size=m")).json()
    assert [(b["value"].lower(), b["count"]) for b in facets["brands"]] == [
        ("nike", 1), ("zara", 1)]
    assert facets["sizes"] == [{"value": "m", "count": 2}, {"value": "s", "count": 1}]
    assert facets["categories"] == [{"value": "bottoms", "count": 1},
                                    {"value": "dresses", "count": 1}]
    all_brands = (await client.get("/api/products/facets")).json()["brands"]
    assert [(b["value"].lower(), b["count"]) for b in all_brands] == [("nike", 2), ("zara", 1)]
    assert (await client.get("/api/products/facets?minPrice=x")).status_code == 400

