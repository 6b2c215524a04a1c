"""The admin dashboard in Chromium: a visitor's contact message reaches the administrators;
an administrator confirms a payment from the order desk and exports the orders as CSV;
every tab at desktop and phone sizes."""

from __future__ import annotations

import csv
import re
import uuid
from datetime import UTC, datetime

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import screenshot, sign_in

pytestmark = pytest.mark.e2e


def test_admin_reads_a_message_sent_through_the_contact_form(page: Page) -> None:
    subject = f"Where is my parcel {uuid.uuid4().hex[:6]}?"
    page.goto("/contact")
    form = page.get_by_role("form", name="Contact form")
    form.get_by_label("Name").fill("Visitor Vee")
    form.get_by_label("Email").fill("vee@example.com")
    form.get_by_label("Subject").fill(subject)
    form.get_by_label("Message").fill("Hello,\n<b>not bold</b>: my order has not arrived yet.")
    form.get_by_role("button", name="Send message").click()
    expect(page.get_by_text("Thanks, your message is on its way")).to_be_visible()

    sign_in(page, "admin", "rethread-admin")
    page.goto("/admin")
    expect(page.get_by_role("heading", level=1, name="Admin Dashboard")).to_be_visible()
    page.get_by_role("tab", name="Contact Messages").click()
    card = page.get_by_role("article", name=subject)
    expect(card).to_be_visible()
    expect(card.get_by_role("link", name="vee@example.com")).to_have_attribute(
        "href", "mailto:vee@example.com")
    expect(card.get_by_text("<b>not bold</b>: my order has not arrived yet.")).to_be_visible()
    assert card.locator("b").count() == 0
    screenshot(page, "admin-contact-messages")


def test_admin_reads_analytics_and_non_admins_are_refused(page: Page) -> None:
    sign_in(page, "admin", "rethread-admin")
    page.goto("/admin?tab=analytics")
    expect(page.get_by_role("tab", name="Analytics", selected=True)).to_be_visible()
    expect(page.get_by_text("Total users")).to_be_visible()
    expect(page.get_by_text("of all users")).to_be_visible()
    recent = page.get_by_role("table", name="Recent activity")
    expect(recent.locator("tbody tr")).to_have_count(10)
    expect(page.get_by_role("table", name="Daily activity").locator("tbody tr")).to_have_count(10)
    expect(page.locator(".recharts-surface").first).to_be_visible()
    screenshot(page, "admin-analytics-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(page.get_by_text("Total users")).to_be_visible()
    screenshot(page, "admin-analytics-phone")
    page.get_by_role("tab", name="Contact Messages").click()
    expect(page).to_have_url(re.compile(r"/admin\?tab=contact$"))
    screenshot(page, "admin-contact-phone")

    page.context.clear_cookies()
    sign_in(page, "maya")
    page.goto("/admin")
    expect(page.get_by_text(
        "You need to be logged in as an administrator to access this page.")).to_be_visible()
    expect(page.get_by_role("link", name="Return to Home")).to_be_visible()
    screenshot(page, "admin-refused-phone")


TABS = [("Pending Payments", "pending"), ("Payment Confirmed", "paid"), ("All Orders", "all"),
        ("Analytics", "analytics"), ("Sales Records", "sales"),
        ("Contact Messages", "contact")]
LISTS = {"pending": "Pending payments", "paid": "Payment confirmed", "all": "All orders",
         "sales": "Sales records"}
COLUMNS = ["Order Number", "Date", "Product", "Price", "Status", "Buyer Name", "Buyer Email",
           "Seller Name", "Seller Email", "Item Count"]


def _place_order(browser: Browser, live_server: str) -> dict:
    """emma buys the cheapest listing of a seller the other browser tests leave alone."""
    context = browser.new_context(base_url=live_server)
    try:
        page = context.new_page()
        sign_in(page, "emma")
        items = page.request.get("/api/products?limit=50&sort=price_low_high").json()["items"]
        # (theo is on vacation in the demo data: his items cannot be bought.)
        product = next(i for i in items
                       if i["seller"]["username"] not in ("maya", "emma", "theo"))
        token = next(c["value"] for c in context.cookies() if c["name"] == "csrftoken")
        placed = page.request.post("/api/orders", data={"productId": product["id"]},
                                   headers={"x-csrftoken": token})
        assert placed.status == 201, placed.text()
        return placed.json()
    finally:
        context.close()


def test_admin_confirms_a_payment_from_the_desk_and_exports_csv(browser: Browser,
                                                                 live_server: str,
                                                                 page: Page) -> None:
    order = _place_order(browser, live_server)
    number = order["orderNumber"]
    sign_in(page, "admin", "rethread-admin")
    page.goto("/admin")
    expect(page.get_by_role("tab", name="Pending Payments", selected=True)).to_be_visible()
    for card in ("Total Orders", "Pending Payments", "To Be Shipped", "Completed"):
        expect(page.get_by_role("region", name=card)).to_contain_text(re.compile(r"\d"))
    page.get_by_label("Search orders").fill(number)
    table = page.get_by_role("table", name="Pending payments")
    expect(table.locator("tbody tr")).to_have_count(1)
    expect(table).to_contain_text("emma@rethread.test")

    row = re.escape(number)  # the desk's buttons end with their row's item: "... (order N)"
    page.get_by_role("button", name=re.compile(rf"^Add address, .*order {row}\)$")).click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Full name").fill("Emma Stone")
    dialog.get_by_role("button", name="Save Address").click()
    expect(dialog.get_by_role("alert")).to_contain_text("Missing Required Fields: Address line 1")
    screenshot(page, "admin-address-dialog")
    dialog.get_by_label("Address line 1").fill("5 Harbor Road")
    dialog.get_by_label("City").fill("Salem")
    dialog.get_by_label("State").fill("MA")
    dialog.get_by_label("ZIP code").fill("01970")
    dialog.get_by_label("Phone number").fill("9785550123")
    dialog.get_by_role("button", name="Save Address").click()
    expect(table).to_contain_text("Salem, MA 01970")

    table.get_by_role("button", name=re.compile(rf"^Confirm Payment, .*order {row}\)$")).click()
    confirm = page.get_by_role("dialog", name="Confirm payment")
    expect(confirm).to_contain_text(number)
    screenshot(page, "admin-confirm-payment-dialog")
    confirm.get_by_role("button", name="Confirm Payment").click()
    expect(page.get_by_text("The seller has been notified to ship the item")).to_be_visible()
    expect(page.get_by_text(f"No orders match “{number}”")).to_be_visible()
    page.get_by_role("tab", name="Payment Confirmed").click()
    expect(page).to_have_url(re.compile(r"/admin\?tab=paid$"))
    page.get_by_label("Search orders").fill(number)
    expect(page.get_by_role("table", name="Payment confirmed")).to_contain_text(number)

    with page.expect_download() as waiting:
        page.get_by_role("link", name="Export Orders").click()
    download = waiting.value
    today = datetime.now(UTC).date().isoformat()
    assert download.suggested_filename == f"rethread-orders-{today}.csv"
    with open(download.path(), encoding="utf-8", newline="") as saved:
        rows = list(csv.reader(saved))
    assert rows[0] == COLUMNS
    mine = next(row for row in rows[1:] if row[0] == number)
    assert mine[4] == "payment_confirmed"
    assert (mine[6], mine[3]) == ("emma@rethread.test", order["price"])
    statuses = {row[4] for row in rows[1:]}
    assert {"pending", "payment_confirmed", "shipped", "delivered", "completed",
            "cancelled"} <= statuses  # the demo desk has an order in every status


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 900},
                                      {"width": 390, "height": 844}],
                         ids=["desktop", "phone"])
def test_every_admin_tab_renders(page: Page, viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    size = "phone" if viewport["width"] < 500 else "desktop"
    sign_in(page, "admin", "rethread-admin")
    for name, value in TABS:
        page.goto(f"/admin?tab={value}")
        expect(page.get_by_role("tab", name=name, selected=True)).to_be_visible()
        if value in LISTS:
            expect(page.get_by_label(LISTS[value], exact=True).or_(
                page.get_by_text(re.compile(r"^No "))).first).to_be_visible()
        page.wait_for_load_state("networkidle")
        screenshot(page, f"admin-tab-{value}-{size}")
