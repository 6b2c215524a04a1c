"""Buyer protection in Chromium (issue 37): the buyer of a delivered order opens a dispute
with a photo, the seller answers, an administrator refunds, and both sides see the outcome.
Screenshots of each step."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.catalog_support import png
from tests.e2e.conftest import api_call, person, screenshot

pytestmark = pytest.mark.e2e

DETAILS = "The lining is torn inside the left sleeve; the photos did not show it."


def test_buyer_disputes_seller_answers_admin_refunds(browser: Browser, live_server: str,
                                                     tmp_path: Path) -> None:
    photo = tmp_path / "torn-lining.png"
    photo.write_bytes(png(120, 90, "crimson"))
    with person(browser, live_server, "sofia") as buyer:
        items = buyer.request.get("/api/products?limit=24&sort=price_low_high").json()["items"]
        product = next(i for i in items if i["seller"]["username"] == "maya")
        order = api_call(buyer, "POST", "/api/orders", {"productId": product["id"]})
    with person(browser, live_server, "admin", password="rethread-admin") as admin:
        api_call(admin, "POST", f"/api/orders/{order['id']}/confirm-payment")
    with person(browser, live_server, "maya") as seller:
        api_call(seller, "PUT", f"/api/orders/{order['id']}/status",
              {"status": "shipped", "trackingNumber": "1Z999AA10123456784"})
        api_call(seller, "PUT", f"/api/orders/{order['id']}/status", {"status": "delivered"})
    number = order["orderNumber"]

    with person(browser, live_server, "sofia") as buyer:
        buyer.goto("/orders")
        card = buyer.get_by_test_id(f"order-{number}")
        card.get_by_role("button", name="Report a problem with this order").click()
        card.get_by_label("What went wrong?").click()
        buyer.get_by_role("option", name="Not as described").click()
        card.get_by_label("Describe the problem").fill(DETAILS)
        card.locator("input[type=file]").set_input_files(str(photo))
        expect(card.get_by_role("img", name="Photo 1")).to_be_visible()
        screenshot(buyer, "disputes-buyer-form")
        card.get_by_role("button", name="Open dispute").click()
        expect(card.get_by_test_id("dispute")).to_contain_text(DETAILS)
        expect(card.get_by_role("img", name="Evidence photo 1")).to_be_visible()
        expect(card.get_by_text("Disputed", exact=True).first).to_be_visible()
        screenshot(buyer, "disputes-buyer-opened")

    with person(browser, live_server, "maya") as seller:
        seller.goto("/orders?tab=sales")
        card = seller.get_by_test_id(f"order-{number}")
        card.get_by_label("Your answer").fill("It left me in perfect condition; happy to help.")
        card.get_by_role("button", name="Send answer").click()
        expect(card.get_by_text("happy to help")).to_be_visible()
        screenshot(seller, "disputes-seller-answer")

    with person(browser, live_server, "admin", password="rethread-admin") as admin:
        admin.goto("/admin?tab=disputes")
        desk = admin.get_by_role("article", name=f"Dispute on order {number}")
        expect(desk.get_by_text("happy to help")).to_be_visible()
        desk.get_by_label("Note to both sides").fill("The photo shows the tear; refunded.")
        screenshot(admin, "disputes-admin-desk")
        desk.get_by_role("button", name="Refund buyer").click()
        # A final outcome asks once more, showing the order and the amount (the dialog is
        # rendered outside the dispute's card).
        confirm = admin.get_by_role("dialog", name="Refund the buyer?")
        expect(confirm).to_contain_text(number)
        screenshot(admin, "disputes-admin-confirm")
        confirm.get_by_role("button", name="Refund buyer").click()
        expect(admin.get_by_role("article", name=f"Dispute on order {number}")).to_have_count(
            0)

    for name, tab in (("sofia", "/orders"), ("maya", "/orders?tab=sales")):
        with person(browser, live_server, name) as someone:
            someone.goto(tab)
            card = someone.get_by_test_id(f"order-{number}")
            outcome = card.get_by_test_id("dispute-outcome")
            expect(outcome).to_contain_text("Refunded to the buyer")
            expect(outcome).to_contain_text("The photo shows the tear")
            screenshot(someone, f"disputes-outcome-{name}")
