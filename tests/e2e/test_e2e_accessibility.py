"""axe-core on every page of the route table (entrypoints/http/pages/routes.json) in both colour
schemes: no serious or critical violation (issue 15).

One test per page, so a failure names its page. The browser and two contexts (a visitor and a
logged-in admin) are shared by the module, and each page is loaded once: axe runs all its rules
in the light scheme, then the page is switched to the dark scheme in place (the webapp follows
``prefers-color-scheme``) and only the rules that depend on colour run again. So the dark
scheme costs a second look at colours, not a second visit.

axe-core is the npm package pinned in package.json, injected into the page as it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.e2e.conftest import ROOT, WAIT_MS, login, wait_until

pytestmark = pytest.mark.e2e

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
ROUTES = json.loads((ROOT / "entrypoints" / "http" / "pages" / "routes.json").read_text())
PUBLIC = [r["path"] for r in ROUTES["routes"] if r["access"] == "public"] + ["/no/such/page"]
PRIVATE = [r["path"] for r in ROUTES["routes"] if r["access"] == "login"]
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
RUN_AXE = """async (rules) => {
  const options = { resultTypes: ['violations'] };
  if (rules) options.runOnly = { type: 'rule', values: rules };
  const result = await axe.run(document, options);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                   nodes: v.nodes.slice(0, 4)
                     .map((n) => n.target.join(' ') + ' :: ' + n.failureSummary) }));
}"""
# Every animation that ends has ended (a loader's endless spin is not waited for).
TRANSITIONS_DONE = """document.getAnimations().every(
  (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)"""
SETTLED = """!document.querySelector('[aria-busy="true"], .mantine-Skeleton-root')
  && !document.querySelector('[role="status"][aria-label^="Loading"]')"""


def _ids(page: Page) -> dict[str, str]:
    """Real ids for the parameters: the demo's first product, post, blog post and order."""
    product = page.request.get("/api/products?limit=1").json()["items"][0]
    post = page.request.get("/api/posts?limit=1").json()["items"][0]
    blog = page.request.get("/api/blogs?limit=1").json()["items"][0]
    orders = page.request.get("/api/orders").json()
    order = (orders.get("items") if isinstance(orders, dict) else orders) or [{"id": 1}]
    return {"/product/:id": str(product["id"]), "/products/:id": str(product["id"]),
            "/checkout/:id": str(product["id"]), "/product/:id/edit": str(product["id"]),
            "/post/:id": str(post["id"]), "/profile/:id": str(product["seller"]["id"]),
            "/blog/:slug": blog["slug"], "/blog/edit/:id": str(blog["id"]),
            "/messages/:userId": str(product["seller"]["id"]),
            "/orders/:id/label": str(order[0]["id"]),
            "/admin/orders/:orderId/payment-confirm": str(order[0]["id"])}


def _context(browser: Browser, live_server: str) -> BrowserContext:
    context = browser.new_context(base_url=live_server, viewport={"width": 1280, "height": 900},
                                  color_scheme="light", reduced_motion="reduce",
                                  bypass_csp=True)  # axe is injected as an inline script
    context.set_default_timeout(WAIT_MS)
    return context


@pytest.fixture(scope="module")
def visitor(browser: Browser, live_server: str) -> Iterator[tuple[Page, dict[str, str]]]:
    context = _context(browser, live_server)
    page = context.new_page()
    yield page, _ids(page)
    context.close()


@pytest.fixture(scope="module")
def admin(browser: Browser, live_server: str) -> Iterator[tuple[Page, dict[str, str]]]:
    context = _context(browser, live_server)
    page = context.new_page()
    login(page, "admin", "rethread-admin")
    yield page, _ids(page)
    context.close()


def _audit(page: Page, pattern: str, ids: dict[str, str]) -> list[dict[str, Any]]:
    path = re.sub(r":\w+", ids.get(pattern, "1"), pattern)
    page.emulate_media(color_scheme="light")
    page.goto(path)
    page.mouse.move(0, 0)  # nothing hovered: a hover colour is not the page's colour
    page.locator("main").wait_for()
    wait_until(page, SETTLED)
    wait_until(page, TRANSITIONS_DONE)
    page.add_script_tag(path=str(AXE))
    found = [{"scheme": "light", **v} for v in page.evaluate(RUN_AXE, None)]
    page.emulate_media(color_scheme="dark")
    wait_until(page, "document.documentElement.dataset.mantineColorScheme === 'dark'")
    wait_until(page, TRANSITIONS_DONE)  # the colours' own transitions
    found += [{"scheme": "dark", **v} for v in page.evaluate(RUN_AXE, COLOUR_RULES)]
    return found


@pytest.mark.parametrize("pattern", PUBLIC)
def test_public_page_has_no_serious_axe_violations(
        visitor: tuple[Page, dict[str, str]], pattern: str) -> None:
    found = _audit(visitor[0], pattern, visitor[1])
    assert not found, json.dumps(found, indent=1)


@pytest.mark.parametrize("pattern", PRIVATE)
def test_logged_in_page_has_no_serious_axe_violations(
        admin: tuple[Page, dict[str, str]], pattern: str) -> None:
    found = _audit(admin[0], pattern, admin[1])
    assert not found, json.dumps(found, indent=1)
