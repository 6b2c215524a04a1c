"""Issue 36's webapp rough edges, as a shopper and a seller meet them in Chromium.

The live server is seeded with ``rethread demo seed --listings 24``; maya is a seller and
sofia a shopper (both with the demo password). Each test looks at a laptop (1366x900) and a
phone (390x844) and keeps a screenshot of each.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Request, expect

from tests.e2e.conftest import screenshot

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])


def _cards(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("main a[href^='/product/']")


@SIZES
def test_shop_scroll_loads_eight_more_and_load_more_keeps_working(page: Page,
                                                                  viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    cursors: list[str] = []

    def note(request: Request) -> None:
        if "/api/products?" in request.url and "cursor=" in request.url:
            cursors.append(request.url)

    page.on("request", note)
    page.goto("/marketplace")
    expect(_cards(page)).to_have_count(12)
    assert cursors == []
    # Scrolling to the end asks for the next page by itself, 8 at a time, until all are shown.
    the_end = page.get_by_text(re.compile(r"^You have seen all \d+ items\.$"))
    for _ in range(10):
        page.mouse.wheel(0, 20000)
        page.wait_for_timeout(300)
        if the_end.is_visible():
            break
    expect(the_end).to_be_visible()
    total = page.request.get("/api/products?limit=1").json()["total"]
    expect(_cards(page)).to_have_count(total)
    assert cursors and all("limit=8" in url for url in cursors)
    screenshot(page, f"rough-shop-scrolled-{viewport['width']}", full_page=False)

    # Load more works too, and scrolling on after it still loads by itself.
    page.goto("/marketplace")
    expect(_cards(page)).to_have_count(12)
    # (Clicked where it is: scrolling down to it would load the next page by itself.)
    page.get_by_role("button", name="Load more").dispatch_event("click")
    expect(_cards(page)).to_have_count(20)
    for _ in range(10):
        page.mouse.wheel(0, 20000)
        page.wait_for_timeout(300)
        if the_end.is_visible():
            break
    expect(_cards(page)).to_have_count(total)
