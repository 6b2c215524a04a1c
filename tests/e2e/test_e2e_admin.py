"""The admin dashboard in Chromium: a visitor's contact message reaches the administrators."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import login, screenshot

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

    login(page, "admin", "rethread-admin")
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
    login(page, "admin", "rethread-admin")
    page.goto("/admin")
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
    login(page, "maya")
    page.goto("/admin")
    expect(page.get_by_text(
        "You need to be logged in as an administrator to access this page.")).to_be_visible()
    expect(page.get_by_role("link", name="Return to Home")).to_be_visible()
    screenshot(page, "admin-refused-phone")
