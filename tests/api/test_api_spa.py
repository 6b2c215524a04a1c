"""The built webapp is served with the right types and caching; pages of the route table get
index.html (shareable ones with their Open Graph tags), other paths the 404 page."""

from __future__ import annotations

import json
import re
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from dependency_injector import providers
from litestar.testing import AsyncTestClient

from application.blog import BlogService
from application.catalog import CatalogService
from application.posts import PostService
from application.sharing import SharingService
from entrypoints.container import build_container, shutdown
from entrypoints.http.app import create_app
from entrypoints.http.pages.first_view import MARKETPLACE_CARDS, TEMPLATES_FILE
from tests.conftest import make_settings
from tests.fakes import FixedClock
from tests.support import ApiClient
from tests.support.catalog import create, data_url, png

pytestmark = pytest.mark.api
# A placeholder the server left unfilled.
PLACEHOLDER = re.compile(r"\{\{?\w+\}\}?")

# The first view's templates, which `npm run bundle` renders from the React components (the
# tests serve them as the build made them: `make test-api` builds the webapp first).
FIRST_VIEW_SOURCE = Path(__file__).parents[2] / "webapp" / "dist" / TEMPLATES_FILE


@pytest.fixture
async def spa(db: str, tmp_path: Path):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(
        '<!doctype html><html><head><meta name="description" content="Generic" />'
        '<title>Rethread</title></head><body><div id="boot"><!--first-view--></div>'
        "</body></html>")
    (dist / "assets" / "app-123.js").write_text("console.log('hi')")
    shutil.copy(FIRST_VIEW_SOURCE, dist / TEMPLATES_FILE)
    settings = make_settings(db, tmp_path, RETHREAD_WEBAPP_DIR=str(dist))
    container = build_container(settings)
    async with AsyncTestClient(create_app(settings, container)) as client:
        yield client
    await shutdown(container)


async def test_deep_links_get_index_html_uncached(spa: AsyncTestClient) -> None:
    for path in ("/", "/auth", "/profile/42", "/blog/some-post", "/marketplace/",
                 "/product/abc", "/orders/3/label"):
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


async def test_unknown_paths_answer_404_with_the_app(spa: AsyncTestClient) -> None:
    for path in ("/no/such/page", "/productz/1", "/product/1/edit/more", "/favicon.ico"):
        response = await spa.get(path)
        assert response.status_code == 404, path
        assert response.headers["content-type"].startswith("text/html")
        assert "<title>Rethread</title>" in response.text


async def test_a_product_link_carries_its_title_price_and_photo(spa: AsyncTestClient) -> None:
    api = ApiClient(spa)
    await api.register("maya", display_name='Maya "M" <Chen>')
    product = await create(api, title="Black leather jacket <b>", price="48.00",
                           description="Soft & supple lambskin, barely worn at all.")
    response = await spa.get(f"/product/{product['id']}")
    html = response.text
    assert response.status_code == 200
    assert "<title>Black leather jacket &lt;b&gt; — $48.00 · Rethread</title>" in html
    assert html.count("<title>") == 1 and "Generic" not in html
    assert '<meta property="og:title" content="Black leather jacket &lt;b&gt; — $48.00" />' in html
    assert '<meta property="product:price:amount" content="48.00" />' in html
    assert 'content="Soft &amp; supple lambskin, barely worn at all."' in html
    image = product["images"][0]
    assert f'<meta property="og:image" content="http://127.0.0.1:8000{image}' in html
    assert '<meta name="twitter:card" content="summary_large_image" />' in html
    profile = (await spa.get(f"/profile/{product['seller']['id']}")).text
    assert "<title>Maya &quot;M&quot; &lt;Chen&gt; (@maya) · Rethread</title>" in profile
    by_name = (await spa.get("/profile/MAYA")).text  # the webapp's /profile/<username>
    assert "<title>Maya &quot;M&quot; &lt;Chen&gt; (@maya) · Rethread</title>" in by_name
    canonical = f"http://127.0.0.1:8000/profile/{product['seller']['id']}"
    assert f'<meta property="og:url" content="{canonical}" />' in by_name
    assert f'<link rel="canonical" href="{canonical}" />' in by_name
    for unknown in ("/profile/nobody", "/profile/maya@example.com"):
        assert (await spa.get(unknown)).text.count("og:title") == 0
    assert (await spa.get("/product/999999")).text.count("og:title") == 0


async def test_robots_and_sitemap_list_the_public_pages(spa: AsyncTestClient) -> None:
    api = ApiClient(spa)
    await api.register("maya")
    product = await create(api)
    sold = await create(api, title="Taken down")
    await api.post("/api/blogs", json={"title": "Draft thoughts", "slug": "draft-thoughts",
                                       "content": "Not ready for anyone yet.",
                                       "published": False})
    await api.post("/api/blogs", json={"title": "Care guide", "slug": "care-guide",
                                       "content": "How to wash wool without tears.",
                                       "published": True})
    robots = await spa.get("/robots.txt")
    assert robots.status_code == 200
    assert "Disallow: /admin" in robots.text and "Disallow: /api/" in robots.text
    assert "Disallow: /product/*/edit\n" in robots.text
    assert "Disallow: /product\n" not in robots.text  # product pages stay crawlable
    assert "Sitemap: http://127.0.0.1:8000/sitemap.xml" in robots.text
    await api.delete(f"/api/products/{sold['id']}")
    sitemap = await spa.get("/sitemap.xml")
    assert sitemap.status_code == 200
    assert sitemap.headers["content-type"].startswith("application/xml")
    assert f"<loc>http://127.0.0.1:8000/product/{product['id']}</loc>" in sitemap.text
    assert f"/product/{sold['id']}<" not in sitemap.text
    assert "<loc>http://127.0.0.1:8000/blog/care-guide</loc>" in sitemap.text
    assert "draft-thoughts" not in sitemap.text
    assert "<loc>http://127.0.0.1:8000/marketplace</loc>" in sitemap.text
    assert "/admin" not in sitemap.text


def first_view(html: str) -> str | None:
    """The first view the server wrote into the boot block, or None."""
    start = html.find('<div class="fv"')
    return None if start < 0 else html[start:html.index("</body>")]


async def test_the_home_page_and_a_product_page_paint_their_content_before_any_script(
        spa: AsyncTestClient) -> None:
    home = first_view((await spa.get("/")).text)
    assert home is not None and 'data-first-view="/"' in home
    title = re.search(r'<h1 [^>]*id="([^"]+)"[^>]*>The trusted marketplace', home)
    assert title is not None and f'aria-labelledby="{title[1]}"' in home
    assert re.search(r'<a [^>]*href="/marketplace"[^>]*>.*?Shop now<', home)
    copy = json.loads(FIRST_VIEW_SOURCE.read_text())["copy"]
    for words in (copy["heroTitle"], copy["heroText"], copy["heroClaim"], copy["startSelling"]):
        assert f">{words}<" in home  # the words the React hero renders, from the same file
    assert not PLACEHOLDER.search(home)

    api = ApiClient(spa)
    await api.register("maya")
    product = await create(api, title="Black leather jacket <b>", price="1048.5",
                           brand="AllSaints", description="Soft & supple.")
    page = first_view((await spa.get(f"/product/{product['id']}?from=share")).text)
    assert page is not None
    assert f'data-first-view="/product/{product["id"]}?from=share"' in page
    assert re.search(r'<h1 [^>]*>Black leather jacket &lt;b&gt;</h1>', page)
    assert ">$1,048.50<" in page
    assert ">AllSaints<" in page
    assert (f'<img src="{product["images"][0]}" alt="Black leather jacket &lt;b&gt;"'
            in page)
    assert not PLACEHOLDER.search(page)
    hostile = (await spa.get(f'/product/{product["id"]}?x="><script>alert(1)</script>')).text
    assert "<script>alert(1)" not in hostile
    assert re.search(r'<div class="fv" data-first-view="[^"<>]*"><style>', hostile)
    # No such product, or no page of its own: the boot header alone, as before.
    for path in ("/product/999999", "/product/abc", "/feed", "/auth"):
        assert first_view((await spa.get(path)).text) is None, path


async def test_the_marketplace_paints_the_newest_listings_before_any_script(
        spa: AsyncTestClient) -> None:
    assert first_view((await spa.get("/marketplace")).text) is None  # nothing listed yet
    api = ApiClient(spa)
    await api.register("maya")
    made = [await create(api, title=f"Jacket {n} & co") for n in range(MARKETPLACE_CARDS + 2)]
    view = first_view((await spa.get("/marketplace")).text)
    assert view is not None and 'data-first-view="/marketplace"' in view
    links = re.findall(r'<a [^>]*href="/product/(\d+)"[^>]*><p [^>]*>([^<]*)</p></a>', view)
    newest = list(reversed(made))[:MARKETPLACE_CARDS]
    assert links == [(str(p["id"]), p["title"].replace("&", "&amp;")) for p in newest]
    for item in newest:
        assert f'<img src="{item["thumbnails"][0]}"' in view
    assert re.search(r'<h1 [^>]*>Rethread Marketplace</h1>', view)
    assert view.count(">maya<") == MARKETPLACE_CARDS  # the seller line, with no reviews yet
    assert not PLACEHOLDER.search(view)
    # Searches and filters show what the app finds, not the newest: no first view.
    assert first_view((await spa.get("/marketplace?category=tops")).text) is None


async def test_the_blog_paints_its_newest_post_before_any_script(
        spa: AsyncTestClient) -> None:
    assert first_view((await spa.get("/blog")).text) is None  # nothing published yet
    api = ApiClient(spa)
    await api.register("maya")
    cover = "/media/products/ab/" + "ab" * 20 + ".webp"  # as the media store names one
    for title, image in (("Care & repair", "https://images.example.com/a.jpg"),
                         ("Layering <tips>", cover)):
        response = await api.post("/api/blogs", json={
            "title": title, "content": "Ten characters and more.", "imageUrl": image,
            "published": True})
        assert response.status_code == 201, response.text
    view = first_view((await spa.get("/blog")).text)
    assert view is not None and 'data-first-view="/blog"' in view
    assert re.search(r'<h1 [^>]*>Blog</h1>', view)
    # The newest post alone, its cover with the 900 px copy the React card offers a phone.
    assert re.findall(r'<a [^>]*href="/blog/([^"]+)"[^>]*>([^<]*)</a>', view) == [
        ("layering-tips", "Layering &lt;tips&gt;")]
    assert (f'<img src="{cover}" srcSet="{cover.removesuffix(".webp")}.900.webp 900w, '
            f'{cover} 1200w"') in view
    assert 'alt="Cover for Layering &lt;tips&gt;"' in view
    assert not PLACEHOLDER.search(view)
    assert first_view((await spa.get("/blog?page=2")).text) is None


async def test_the_feed_paints_its_newest_look_before_any_script(spa: AsyncTestClient) -> None:
    assert first_view((await spa.get("/feed")).text) is None  # nothing posted yet
    api = ApiClient(spa)
    await api.register("maya")
    looks = []
    for words in ("Rainy day <layers>", ""):
        response = await api.post("/api/posts", json={"content": words,
                                                       "image": data_url(png(80, 100))})
        assert response.status_code == 201, response.text
        looks.append(response.json())
    view = first_view((await spa.get("/feed")).text)
    assert view is not None and 'data-first-view="/feed"' in view
    assert re.search(r'<h1 [^>]*>Style Feed</h1>', view)
    newest = looks[-1]  # no words: the alt text says whose look it is, as the card's does
    assert re.findall(r'<a [^>]*href="/post/(\d+)"', view) == [str(newest["id"])]
    assert f'src="{newest["thumbnailUrl"]}" srcSet="{newest["thumbnailUrl"]} 320w, ' in view
    assert f'{newest["mediumUrl"]} 720w' in view
    assert 'alt="Outfit posted by Maya Chen"' in view
    assert ">Today<" in view
    assert not PLACEHOLDER.search(view)
    for filtered in ("/feed?tab=following", "/feed?hashtag=ootd"):
        assert first_view((await spa.get(filtered)).text) is None, filtered


async def test_the_feeds_first_view_dates_looks_by_the_servers_clock(
        db: str, tmp_path: Path) -> None:
    """"3d ago" is counted from the container's clock (as every time the server tells),
    not the machine's."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(
        '<html><head><title>Rethread</title></head><body><div id="boot"><!--first-view-->'
        "</div></body></html>")
    shutil.copy(FIRST_VIEW_SOURCE, dist / TEMPLATES_FILE)
    settings = make_settings(db, tmp_path, RETHREAD_WEBAPP_DIR=str(dist))
    container = build_container(settings)
    clock = FixedClock(datetime.now(UTC).replace(microsecond=0))
    with container.clock.override(providers.Object(clock)):
        async with AsyncTestClient(create_app(settings, container)) as client:
            api = ApiClient(client)
            await api.register("maya")
            posted = await api.post("/api/posts", json={"content": "Rainy day",
                                                        "image": data_url(png(80, 100))})
            assert posted.status_code == 201, posted.text
            clock.advance(days=3)
            view = first_view((await client.get("/feed")).text)
            assert view is not None and ">3d ago<" in view and ">Today<" not in view
    await shutdown(container)


async def test_a_page_is_served_without_its_tags_and_first_view_when_the_database_fails(
        db: str, tmp_path: Path) -> None:
    class Down(CatalogService):  # the handler's dependency keeps its type
        def __init__(self) -> None:
            pass

        async def search(self, *_: object) -> Any:
            raise ConnectionError("database down")

        async def get(self, *_: object) -> Any:
            raise ConnectionError("database down")

    class NoBlog(BlogService):
        def __init__(self) -> None:
            pass

        async def list_posts(self, *_: object, **__: object) -> Any:
            raise ConnectionError("database down")

    class NoPosts(PostService):
        def __init__(self) -> None:
            pass

        async def feed(self, *_: object) -> Any:
            raise ConnectionError("database down")

    class NoSharing(SharingService):
        def __init__(self) -> None:
            pass

        async def product(self, *_: object) -> Any:
            raise ConnectionError("database down")

    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(
        '<html><head><title>Rethread</title></head><body><div id="boot"><!--first-view-->'
        "</div></body></html>")
    shutil.copy(FIRST_VIEW_SOURCE, dist / TEMPLATES_FILE)
    settings = make_settings(db, tmp_path, RETHREAD_WEBAPP_DIR=str(dist))
    container = build_container(settings)
    with container.catalog.override(providers.Object(Down())), \
            container.blogs.override(providers.Object(NoBlog())), \
            container.posts.override(providers.Object(NoPosts())), \
            container.sharing.override(providers.Object(NoSharing())):
        async with AsyncTestClient(create_app(settings, container)) as client:
            for path in ("/marketplace", "/product/1", "/blog", "/feed"):
                response = await client.get(path)
                assert response.status_code == 200, (path, response.text)
                assert first_view(response.text) is None
                assert "<!--first-view-->" in response.text  # the boot header alone
                assert "<title>Rethread</title>" in response.text
    await shutdown(container)


async def test_a_build_without_first_view_templates_serves_the_boot_header_alone(
        spa: AsyncTestClient, tmp_path: Path) -> None:
    assert first_view((await spa.get("/")).text) is not None
    (tmp_path / "dist" / TEMPLATES_FILE).unlink()
    response = await spa.get("/")
    assert response.status_code == 200
    assert first_view(response.text) is None
    assert "<!--first-view-->" in response.text


def test_every_id_in_the_first_views_is_one_the_app_never_makes() -> None:
    """The first view stays in the page while the app renders the same page beneath it, so
    an id in both would be in the document twice (an `aria-labelledby` could name the wrong
    one). The templates' ids are the ones React's server renderer made at build time
    (`_R_…`); the app's, made in the browser, are `_r_…`."""
    templates = json.loads(FIRST_VIEW_SOURCE.read_text())["templates"]
    ids = {page: re.findall(r'\bid="([^"]*)"', markup) for page, markup in templates.items()}
    assert ids["home"] and ids["marketplace"]  # (the pages that name their parts)
    for page, found in ids.items():
        assert all(re.fullmatch(r"mantine-_R_\w+_(-[\w-]+)?|_R_\w+_(-[\w-]+)?", i)
                   for i in found), (page, found)
