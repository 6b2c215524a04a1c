"""What a first visit costs and how it settles: the JavaScript every first page waits for, the
header painted before it arrives, and pages that do not move while they load (issue 16 item 4).

Sizes come from the build that is served; layout shifts from Chromium's own `layout-shift`
entries (what Lighthouse adds up as CLS). Neither depends on how fast the machine is.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import ROOT

DIST = ROOT / "webapp" / "dist"
FIRST_LOAD_BUDGET = 200_000  # bytes of gzip, issue 16: "initial JavaScript for / <= 200 KB gzip"
GOOD_CLS = 0.1  # web.dev's threshold for "good"

# Sums the shifts no input caused, from the start of the page (buffered).
RECORD_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) window.__shifts.push(entry.value);
  }
}).observe({ type: 'layout-shift', buffered: true });
"""


def first_load_scripts() -> list[str]:
    """The entry module and every module index.html preloads: what runs before a first paint."""
    html = (DIST / "index.html").read_text()
    return sorted(set(re.findall(r'(?:src|href)="/(assets/[^"]+\.js)"', html)))


def test_the_javascript_before_the_first_page_stays_under_200_kb_gzip() -> None:
    scripts = first_load_scripts()
    assert any(name.startswith("assets/index-") for name in scripts)
    sizes = {name: (DIST / f"{name}.gz").stat().st_size if (DIST / f"{name}.gz").exists()
             else len((DIST / name).read_bytes()) for name in scripts}
    total = sum(sizes.values())
    assert total <= FIRST_LOAD_BUDGET, (
        f"{total} bytes gzip before the first page, budget {FIRST_LOAD_BUDGET}: "
        + ", ".join(f"{name} {size}" for name, size in sorted(sizes.items(), key=lambda i: -i[1])))


def test_the_header_paints_before_any_javascript(page: Page) -> None:
    def refuse(route: Route) -> None:
        route.abort()

    page.route(re.compile(r"\.js$"), refuse)
    page.goto("/marketplace")
    expect(page.get_by_text("Rethread", exact=True)).to_be_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator(".boot-mark")).to_have_text("R")
    expect(page.locator(".boot-mark")).to_be_visible()


def settled_shift(page: Page, path: str, ready: str) -> float:
    page.goto(path)
    expect(page.locator(ready).first).to_be_visible()
    page.wait_for_load_state("networkidle")
    # Images on screen that finish decoding after network idle are part of the load too
    # (lazy ones below the fold never load, so their decode() would never settle).
    page.evaluate("Promise.all([...document.images]"
                  ".filter((i) => i.getBoundingClientRect().top < innerHeight)"
                  ".map((i) => i.decode().catch(() => null)))")
    return float(page.evaluate("window.__shifts.reduce((a, b) => a + b, 0)"))


def test_pages_do_not_move_while_they_load_on_a_phone(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script(RECORD_SHIFTS)
    product = page.request.get("/api/products?limit=1").json()["items"][0]["id"]

    shifts = {
        "/": settled_shift(page, "/", "h1"),
        "/marketplace": settled_shift(page, "/marketplace", "main a[href^='/product/']"),
        f"/product/{product}": settled_shift(page, f"/product/{product}", "main h1"),
        "/feed": settled_shift(page, "/feed", "main h1"),
    }

    assert all(value < GOOD_CLS for value in shifts.values()), shifts
