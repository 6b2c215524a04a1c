"""Issue 36 items 4 and 2 in Chromium: an accepted offer reserves the item for its buyer
(others see Reserved and cannot buy), the buyer is told the deadline, pays within it, and
then reads "Ordered — View order"; the Order Confirmed screen survives a reload.

Screenshots at 1366x900 and 390x844 under test-results/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.catalog_support import data_url, listing, png
from tests.e2e.conftest import WAIT_MS, api_call, api_post, csrf_token, login, screenshot

pytestmark = pytest.mark.e2e

SIZES = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def _page(browser: Browser, live_server: str, size: str) -> Page:
    context = browser.new_context(base_url=live_server, viewport=SIZES[size])
    context.set_default_timeout(WAIT_MS)
    return context.new_page()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_an_accepted_offer_reserves_the_item_until_the_buyer_orders(
        browser: Browser, live_server: str, size: str) -> None:
    maya, sofia, jamal = (_page(browser, live_server, size) for _ in range(3))
    try:
        for page, name in ((maya, "maya"), (sofia, "sofia"), (jamal, "jamal")):
            login(page, name)
        item = api_post(maya, "/api/products", listing(
            title=f"Reserved trench coat {size}", price="80.00",
            images=[data_url(png(300, 375, "saddlebrown"))]))
        offer = api_post(sofia, "/api/offers", {"productId": item["id"], "offerPrice": "60.00"})
        api_call(maya, "PUT", f"/api/offers/{offer['id']}/respond", {"status": "accepted"})

        # Another buyer sees Reserved and cannot check out.
        jamal.goto(f"/product/{item['id']}")
        expect(jamal.get_by_text("Reserved").first).to_be_visible()
        screenshot(jamal, f"reserved-product-other-buyer-{size}", full_page=False)
        refused = jamal.request.post("/api/orders", headers={"x-csrftoken": csrf_token(jamal)},
                                     data={"productId": item["id"]})
        assert refused.status == 409
        assert refused.json()["message"].startswith("This item is reserved for another buyer")

        # The buyer is told the deadline and pays within it.
        sofia.goto("/buyer/offers")
        card = sofia.get_by_role("article", name=f"Offer on {item['title']}")
        expect(card.get_by_text(re.compile("Reserved for you until"))).to_be_visible()
        screenshot(sofia, f"reserved-my-offers-{size}", full_page=False)
        card.get_by_role("link", name="Pay Now").click()
        sofia.get_by_label(re.compile("Full name")).fill("Sofia Rossi")
        sofia.get_by_label(re.compile("Address line 1")).fill("12 Market Street")
        sofia.get_by_label(re.compile("^City")).fill("Boston")
        sofia.get_by_role("combobox", name=re.compile("^State")).fill("MA")
        sofia.get_by_label(re.compile("ZIP code")).fill("02110")
        sofia.get_by_label(re.compile("Phone number")).fill("6175550100")
        sofia.get_by_role("button", name="Continue to Payment").click()
        sofia.get_by_role("button", name="Review Order").click()
        sofia.get_by_role("button", name="Place Order").click()
        expect(sofia.get_by_role("heading", name="Order Confirmed")).to_be_visible()
        sofia.wait_for_url(re.compile(r"/orders/\d+/confirmed$"))
        sofia.reload()
        expect(sofia.get_by_role("heading", name="Order Confirmed")).to_be_visible()
        expect(sofia.get_by_text("Payment instructions")).to_be_visible()
        screenshot(sofia, f"order-confirmed-after-reload-{size}", full_page=False)

        # Afterwards: Ordered — View order, not Pay Now.
        sofia.goto("/buyer/offers")
        card = sofia.get_by_role("article", name=f"Offer on {item['title']}")
        expect(card.get_by_role("link", name="Ordered — View order")).to_be_visible()
        expect(card.get_by_role("link", name="Pay Now")).to_have_count(0)
        screenshot(sofia, f"ordered-my-offers-{size}", full_page=False)
        sofia.goto(f"/product/{item['id']}")
        expect(sofia.get_by_role("link", name="Ordered — View order")).to_be_visible()
    finally:
        for page in (maya, sofia, jamal):
            page.context.close()
