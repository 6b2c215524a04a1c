"""The built webapp is served with the right types and caching; deep links get index.html."""

from __future__ import annotations

from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from entrypoints.container import build_container, shutdown
from entrypoints.http.app import create_app
from tests.conftest import make_settings

pytestmark = pytest.mark.api


@pytest.fixture
async def spa(db: str, tmp_path: Path):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Rethread</title>")
    (dist / "assets" / "app-123.js").write_text("console.log('hi')")
    settings = make_settings(db, tmp_path, RETHREAD_WEBAPP_DIR=str(dist))
    container = build_container(settings)
    async with AsyncTestClient(create_app(settings, container)) as client:
        yield client
    await shutdown(container)


async def test_deep_links_get_index_html_uncached(spa: AsyncTestClient) -> None:
    for path in ("/", "/auth", "/profile/42", "/blog/some-post"):
        response = await spa.get(path)
        assert response.status_code == 200, path
        assert response.headers["content-type"].startswith("text/html")
        assert response.headers["cache-control"] == "no-cache"
        assert "attachment" not in response.headers.get("content-disposition", "")
        assert "<title>Rethread</title>" in response.text


async def test_hashed_assets_are_cached_for_a_year(spa: AsyncTestClient) -> None:
    response = await spa.get("/assets/app-123.js")
    assert response.status_code == 200
    assert "javascript" in response.headers["content-type"]
    assert "immutable" in response.headers["cache-control"]


async def test_api_and_traversal_never_fall_back_to_the_app(spa: AsyncTestClient) -> None:
    assert (await spa.get("/api/nope")).status_code == 404
    assert (await spa.get("/api")).headers["content-type"].startswith("application/json")
    traversal = await spa.get("/..%2f..%2fetc%2fpasswd")
    assert "root:" not in traversal.text
