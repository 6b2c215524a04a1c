"""A whole purchase in Chromium: product page -> checkout -> Order Confirmed; the admin
confirms payment; the seller ships with tracking and marks delivered; the buyer sees the
tracking, confirms receipt and reviews. Screenshots at desktop and phone sizes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import PHONE, eventually, person, screenshot

pytestmark = pytest.mark.e2e


def _available_listing(page: Page) -> dict:
    items = page.request.get("/api/products?limit=12&sort=price_low_high").json()["items"]
    return next(item for item in items if item["seller"]["username"] == "maya")


def test_a_whole_purchase(browser: Browser, live_server: str) -> None:
    with person(browser, live_server, "sofia") as buyer:
        product = _available_listing(buyer)
        buyer.goto(f"/product/{product['id']}")
        buyer.get_by_role("link", name="Buy It Now").click()
        expect(buyer).to_have_url(re.compile(rf"/checkout/{product['id']}$"))
        # The pressed link left with its page: the checkout's heading takes the focus.
        expect(buyer.get_by_role("heading", name="Checkout", level=1)).to_be_focused()
        buyer.get_by_label("Full name").fill("Sofia Rossi")
        buyer.get_by_label("Address line 1").fill("218 Elm Street")
        buyer.get_by_label("City").fill("Portland")
        buyer.get_by_role("combobox", name="State").fill("OR")
        buyer.get_by_label("ZIP code").fill("97205")
        buyer.get_by_label("Phone number").fill("5035550142")
        screenshot(buyer, "orders-checkout-shipping")
        buyer.get_by_role("button", name="Continue to Payment").click()
        buyer.get_by_role("radio", name="PayPal").check()
        expect(buyer.get_by_text("PayPal is currently unavailable")).to_be_visible()
        buyer.get_by_role("button", name="Switch to peer-to-peer payment").click()
        buyer.get_by_role("button", name="Review Order").click()
        expect(buyer.get_by_test_id("order-total")).to_have_text(re.compile(r"^\$\d+\.\d\d$"))
        screenshot(buyer, "orders-checkout-review")
        buyer.get_by_role("button", name="Place Order").click()
        expect(buyer.get_by_role("heading", name="Order Confirmed")).to_be_visible()
        screenshot(buyer, "orders-confirmed")
        purchases = buyer.request.get("/api/orders").json()["items"]
        order = next(o for o in purchases if o["product"]["id"] == product["id"])
        number = order["orderNumber"]
        expect(buyer.get_by_text(number).first).to_be_visible()
        # The address is saved right after the order (retried silently if it fails).
        eventually(lambda: bool(
            buyer.request.get(f"/api/orders/{order['id']}").json()["shippingAddress"]),
            "the order's shipping address is saved")

    with person(browser, live_server, "admin", password="rethread-admin") as admin:
        admin.goto(f"/admin/orders/{order['id']}/payment-confirm")
        expect(admin.get_by_text(number).first).to_be_visible()
        screenshot(admin, "orders-admin-payment-confirm")
        admin.get_by_role("button", name="Confirm Payment").click()
        back = admin.get_by_role("link", name="Return to Admin Dashboard")
        expect(back).to_be_visible()

    with person(browser, live_server, "maya") as seller:
        seller.goto("/orders?tab=sales")
        card = seller.get_by_test_id(f"order-{number}")
        expect(card.get_by_test_id("shipping-address")).to_contain_text("Portland, OR 97205")
        expect(card.get_by_text("sofia@rethread.test")).to_be_visible()
        # The server's deadline (3 business days after payment) and what the seller receives.
        expect(card.get_by_test_id("order-deadline")).to_contain_text(re.compile(r"^Ship by "))
        expect(card.get_by_test_id("order-payout")).to_contain_text(
            re.compile(r"You receive \$\d+\.\d\d after fees"))
        card.get_by_role("button", name="Mark as Shipped").click()
        card.get_by_label("Tracking number").fill("1Z999AA10123456784")
        card.get_by_label("Tracking URL (optional)").fill("https://www.ups.com/track?tracknum=1Z999")
        card.get_by_role("button", name="Mark as Shipped").click()
        expect(card.get_by_text("Shipped", exact=True).first).to_be_visible()
        card.get_by_role("button", name="Mark as Delivered").click()
        expect(card.get_by_text("Delivered", exact=True).first).to_be_visible()
        expect(card.get_by_test_id("order-deadline")).to_contain_text(
            "Completes automatically on")
        screenshot(seller, "orders-sales")

    with person(browser, live_server, "sofia") as buyer:
        buyer.goto("/orders")
        card = buyer.get_by_test_id(f"order-{number}")
        expect(card.get_by_role("link", name="1Z999AA10123456784")).to_be_visible()
        card.get_by_role("button", name="Confirm Receipt").click()
        receipt = buyer.get_by_role("dialog", name="Confirm receipt?")
        expect(receipt).to_contain_text("ends your 3-day inspection window")
        receipt.get_by_role("button", name="Yes, I received it").click()
        expect(buyer.get_by_text("Receipt confirmed")).to_be_visible()
        expect(card.get_by_text("Completed", exact=True).first).to_be_visible()
        card.get_by_role("radio", name="5 stars").check()
        card.get_by_label("Comment (optional)").fill("Lovely jacket, fast shipping.")
        card.get_by_role("button", name="Submit Review").click()
        expect(card.get_by_text("hidden until both have reviewed")).to_be_visible()
        screenshot(buyer, "orders-purchases")
        buyer.set_viewport_size(PHONE)
        buyer.goto("/orders")
        expect(buyer.get_by_test_id(f"order-{number}")).to_be_visible()
        screenshot(buyer, "orders-purchases-phone")
        buyer.goto(f"/checkout/{_available_listing(buyer)['id']}")
        expect(buyer.get_by_label("Full name")).to_be_visible()
        screenshot(buyer, "orders-checkout-phone")


def test_checkout_asks_anonymous_visitors_to_log_in(page: Page) -> None:
    page.goto("/checkout/1")
    expect(page.get_by_role("heading", name="Please log in")).to_be_visible()
    prompt = page.get_by_text("You need to be logged in to place an order")
    expect(prompt).to_be_visible()
