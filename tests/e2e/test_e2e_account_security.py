"""Account security through the real pages in Chromium (issue 41): a forgotten password
reset through the emailed link (read from the server's `.eml` outbox), two-factor sign-in
turned on and used, and signing out another device from the sessions list."""

from __future__ import annotations

import re
import uuid
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from pathlib import Path
from urllib.parse import urlsplit

import pyotp
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import csrf_token, eventually, login_through_form, screenshot

pytestmark = pytest.mark.e2e

PASSWORD = "secret123"
LINK = re.compile(r"https?://[^\s\"<>]+")
IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1")


def sign_up(page: Page, name: str) -> None:
    """A fresh member through the API (the sign-up page has its own test), signed in."""
    page.goto("/")
    csrf = page.request.get("/api/csrf")
    assert csrf.ok
    token = csrf_token(page)
    made = page.request.post("/api/register", headers={"x-csrftoken": token}, data={
        "username": name, "displayName": name.title(), "email": f"{name}@example.com",
        "password": PASSWORD})
    assert made.status == 201, made.text()


def mailed_link(mail_dir: Path, address: str, path: str, timeout_s: float = 30) -> str:
    """The link to ``path`` in the newest email to ``address`` (the worker sends every 2 s)."""
    found: list[str] = []

    def mailed() -> bool:
        for file in sorted(mail_dir.glob("*.eml"), key=lambda f: f.stat().st_mtime_ns,
                           reverse=True):
            message = message_from_bytes(file.read_bytes(), policy=policy.default)
            if message["To"] != address:
                continue
            body = message.get_body(preferencelist=("plain",))
            for link in LINK.findall(body.get_content() if body else ""):
                parts = urlsplit(link)
                if parts.path == path:
                    found.append(f"{parts.path}?{parts.query}")
                    return True
        return False

    eventually(mailed, f"an email to {address} linking to {path}", timeout_s, every_s=0.25)
    return found[0]


def test_forgot_password_mail_reset_and_sign_in(page: Page, live_data_dir: Path) -> None:
    name = f"reset{uuid.uuid4().hex[:8]}"
    sign_up(page, name)
    page.context.clear_cookies()

    page.goto("/auth")
    page.get_by_role("link", name="Forgot password?").click()
    page.wait_for_url(re.compile(r"/forgot-password$"))
    expect(page.get_by_role("heading", name="Forgot your password?")).to_be_visible()
    email = page.get_by_label("Email")
    email.fill(f"{name}@example.com")
    expect(email).to_have_value(f"{name}@example.com")
    page.get_by_role("button", name="Send reset link").click()
    expect(page.get_by_role("status").filter(has_text="Check your email")).to_be_visible()
    screenshot(page, "forgot-password-sent", full_page=False)

    link = mailed_link(live_data_dir / "mail", f"{name}@example.com", "/reset-password")
    page.goto(link)
    page.get_by_label(re.compile(r"^New password")).fill("brand-new-pw")
    page.get_by_label("Confirm new password").fill("brand-new-pw")
    screenshot(page, "reset-password", full_page=False)
    page.get_by_role("button", name="Set new password").click()
    page.wait_for_url(re.compile(r"/auth"))

    page.goto(link)  # the link works once
    page.get_by_label(re.compile(r"^New password")).fill("another-pw-1")
    page.get_by_label("Confirm new password").fill("another-pw-1")
    page.get_by_role("button", name="Set new password").click()
    expect(page.get_by_text(re.compile("invalid or has expired")).first).to_be_visible()

    login_through_form(page, name, "brand-new-pw")
    screenshot(page, "signed-in-after-reset", full_page=False)


def test_two_factor_on_and_signing_in_with_a_code(page: Page) -> None:
    name = f"totp{uuid.uuid4().hex[:8]}"
    sign_up(page, name)
    page.goto("/settings")
    page.get_by_role("button", name="Set up two-factor sign-in").click()
    secret = page.get_by_test_id("totp-secret").inner_text().strip()
    totp = pyotp.TOTP(secret)
    expect(page.get_by_role("img", name=re.compile("QR code"))).to_be_visible()
    screenshot(page, "two-factor-setup")
    two_factor = page.locator("section[aria-labelledby=two-factor-title]")
    two_factor.get_by_label(re.compile(r"^Password")).fill(PASSWORD)  # "Password *": required
    page.get_by_label("Code from your app").fill(totp.now())
    page.get_by_role("button", name="Turn on").click()
    expect(page.get_by_test_id("recovery-code")).to_have_count(10)
    screenshot(page, "two-factor-recovery-codes")

    page.context.clear_cookies()
    page.goto("/auth")
    page.get_by_label("Username or email").fill(name)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    code_box = page.get_by_label("Authentication code")
    expect(code_box).to_be_visible()
    screenshot(page, "two-factor-login-asks-code", full_page=False)
    # The code of the next 30 s step: the one used to turn it on cannot be used again.
    code_box.fill(totp.at(datetime.now(UTC) + timedelta(seconds=30)))
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
    page.get_by_role("button", name="Account menu").wait_for()
    screenshot(page, "two-factor-signed-in", full_page=False)


def test_signing_out_another_device_from_the_sessions_list(
        page: Page, browser: Browser, live_server: str) -> None:
    name = f"sess{uuid.uuid4().hex[:8]}"
    sign_up(page, name)
    other = browser.new_context(base_url=live_server, viewport={"width": 390, "height": 844},
                                user_agent=IPHONE)
    try:
        phone = other.new_page()
        login_through_form(phone, name, PASSWORD)
        page.goto("/settings")
        rows = page.get_by_test_id("session-row")
        expect(rows).to_have_count(2)
        expect(rows.filter(has_text="This device")).to_have_count(1)
        expect(rows.filter(has_text="Mobile Safari on iOS")).to_have_count(1)
        page.get_by_role("heading", name="Where you're signed in").scroll_into_view_if_needed()
        screenshot(page, "sessions-list")
        page.get_by_role("button", name="Sign out of all other sessions").click()
        expect(rows).to_have_count(1)
        phone.reload()
        expect(phone.get_by_role("link", name=re.compile("Login"))).to_be_visible()
    finally:
        other.close()


def test_the_sessions_list_on_a_phone_keeps_its_sign_out_buttons_whole(
        browser: Browser, live_server: str) -> None:
    """390 px wide: the device and place text give way (they wrap), never the button,
    whose label used to be cut to "Sign"."""
    name = f"narrow{uuid.uuid4().hex[:8]}"
    phone = browser.new_context(base_url=live_server, viewport={"width": 390, "height": 844},
                                user_agent=IPHONE)
    desk = browser.new_context(base_url=live_server)
    try:
        page = phone.new_page()
        sign_up(page, name)
        login_through_form(desk.new_page(), name, PASSWORD)  # a second session to list
        page.goto("/settings")
        rows = page.get_by_test_id("session-row")
        expect(rows).to_have_count(2)
        buttons = rows.get_by_role("button", name=re.compile("^Sign out"))
        expect(buttons).to_have_count(2)
        for index in range(2):
            button = buttons.nth(index)
            button.scroll_into_view_if_needed()
            cut = button.evaluate(
                "b => [b, ...b.querySelectorAll('*')].some(e => e.scrollWidth > e.clientWidth + 1)")
            assert not cut, f"the label of {button.get_attribute('aria-label')} is cut"
            assert button.inner_text().strip() == "Sign out"
        screenshot(page, "sessions-list-phone", full_page=False)
    finally:
        desk.close()
        phone.close()


def test_a_link_to_the_email_settings_lands_on_them(page: Page) -> None:
    """The emails' footer links to /settings#email-notifications: the section is drawn after
    the page and its data load, and the page still lands there, with the focus on it."""
    sign_up(page, f"hash{uuid.uuid4().hex[:8]}")
    page.goto("/settings#email-notifications")
    section = page.locator("#email-notifications")
    expect(section).to_be_focused()
    expect(section).to_be_in_viewport()
    top = section.evaluate("s => s.getBoundingClientRect().top")
    header = page.locator("header").first.evaluate("h => h.getBoundingClientRect().bottom")
    assert header <= top <= header + 40, (header, top)
