"""A NUL character in any JSON string, form field or query value is a 400 in our error shape
on both databases (PostgreSQL's text cannot hold one: it used to answer 500 on about 14
routes, while SQLite stored it), and a clean error frame on /ws (issue 40).

The JSON routes come from the OpenAPI schema, so a route added later is covered: each string
field a route's body documents gets a NUL in turn, while the others hold ordinary text.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from litestar import Litestar

from entrypoints.http.guards import NUL_TEXT
from tests.api.test_api_bad_input import assert_clean_4xx
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = pytest.mark.api

NUL = "with a \u0000 inside"


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def json_bodies(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(method, path, body) with a NUL in one string field, for every documented string
    field of every JSON request body (a body with no string field gets a NUL key)."""
    found = []
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" not in content:
                continue
            body = _resolve(schema, content["application/json"].get("schema", {}))
            strings = [name for name, field in body.get("properties", {}).items()
                       if "string" in (_resolve(schema, field).get("type"),
                                       *[_resolve(schema, one).get("type")
                                         for one in _resolve(schema, field).get("anyOf", [])])]
            filled = {name: "ordinary text" for name in strings}
            for name in strings or ["\u0000"]:
                found.append((method.upper(), re.sub(r"\{[^}]+\}", "1", path),
                              {**filled, name: NUL}))
    return found


async def test_every_json_route_refuses_a_nul_in_any_string_field(
        app: Litestar, client: ApiClient) -> None:
    await client.register("maya")
    await create(client)
    schema = (await client.get("/schema/openapi.json")).json()
    bodies = json_bodies(schema)
    assert len({(method, path) for method, path, _ in bodies}) >= 25
    for method, path, body in bodies:
        response = await client.request(method, path, json=body)
        assert_clean_4xx(response, 400)
        assert response.json()["errors"] == {"body": NUL_TEXT}, (method, path, body)


async def test_escaped_backslashes_before_u0000_are_ordinary_text(client: ApiClient) -> None:
    await client.register("maya")
    product = await create(client)
    text = "A backslash then u0000: \\u0000, stored as typed."
    response = await client.put(f"/api/products/{product['id']}", json={"description": text})
    assert response.status_code == 200, response.text
    assert (await client.get(f"/api/products/{product['id']}")).json()["description"] == text


async def test_form_fields_and_query_values_refuse_a_nul(client: ApiClient) -> None:
    await client.register("maya")
    form = {"title": NUL, "description": "A long enough description.", "price": "10",
            "size": "m", "condition": "good", "category": "tops"}
    response = await client.post("/api/products", data=form,
                                 files={"unused": ("a.txt", b"x", "text/plain")})
    assert_clean_4xx(response, 400)
    assert response.json()["errors"] == {"title": NUL_TEXT}
    searched = await client.get("/api/products", params={"q": NUL})
    assert_clean_4xx(searched, 400)
    encoded = await client.post("/api/login", content=b"username=a%00b&password=x",
                                headers={"content-type": "application/x-www-form-urlencoded"})
    assert_clean_4xx(encoded, 400)
