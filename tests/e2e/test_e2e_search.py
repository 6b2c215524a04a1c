"""The header's search box in Chromium: suggestions, a typo corrected, the phone header.

The live server is the e2e session's demo shop (``rethread demo seed --listings 24``); the
words typed are taken from what it holds, so the test does not depend on the seed's draw.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect

from tests.catalog_support import listing
from tests.e2e.conftest import csrf_token, login, screenshot

pytestmark = pytest.mark.e2e


def _a_listing(page: Page) -> dict:
    return page.request.get("/api/products?limit=1&sort=most_popular").json()["items"][0]


def test_type_in_the_header_pick_a_suggestion_and_see_results(page: Page) -> None:
    brand = _a_listing(page)["brand"]
    page.goto("/blog")
    box = page.get_by_role("combobox", name="Search listings")
    box.click()
    box.press_sequentially(brand[:3].lower(), delay=60)
    option = page.get_by_role("option", name=brand, exact=True)
    expect(option).to_be_visible()
    expect(box).to_have_attribute("aria-expanded", "true")
    option.click()
    page.wait_for_url(re.compile(r"/marketplace\?brand="))
    expect(page.get_by_role("checkbox", name=re.compile(f"^{re.escape(brand)}"))).to_be_checked()
    expect(page.get_by_text(re.compile(r"^\d+ items?$"))).to_be_visible()
    cards = page.locator("main a[href^='/product/']")
    expect(cards.first).to_be_visible()


def _typo(word: str) -> str:
    """Two neighbouring letters swapped in the middle: one edit away."""
    middle = len(word) // 2
    return word[:middle - 1] + word[middle] + word[middle - 1] + word[middle + 1:]


def test_a_typo_shows_results_for_the_corrected_word(page: Page) -> None:
    title = _a_listing(page)["title"]
    word = max(re.findall(r"[A-Za-z]{6,}", title), key=len).lower()
    typo = _typo(word)
    assert typo != word
    page.goto("/")
    box = page.get_by_role("combobox", name="Search listings")
    box.fill(typo)
    box.press("Enter")
    page.wait_for_url(re.compile(rf"/marketplace\?q={typo}$"))
    expect(page.get_by_text("Showing results for")).to_contain_text(word)
    expect(page.locator("main a[href^='/product/']").first).to_be_visible()
    screenshot(page, "search-did-you-mean", full_page=False)
    page.get_by_role("button", name=f"Search instead for {typo}").click()
    page.wait_for_url(re.compile(r"exact=true"))
    expect(page.get_by_text("No products found matching your filters.")).to_be_visible()


def test_phones_get_search_first_in_the_header(page: Page) -> None:
    """The search box is on the header's first row, wide enough to type in; the tabs row
    follows it (issue 36: a phone reaches every tab)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    header = page.locator("header")
    box = header.get_by_role("combobox", name="Search listings")
    expect(box).to_be_visible()
    expect(page.get_by_role("navigation", name="Mobile")).to_be_visible()
    field = box.bounding_box()
    assert field is not None and field["width"] >= 150, field
    assert field["y"] + field["height"] <= 60, field
    box.fill("jeans")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/marketplace\?q=jeans$"))
    expect(page.get_by_role("heading", name="Rethread Marketplace")).to_be_visible()
    page.wait_for_load_state("networkidle")
    screenshot(page, "phone-header-search", full_page=False)


def test_a_new_listing_shows_in_the_shops_search_within_seconds(page: Page) -> None:
    """Listed, then searched for from the header at once: the card shows within the page
    loads' own time (expect's 15 s on this busy machine; the follower itself applies the
    outbox row within about a second, tests/api/test_api_search_freshness.py)."""
    login(page, "maya")
    token = csrf_token(page)
    made = page.request.post("/api/products", data=listing(title="Zephyrine quilted gilet"),
                             headers={"x-csrftoken": token})
    assert made.status == 201, made.text()
    listed_at = time.monotonic()
    box = page.get_by_role("combobox", name="Search listings")
    box.fill("zephyrine")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/marketplace\?q=zephyrine"))
    card = page.get_by_role("link", name="Zephyrine quilted gilet").first
    nothing = page.get_by_text("No products found matching your filters.")
    while True:
        expect(card.or_(nothing).first).to_be_visible()  # the search has answered
        if card.is_visible() or time.monotonic() - listed_at > 10:
            break
        page.reload()  # a shopper searching again
    expect(card).to_be_visible()
    screenshot(page, "search-new-listing", full_page=False)
