"""A bundle in Chromium: a buyer puts two items of one seller in the bag, sees the bundle
discount, checks out through the same three steps, and the seller sees one order with two
items. Screenshots at 1366x900 and 390x844."""

from __future__ import annotations

import re
import uuid
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, new_listing, person, screenshot

pytestmark = pytest.mark.e2e


def listings_of(page: Page, username: str) -> list[dict]:
    """The seller's available listings, cheapest first (the shop's pages, followed)."""
    found, cursor = [], None
    while True:
        url = "/api/products?limit=48&sort=price_low_high" + (f"&cursor={cursor}" if cursor else "")
        data = page.request.get(url).json()
        found += [item for item in data["items"]
                  if item["seller"]["username"] == username and item["status"] == "available"]
        cursor = data["nextCursor"]
        if not cursor or len(found) >= 2:
            return found


def test_a_bag_of_two_items_becomes_one_order(browser: Browser, live_server: str) -> None:
    with person(browser, live_server, "jamal") as buyer:
        first, second = listings_of(buyer, "lucas")[:2]
        for product in (first, second):
            buyer.goto(f"/product/{product['id']}")
            expect(buyer.get_by_text("Buy 2, save 10%").first).to_be_visible()
            buyer.get_by_role("button", name="Add to bag", exact=True).click()
            expect(buyer.get_by_role("link", name="In your bag")).to_be_visible()
        expect(buyer.get_by_role("link", name=re.compile(r"^Bag, \d+ items?$"))).to_be_visible()
        buyer.goto("/bag")
        group = buyer.get_by_role("region", name=re.compile("^Items from "))
        expect(group.get_by_text("Bundle discount (10%)")).to_be_visible()
        screenshot(buyer, "bundles-bag")
        buyer.get_by_role("link", name="Check out 2 items").click()
        expect(buyer).to_have_url(re.compile(r"/checkout/bag\?items="))
        buyer.get_by_label("Full name").fill("Jamal Carter")
        buyer.get_by_label("Address line 1").fill("77 Harbor Road")
        buyer.get_by_label("City").fill("Seattle")
        buyer.get_by_role("combobox", name="State").fill("WA")
        buyer.get_by_label("ZIP code").fill("98101")
        buyer.get_by_label("Phone number").fill("2065550123")
        buyer.get_by_role("button", name="Continue to Payment").click()
        buyer.get_by_role("button", name="Review Order").click()
        expect(buyer.get_by_test_id("bundle-discount")).to_be_visible()
        screenshot(buyer, "bundles-checkout-review")
        buyer.get_by_role("button", name="Place Order").click()
        expect(buyer.get_by_role("heading", name="Order Confirmed")).to_be_visible()
        # Its own address, as single checkout has: a reload keeps the payment instructions.
        buyer.wait_for_url(re.compile(r"/orders/\d+/confirmed$"))
        buyer.reload()
        expect(buyer.get_by_role("heading", name="Order Confirmed")).to_be_visible()
        order = next(o for o in buyer.request.get("/api/orders").json()["items"]
                     if o["itemCount"] == 2)
        assert {i["id"] for i in order["items"]} == {first["id"], second["id"]}
        assert order["discount"] != "0.00" and order["shipping"] == "5.00"
        buyer.set_viewport_size(PHONE)
        buyer.goto("/orders")
        expect(buyer.get_by_test_id(f"order-{order['orderNumber']}")).to_be_visible()
        screenshot(buyer, "bundles-purchases-phone")

    with person(browser, live_server, "lucas", viewport=DESKTOP) as seller_page:
        seller_page.goto("/orders?tab=sales")
        card = seller_page.get_by_test_id(f"order-{order['orderNumber']}")
        expect(card.get_by_text("Bundle of 2 items")).to_be_visible()
        expect(card.get_by_role("list", name=f"Items in order {order['orderNumber']}")
               .get_by_role("listitem")).to_have_count(2)
        screenshot(seller_page, "bundles-seller-sales")
        seller_page.set_viewport_size(PHONE)
        seller_page.goto("/orders?tab=sales")
        expect(seller_page.get_by_test_id(f"order-{order['orderNumber']}")).to_be_visible()
        screenshot(seller_page, "bundles-seller-sales-phone")


def test_a_card_on_the_marketplace_puts_its_item_in_the_bag(browser: Browser, live_server: str
                                                             ) -> None:
    """The bag button on a grid card sits above the card's link (the link covers the card):
    clicking it adds the item and stays on the page. Playwright clicks only what would get the
    click, so a button under the link's overlay fails here."""
    title = f"Grid bag tote {uuid.uuid4().hex[:6]}"
    with person(browser, live_server, "lucas") as seller:
        new_listing(seller, title)
    with person(browser, live_server, "jamal", viewport=PHONE) as buyer:
        buyer.goto(f"/marketplace?q={quote(title)}")
        button = buyer.get_by_role("button", name=f"Add {title} to bag")
        button.click()
        expect(buyer.get_by_role("button", name=f"{title} is in your bag")).to_be_visible()
        expect(buyer).to_have_url(re.compile(r"/marketplace\?q="))
        screenshot(buyer, "bundles-card-in-bag-phone", full_page=False)
        expect(buyer.get_by_role("link", name=re.compile(r"^Bag, \d+ items?$"))).to_be_visible()
