"""Security headers on every response, Secure cookies on request, no cookies in public caches."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from entrypoints.container import Container
from entrypoints.http.app import create_app
from tests.conftest import make_settings
from tests.support import ApiClient
from tests.support.catalog import create

pytestmark = [pytest.mark.api, pytest.mark.one_database]


def fake_dist(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>Rethread</title>")
    (dist / "assets" / "app-123.js").write_text("console.log('hi')")
    (dist / "assets" / "redoc-0123456789.js").write_text("window.Redoc = {};")
    (dist / "favicon.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")
    return dist


async def _client(db: str, tmp_path: Path, **env: str) -> AsyncIterator[ApiClient]:
    from entrypoints.container import build_container, shutdown

    settings = make_settings(db, tmp_path, RETHREAD_WEBAPP_DIR=str(fake_dist(tmp_path)), **env)
    container: Container = build_container(settings)
    async with AsyncTestClient(app=create_app(settings, container),
                               base_url="https://testserver.local") as raw:
        yield ApiClient(raw)
    await shutdown(container)


@pytest.fixture
async def client(db: str, tmp_path: Path) -> AsyncIterator[ApiClient]:
    async for made in _client(db, tmp_path):
        yield made


@pytest.fixture
async def secure_client(db: str, tmp_path: Path) -> AsyncIterator[ApiClient]:
    async for made in _client(db, tmp_path, RETHREAD_SECURE_COOKIES="1"):
        yield made


def assert_secure_headers(response: object) -> None:
    headers = response.headers  # type: ignore[attr-defined]
    csp = headers["content-security-policy"]
    assert "default-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    assert "img-src 'self' data: blob:" in csp
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "strict-origin-when-cross-origin"
    assert headers["server"] == "rethread"  # (no server software named)


async def test_every_kind_of_response_carries_the_security_headers(
        client: ApiClient) -> None:
    await client.register("maya")
    product = await create(client)
    media_url = product["images"][0]
    urls = ["/", "/products/1", "/api/health", "/api/products", "/api/user",
            "/api/nope", "/api/products/999", media_url, "/media/missing.webp",
            "/schema/openapi.json", "/favicon.svg", "/assets/app-123.js"]
    for url in urls:
        response = await client.get(url)
        assert response.status_code < 500, url
        assert_secure_headers(response)
    for method, url in (("POST", "/api/login"), ("DELETE", "/api/health"),
                        ("POST", "/api/blogs")):
        assert_secure_headers(await client.request(method, url, json={}))
    assert_secure_headers(await client.post("/api/login", json={}, csrf=False))


async def test_the_schema_viewer_loads_from_an_origin_its_policy_allows(
        client: ApiClient) -> None:
    """``/schema`` (Redoc) runs its script from the webapp's build on this server, served as
    JavaScript: the page asks nothing of any other host (no CDN, no web fonts, no favicon
    from elsewhere), so it works offline, and its policy allows only this origin."""
    for url in ("/schema", "/schema/redoc"):
        page = await client.get(url)
        assert page.status_code == 200, url
        sources = re.findall(r'<script[^>]+src="([^"]+)"', page.text)
        assert sources == ["/assets/redoc-0123456789.js"], url
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", page.text), url
        script = await client.get(sources[0])
        assert script.status_code == 200
        assert script.headers["content-type"].startswith(("text/javascript",
                                                          "application/javascript"))
        policy = page.headers["content-security-policy"]
        script_src = next(d for d in policy.split("; ") if d.startswith("script-src "))
        assert "'self'" in script_src.split()
        assert "http" not in policy, policy  # no other origin, for scripts or anything else


async def test_public_cached_responses_never_set_cookies(client: ApiClient) -> None:
    await client.register("maya")
    product = await create(client)
    client.raw.cookies.clear()
    for url in (product["images"][0], "/assets/app-123.js"):
        cached = await client.get(url)
        assert cached.status_code == 200
        assert "public" in cached.headers["cache-control"]
        assert "set-cookie" not in cached.headers
    page = await client.get("/api/csrf")
    assert "csrftoken" in page.headers.get("set-cookie", "")  # private responses still do


async def test_secure_cookies_when_configured(secure_client: ApiClient) -> None:
    response = await secure_client.register("maya")
    assert response.status_code == 201
    cookies = response.headers.get_list("set-cookie")
    assert any(c.startswith("rethread_session=") for c in cookies)
    assert all("Secure" in c for c in cookies)
    secure_client.raw.cookies.clear()
    fresh = (await secure_client.get("/api/csrf")).headers.get_list("set-cookie")
    assert fresh and all("Secure" in c for c in fresh)
    for url in ("/", "/api/health", "/api/products", "/api/nope"):
        hsts = (await secure_client.get(url)).headers["strict-transport-security"]
        assert hsts == "max-age=31536000; includeSubDomains", url


async def test_cookies_are_not_secure_by_default(client: ApiClient) -> None:
    response = await client.register("maya")
    assert not any("Secure" in c for c in response.headers.get_list("set-cookie"))
    # (nor HSTS: over plain HTTP it would lock browsers out of a site without TLS)
    assert "strict-transport-security" not in response.headers
