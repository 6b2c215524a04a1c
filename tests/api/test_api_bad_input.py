"""Bad input is a clear 4xx in our error shape, never a 500 (issue 9, "Must be true" 1).

The per-case tests name the inputs that used to crash the server; the route-table tests run
the same inputs against every route the app has, so a route added later is covered too.
"""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from litestar import Litestar
from litestar.routes import HTTPRoute

from entrypoints.http.catalog import BODY_TOO_LARGE
from entrypoints.http.guards import (
    MAX_BODY_BYTES,
    MAX_JSON_DEPTH,
    TOO_LARGE,
    json_depth,
    too_large_text,
)
from entrypoints.http.posts import MAX_POST_BODY, POST_TOO_LARGE
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api

TOO_BIG = [2**31, 2**63, 2**64, 10**30]  # ids are 32-bit INTEGER columns on PostgreSQL
JSON = {"content-type": "application/json"}


def assert_clean_4xx(response: Any, *allowed: int) -> None:
    assert response.status_code in (allowed or range(400, 500)), (response.status_code,
                                                                  response.text)
    body = response.json()
    assert isinstance(body["message"], str) and body["message"]
    assert set(body) <= {"message", "errors"}


def routes(app: Litestar) -> list[tuple[str, str]]:
    """(method, path template) for every route handler of the app."""
    found = []
    for route in app.routes:
        for method in sorted(getattr(route, "methods", set()) - {"OPTIONS", "HEAD"}):
            found.append((method, route.path))
    return found


def with_number(path: str, number: int) -> str:
    return re.sub(r"\{[a-z_]+:int\}", str(number), path)


@pytest.mark.parametrize("number", TOO_BIG)
async def test_every_route_with_an_id_answers_404_for_ids_no_database_holds(
        app: Litestar, client: ApiClient, number: int) -> None:
    await client.register("maya")
    checked = 0
    for method, path in routes(app):
        if ":int}" not in path:
            continue
        response = await client.request(method, with_number(path, number), json={})
        assert_clean_4xx(response, 404)
        checked += 1
    assert checked >= 8


async def test_ids_below_one_are_not_found(client: ApiClient) -> None:
    for path in ("/api/products/0", "/api/products/-1", "/api/users/0", "/api/blogs/-5"):
        assert_clean_4xx(await client.get(path), 404)


@pytest.mark.parametrize("query", ["limit", "sellerId"])
async def test_integer_query_parameters_out_of_range_are_400(client: ApiClient,
                                                             query: str) -> None:
    response = await client.get(f"/api/products?{query}={2**63}")
    assert_clean_4xx(response, 400)
    assert query in response.json()["errors"]


async def test_every_json_write_refuses_out_of_range_numbers_in_the_body(
        app: Litestar, client: ApiClient) -> None:
    await client.register("maya")
    for number in (2**31, 2**40, 2**63, 10**30):
        await _every_write_with_ids(app, client, number)


async def _every_write_with_ids(app: Litestar, client: ApiClient, number: int) -> None:
    names = ("productId", "followerId", "followingId", "receiverId", "offerId", "userId",
             "orderId", "postId", "id")
    body = json.dumps(dict.fromkeys(names, number))
    for method, path in routes(app):
        if method not in ("POST", "PUT", "PATCH", "DELETE") or not path.startswith("/api"):
            continue
        response = await client.request(method, with_number(path, 1), content=body,
                                        headers=JSON)
        assert response.status_code < 500, (method, path, response.text)


async def test_big_numbers_inside_strings_are_just_text(client: ApiClient) -> None:
    await client.register("maya")
    response = await client.post("/api/blogs", json={
        "title": "Order 123456789012345678901234567890",
        "content": "Reference 99999999999999999999999 is a string, not a number."})
    assert response.status_code == 201, response.text


async def test_every_json_write_refuses_bodies_that_are_not_utf8(app: Litestar,
                                                                 client: ApiClient) -> None:
    await client.register("maya")
    for method, path in routes(app):
        if method not in ("POST", "PUT", "PATCH", "DELETE") or not path.startswith("/api"):
            continue
        response = await client.request(method, with_number(path, 1),
                                        content=b'{"title": "\xff\xfe\xfd"}', headers=JSON)
        assert_clean_4xx(response)
        if response.status_code == 400:
            assert "UTF-8" in response.json()["errors"]["body"]


async def test_deeply_nested_json_is_400(client: ApiClient) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    for path in ("/api/login", "/api/products", "/api/register"):
        response = await client.post(path, content=deep, headers=JSON)
        assert_clean_4xx(response, 400, 401)
    await client.register("maya")
    response = await client.post("/api/products", content=deep, headers=JSON)
    assert_clean_4xx(response, 400)
    assert "nest" in response.json()["errors"]["body"]


def test_depth_counts_brackets_outside_strings_only() -> None:
    assert json_depth(b'{"a": [1, {"b": "[[[[["}]}') == 3
    assert json_depth(b'"\\"[[["') == 0
    assert json_depth(b"[" * (MAX_JSON_DEPTH + 1)) == MAX_JSON_DEPTH + 1


async def test_nesting_up_to_the_limit_is_parsed_as_usual(client: ApiClient) -> None:
    nested: Any = "x"
    for _ in range(MAX_JSON_DEPTH - 1):
        nested = [nested]
    response = await client.post("/api/login", json={"username": nested, "password": "x"})
    assert_clean_4xx(response, 400)
    assert "nest" not in json.dumps(response.json())


async def test_json_bodies_are_bounded(client: ApiClient) -> None:
    body = json.dumps({"username": "a" * MAX_BODY_BYTES, "password": "x"})
    response = await client.post("/api/login", content=body, headers=JSON)
    assert_clean_4xx(response, 413)


async def test_an_upload_over_its_limit_says_what_may_be_sent(client: ApiClient) -> None:
    """A route taking photos names its own 413 (what may be sent): the input guard refuses
    a JSON body over the route's limit before the route reads it, with the route's words."""
    await client.register("maya")
    body = json.dumps({"caption": "x", "image": "a" * MAX_POST_BODY}).encode()
    response = await client.post("/api/posts", content=body, headers=JSON)
    assert_clean_4xx(response, 413)
    assert response.json()["message"] == POST_TOO_LARGE


def test_every_route_with_a_larger_body_limit_names_its_413(app: Litestar) -> None:
    """Routes raise the body limit to take photos; each says what may be sent when refused
    (``opt={TOO_LARGE: ...}``), never the bare size in KB."""
    raised = {(route.path, method): handler
              for route in app.routes if isinstance(route, HTTPRoute)
              for handler in route.route_handlers for method in handler.http_methods
              if (handler.resolve_request_max_body_size() or 0) > MAX_BODY_BYTES}
    assert {path for path, _ in raised} >= {"/api/posts", "/api/products"}
    unnamed = sorted(key for key, handler in raised.items() if not handler.opt.get(TOO_LARGE))
    assert not unnamed
    assert too_large_text(raised[("/api/products", "POST")]) == BODY_TOO_LARGE


async def test_an_empty_body_says_a_body_is_needed(client: ApiClient) -> None:
    response = await client.post("/api/login", content=b"", headers=JSON)
    assert_clean_4xx(response, 400)
    assert response.json()["errors"] == {"body": "A JSON object body is required."}


@pytest.mark.parametrize("path", ["/media/a%00b.png", "/media/%00", "/assets/x%00.js",
                                  "/a%00b", "/api/blogs/slug/a%00b", "/products/%00"])
async def test_nul_bytes_in_paths_are_404(client: ApiClient, path: str) -> None:
    assert_clean_4xx(await client.get(path), 404)


def _cursor(body: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(body).encode()).decode().rstrip("=")


@pytest.mark.parametrize(("sort", "body"), [
    ("price_low_high", {"k": "1e999999999", "i": 5, "xs": "price_low_high"}),
    ("price_high_low", {"k": "-1e999999999", "i": 5, "xs": "price_high_low"}),
    ("price_low_high", {"k": "12.00", "i": 2**63, "xs": "price_low_high"}),
    ("price_low_high", {"k": "12.00", "i": 2**31, "xs": "price_low_high"}),
    ("most_popular", {"k": 2**70, "i": 1, "xs": "most_popular"}),
    ("price_low_high", {"k": "NaN", "i": 1, "xs": "price_low_high"}),
    ("most_recent", {"k": "2025-01-01T00:00:00+00:00", "i": 1, "xs": "most_recent",
                     "xt": 2**70, "xf": "x"}),
])
async def test_tampered_catalog_cursors_with_huge_numbers_are_4xx(
        client: ApiClient, sort: str, body: dict[str, Any]) -> None:
    await client.register("maya")
    for _ in range(2):
        await create(client)
    response = await client.get(f"/api/products?sort={sort}&limit=1&cursor={_cursor(body)}")
    assert response.status_code in (200, 400), response.text
    if response.status_code == 200:
        assert response.json()["total"] == 2  # a tampered total is not believed


async def test_a_blog_cursor_naming_a_huge_id_is_400(client: ApiClient) -> None:
    cursor = _cursor({"k": "2025-01-01T00:00:00+00:00", "i": 2**63})
    response = await client.get(f"/api/blogs?cursor={cursor}")
    assert_clean_4xx(response, 400)
    assert response.json()["errors"] == {"cursor": "Invalid cursor"}


async def test_multipart_text_that_is_not_utf8_is_a_4xx(client: ApiClient) -> None:
    await client.register("maya")
    response = await client.post("/api/products", files={"images": ("a.png", b"\x89PNG")},
                                 data={"title": "ok"},
                                 headers={"content-type": "multipart/form-data; boundary=x"})
    assert response.status_code < 500
    boundary = b"rethreadboundary"
    body = (b"--" + boundary + b'\r\nContent-Disposition: form-data; name="title"\r\n\r\n'
            b"\xff\xfe\xfd\r\n--" + boundary + b"--\r\n")
    response = await client.post(
        "/api/products", content=body,
        headers={"content-type": f"multipart/form-data; boundary={boundary.decode()}"})
    assert_clean_4xx(response)
