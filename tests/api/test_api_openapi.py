"""The API reference at ``/schema``: every operation reads as documentation.

A handler's docstring is its operation's text (``entrypoints/http/openapi.py``): its first
line the summary the viewer lists, the paragraphs after it the description. A route added
without one shows as its function's name ("Mine", "Place") with nothing under it; these
tests name every such route, every tag left without a section of its own (declared, with a
sentence, in ``openapi.TAGS``) and every success still in Litestar's generic words. The
viewer itself is checked in
``test_api_security_headers.py`` (its script is served by this server).
"""

from __future__ import annotations

import http
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.routes import HTTPRoute
from litestar.testing import AsyncTestClient

from entrypoints.container import build_container, shutdown
from entrypoints.http.app import create_app
from tests.conftest import make_settings
from tests.support import ApiClient

pytestmark = [pytest.mark.api, pytest.mark.one_database]

METHODS = {"get", "post", "put", "patch", "delete", "head"}


def _squashed(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _handler_names(app: Litestar) -> dict[tuple[str, str], str]:
    return {(route.path_format or "/", method): handler.handler_name
            for route in app.routes if isinstance(route, HTTPRoute)
            for handler in route.route_handlers for method in handler.http_methods}


def undocumented(document: dict[str, object], names: dict[tuple[str, str], str]) -> list[str]:
    """Each operation without a description, or whose summary is its function's name (or
    one word: "Health", "Summary"), as ``METHOD path: why``."""
    problems = []
    paths = document["paths"]
    assert isinstance(paths, dict)
    for path, item in paths.items():
        for method, operation in item.items():
            if method not in METHODS:
                continue
            where = f"{method.upper()} {path}"
            name = names.get((path, method.upper()), "?")
            summary = str(operation.get("summary", ""))
            if not str(operation.get("description", "")).strip():
                problems.append(f"{where}: no description (give {name}() a docstring: a "
                                f"summary line, a blank line, then what it answers, who may "
                                f"call it and when it refuses)")
            if _squashed(summary) == _squashed(name) or len(summary.split()) < 2:
                problems.append(f"{where}: the summary {summary!r} is the function's name "
                                f"(the docstring's first line is the summary)")
    return problems


async def test_every_operation_has_a_summary_and_a_description(client: ApiClient,
                                                               app: Litestar) -> None:
    document = (await client.get("/schema/openapi.json")).json()
    operations = sum(1 for item in document["paths"].values() for m in item if m in METHODS)
    assert operations > 150  # (every route of the app, HEAD included)
    assert undocumented(document, _handler_names(app)) == []
    place = document["paths"]["/api/orders"]["post"]
    assert place["summary"] == "Place an order"
    assert place["description"].startswith("Signed-in members only (401 for visitors).")


def test_the_check_names_an_operation_left_as_its_function() -> None:
    document = {"paths": {
        "/api/orders": {"get": {"summary": "Mine"},
                        "post": {"summary": "Place an order", "description": "Members."}},
        "/api/health": {"get": {"summary": "Health", "description": "Up."}}}}
    names = {("/api/orders", "GET"): "mine", ("/api/orders", "POST"): "place",
             ("/api/health", "GET"): "health"}
    found = undocumented(document, names)
    assert [problem.split(":")[0] for problem in found] == [
        "GET /api/orders", "GET /api/orders", "GET /api/health"]


def _operations(document: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(f"{method.upper()} {path}", operation)
            for path, item in document["paths"].items()
            for method, operation in item.items() if method in METHODS]


def tag_problems(document: dict[str, Any]) -> list[str]:
    """Each tag an operation uses that is not declared with a description (the viewer shows
    its name alone above it), and each declared tag no operation uses (an empty section)."""
    declared = {str(tag["name"]): str(tag.get("description", "")).strip()
                for tag in document.get("tags", [])}
    used = {str(tag) for _, operation in _operations(document)
            for tag in operation.get("tags", [])}
    return ([f"{tag}: used, not declared with a description (openapi.TAGS)"
             for tag in sorted(used) if not declared.get(tag)]
            + [f"{tag}: declared, no operation uses it" for tag in sorted(set(declared) - used)])


def generic_successes(document: dict[str, Any]) -> list[str]:
    """Each 2xx still described in Litestar's default words, the standard library's
    ("Request fulfilled, document follows"), as ``METHOD path status``."""
    return [f"{where} {code}" for where, operation in _operations(document)
            for code, response in operation.get("responses", {}).items()
            if code.startswith("2")
            and response.get("description") == http.HTTPStatus(int(code)).description]


async def test_every_tag_is_declared_with_a_sentence_and_has_operations(
        client: ApiClient) -> None:
    document = (await client.get("/schema/openapi.json")).json()
    assert tag_problems(document) == []
    names = [tag["name"] for tag in document["tags"]]
    assert names[0] == "accounts" and names[-1] == "system"  # the viewer's order
    assert {tag["name"]: tag["x-displayName"] for tag in document["tags"]}[
        "saved searches"] == "Saved searches"


async def test_no_success_response_keeps_the_generic_wording(client: ApiClient) -> None:
    document = (await client.get("/schema/openapi.json")).json()
    assert generic_successes(document) == []
    responses = document["paths"]["/api/orders"]["post"]["responses"]
    assert responses["201"]["description"] == "Created"
    export = document["paths"]["/api/admin/orders/export"]["get"]["responses"]
    assert export["200"]["description"].startswith("The orders as CSV")  # a handler's own


async def test_a_routes_own_error_answer_is_documented_as_it_is(client: ApiClient) -> None:
    """The health check's 503 is `{"status": "unavailable"}` (what monitors read), not the
    error body every other refusal has: the document says so."""
    document = (await client.get("/schema/openapi.json")).json()
    unavailable = document["paths"]["/api/health"]["get"]["responses"]["503"]
    assert '"status": "unavailable"' in unavailable["description"]
    assert "Error" not in str(unavailable["content"])


def test_the_checks_name_a_bare_tag_an_empty_tag_and_a_generic_success() -> None:
    document: dict[str, Any] = {
        "tags": [{"name": "orders", "description": "Buying."}, {"name": "system"}],
        "paths": {"/api/orders": {"post": {"tags": ["orders"], "responses": {
            "201": {"description": "Document created, URL follows"}}}},
            "/api/health": {"get": {"tags": ["social"], "responses": {
                "200": {"description": "OK"}}}}}}
    assert tag_problems(document) == [
        "social: used, not declared with a description (openapi.TAGS)",
        "system: declared, no operation uses it"]
    assert generic_successes(document) == ["POST /api/orders 201"]


@pytest.fixture
async def fresh_client(db: str, tmp_path: Path) -> AsyncIterator[ApiClient]:
    """A client of an app of its own, whose document nobody has asked for yet."""
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Rethread</title>")
    (dist / "assets" / "redoc-0123456789.js").write_text("window.Redoc = {};")
    settings = make_settings(db, tmp_path, RETHREAD_WEBAPP_DIR=str(dist))
    container = build_container(settings)
    async with AsyncTestClient(app=create_app(settings, container)) as raw:
        yield ApiClient(raw)
    await shutdown(container)


def _embedded_document(page: str) -> dict[str, object]:
    found = re.search(r"Redoc\.init\((.*),undefined,document", page, re.S)
    assert found, page[:500]
    document: dict[str, object] = json.loads(found.group(1))
    return document


async def test_the_viewer_shows_the_finished_document_even_when_asked_first(
        fresh_client: ApiClient) -> None:
    """The page embeds the document: asked before ``/schema/openapi.json`` ever was, it is
    the finished one too (our error body, summaries from docstrings), not Litestar's raw
    one."""
    page = await fresh_client.get("/schema")
    assert page.status_code == 200
    document = _embedded_document(page.text)
    assert "Error" in document["components"]["schemas"]  # type: ignore[index]
    place = document["paths"]["/api/orders"]["post"]  # type: ignore[index]
    assert place["summary"] == "Place an order"
    assert place["responses"]["409"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Error"}
    assert (await fresh_client.get("/schema/openapi.json")).json() == document


async def test_without_a_build_the_viewer_page_says_where_the_document_is(
        fresh_client: ApiClient, tmp_path: Path) -> None:
    (tmp_path / "dist" / "assets" / "redoc-0123456789.js").unlink()
    page = await fresh_client.get("/schema")
    assert page.status_code == 200
    assert "<script" not in page.text
    assert 'href=\'/schema/openapi.json\'' in page.text
