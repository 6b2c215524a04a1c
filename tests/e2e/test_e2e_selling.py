"""Selling in Chromium (issue 38): vacation mode turned on and off in Settings as a buyer
sees it on the product page, Seller Hub's Stats tab counting a buyer's view, offers to
watchers, and saved searches (from the shop and from the header's search box).
Screenshots at 1366x900 and 390x844."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, csrf_token, new_listing, person, screenshot

pytestmark = pytest.mark.e2e


def _save_vacation(seller: Page, on: bool, back: str = "", message: str = "") -> None:
    seller.goto("/settings")
    form = seller.get_by_role("region", name="Vacation mode")
    switch = form.get_by_role("switch", name="I'm away")
    # The saved settings replace what the form shows when they load: toggle after that.
    expect(form.get_by_role("button", name="Save vacation mode")).to_be_enabled()
    # The test turns it on, then off: wait for the form to show the saved opposite (not a
    # default drawn before the settings arrived), then toggle.
    expect(switch).not_to_be_checked() if on else expect(switch).to_be_checked()
    switch.click(force=True)
    if on:
        expect(switch).to_be_checked()
        form.get_by_label("Back on (optional)").fill(back)
        form.get_by_label("Away message (optional)").fill(message)
    form.get_by_role("button", name="Save vacation mode").click()
    expect(seller.get_by_text("Vacation mode is on" if on else "Vacation mode is off").first
           ).to_be_visible()


def test_vacation_mode_pauses_buying_until_turned_off(browser: Browser, live_server: str
                                                      ) -> None:
    back = (datetime.now(UTC) + timedelta(days=6)).date()
    with person(browser, live_server, "priya") as seller, \
            person(browser, live_server, "jamal") as buyer:
        item = new_listing(seller, "Seersucker shirt", "58.00", "slateblue")
        try:
            _save_vacation(seller, True, back.isoformat(), "At a fabric fair, back soon.")
            buyer.goto(f"/product/{item['id']}")
            notice = buyer.get_by_role("note").filter(has_text="Seller away until")
            expect(notice).to_be_visible()
            expect(notice).to_contain_text("At a fabric fair, back soon.")
            for name in ("Buy It Now", "Make an Offer", "Add to bag"):
                expect(buyer.get_by_role("button", name=name, exact=True)).to_be_disabled()
            screenshot(buyer, "selling-vacation-product")
            buyer.set_viewport_size(PHONE)
            buyer.reload()
            expect(buyer.get_by_role("note").filter(has_text="Seller away until")
                   ).to_be_visible()
            screenshot(buyer, "selling-vacation-product-phone")
            refused = buyer.request.post("/api/bag/items",
                                         headers={"x-csrftoken": csrf_token(buyer)},
                                         data={"productId": item["id"]})
            assert refused.status == 409 and "is away until" in refused.json()["message"]
        finally:
            _save_vacation(seller, False)
        buyer.set_viewport_size(DESKTOP)
        buyer.reload()
        expect(buyer.get_by_role("link", name="Buy It Now", exact=True)).to_be_visible()
        expect(buyer.get_by_role("button", name="Make an Offer", exact=True)).to_be_enabled()
        expect(buyer.get_by_text("Seller away until")).to_have_count(0)


def test_seller_stats_count_a_buyers_view(browser: Browser, live_server: str) -> None:
    with person(browser, live_server, "maya") as seller:
        item = new_listing(seller, "Corduroy overshirt", "58.00", "slateblue")
        seller.goto(f"/product/{item['id']}")  # the seller's own view is not counted
        expect(seller.get_by_role("heading", name="Corduroy overshirt")).to_be_visible()
    with person(browser, live_server, "jamal") as buyer:
        buyer.goto(f"/product/{item['id']}")
        expect(buyer.get_by_text("Views", exact=True)).to_be_visible()
        buyer.wait_for_function(
            "async (id) => (await (await fetch(`/api/products/${id}/figures`)).json()).views === 1",
            arg=item["id"])
    with person(browser, live_server, "maya", viewport=DESKTOP) as seller:
        seller.goto("/seller/offers")
        hub = seller.get_by_role("navigation", name="Seller Hub")
        hub.get_by_role("link", name="Stats").click()
        expect(seller.get_by_role("heading", name="Views per day")).to_be_visible()
        expect(seller.locator(".recharts-surface").first).to_be_visible()
        table = seller.get_by_role("table", name="Your listings")
        row = table.get_by_role("row").filter(has_text="Corduroy overshirt")
        expect(row.get_by_role("cell").nth(1)).to_have_text("1")  # views
        expect(row.get_by_role("cell").nth(4)).to_have_text("0")  # days listed
        screenshot(seller, "selling-stats")
        seller.set_viewport_size(PHONE)
        seller.reload()
        expect(seller.get_by_role("heading", name="Views per day")).to_be_visible()
        # On a phone each listing's figures are a line under its title, not a wide table.
        listing = seller.get_by_role("list", name="Your listings").get_by_role(
            "listitem").filter(has_text="Corduroy overshirt")
        expect(listing).to_contain_text("1 view · 0 watchers · 0 offers · 0 days listed")
        screenshot(seller, "selling-stats-phone")


def test_a_watcher_gets_the_sellers_offer_and_pays_it(browser: Browser, live_server: str
                                                      ) -> None:
    with person(browser, live_server, "maya") as seller:
        item = new_listing(seller, "Chambray work shirt", "58.00", "slateblue")  # $58.00
        with person(browser, live_server, "jamal") as watcher:
            watched = watcher.request.post("/api/favorites", data={"productId": item["id"]},
                                           headers={"x-csrftoken": csrf_token(watcher)})
            assert watched.status in (200, 201), watched.text()
            seller.goto(f"/product/{item['id']}")
            seller.get_by_role("button", name="Offer to watchers").click()
            dialog = seller.get_by_role("dialog", name="Offer to watchers")
            dialog.get_by_label("Offer price").fill("45.00")
            screenshot(seller, "selling-watcher-offer-dialog", full_page=False)
            dialog.get_by_role("button", name="Send offer").click()
            expect(seller.get_by_text("Offer sent to 1 watcher")).to_be_visible()

            watcher.goto("/buyer/offers")
            card = watcher.get_by_role("article", name="Offer on Chambray work shirt")
            expect(card.get_by_text("offered it to watchers at $45.00")).to_be_visible()
            screenshot(watcher, "selling-watcher-offer-received")
            card.get_by_role("button", name="Accept Offer").click()
            confirm = watcher.get_by_role("dialog", name="Accept the seller\u2019s offer?")
            confirm.get_by_role("button", name="Accept Offer").click()
            pay = card.get_by_role("link", name="Pay Now")
            expect(pay).to_be_visible()
            pay.click()
            watcher.get_by_label("Full name").fill("Jamal Carter")
            watcher.get_by_label("Address line 1").fill("77 Harbor Road")
            watcher.get_by_label("City").fill("Seattle")
            watcher.get_by_role("combobox", name="State").fill("WA")
            watcher.get_by_label("ZIP code").fill("98101")
            watcher.get_by_label("Phone number").fill("2065550123")
            watcher.get_by_role("button", name="Continue to Payment").click()
            watcher.get_by_role("button", name="Review Order").click()
            watcher.get_by_role("button", name="Place Order").click()
            expect(watcher.get_by_role("heading", name="Order Confirmed")).to_be_visible()
            order = next(o for o in watcher.request.get("/api/orders").json()["items"]
                         if o["product"]["id"] == item["id"])
            assert order["price"] == "45.00"
            watcher.set_viewport_size(PHONE)
            watcher.goto("/buyer/offers")
            expect(watcher.get_by_role("article", name="Offer on Chambray work shirt")
                   ).to_be_visible()
            screenshot(watcher, "selling-watcher-offer-paid-phone")


def test_a_saved_search_raises_a_notification(browser: Browser, live_server: str) -> None:
    with person(browser, live_server, "sofia") as shopper:
        shopper.goto("/marketplace?q=seersucker+blazer")
        shopper.get_by_role("button", name="Save this search").click()
        expect(shopper.get_by_text("Search saved")).to_be_visible()
        saved = shopper.get_by_role("link", name="Saved", exact=True)
        expect(saved).to_be_focused()  # the button it replaced had it
        expect(shopper.get_by_role("button", name="Save this search")).to_have_count(0)
        with person(browser, live_server, "priya") as seller:
            new_listing(seller, "Seersucker blazer", "58.00", "slateblue")
        # The scheduler's sweep runs every minute.
        shopper.wait_for_function(
            """async () => (await (await fetch('/api/notifications')).json()).items
                 .some((n) => n.kind === 'saved_search'
                   && /^\\d+ new: seersucker blazer$/.test(n.body))""",
            timeout=90_000, polling=3_000)
        shopper.goto("/saved-searches")
        card = shopper.get_by_role("article", name="Saved search seersucker blazer")
        expect(card.get_by_text(re.compile(r"^\d+ new$"))).to_be_visible()
        card.get_by_role("button", name="Show matches").click()
        expect(card.get_by_text("Seersucker blazer").first).to_be_visible()
        screenshot(shopper, "selling-saved-search")


def test_a_search_is_saved_from_the_header(browser: Browser, live_server: str) -> None:
    with person(browser, live_server, "sofia") as shopper:
        shopper.goto("/saved-searches")
        box = shopper.get_by_role("combobox", name="Search listings")
        box.fill("corduroy overshirt")
        save = shopper.get_by_role("option", name="Save this search: corduroy overshirt")
        expect(save).to_be_visible()
        # Keyboard only: arrow down to the save option (the last in the list), then Enter.
        target = save.get_attribute("id")
        assert target
        for _ in range(12):
            box.press("ArrowDown")
            if box.get_attribute("aria-activedescendant") == target:
                break
        expect(box).to_have_attribute("aria-activedescendant", target)
        screenshot(shopper, "selling-save-search-header-option", full_page=False)
        box.press("Enter")
        expect(shopper.get_by_text("Search saved")).to_be_visible()
        shopper.reload()
        expect(shopper.get_by_role("article", name="Saved search corduroy overshirt")
               ).to_be_visible()
        screenshot(shopper, "selling-saved-search-header")
