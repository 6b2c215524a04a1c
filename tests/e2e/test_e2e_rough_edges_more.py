"""Issue 36's last items as people meet them in Chromium, at a laptop (1366x900) and a phone
(390x844), with a screenshot of each: social news in the bell (item 20) and the US-only
shipping address (item 18)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, Response, expect

from tests.e2e.conftest import WAIT_MS, login, screenshot, sign_in

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
# Two different likers per size, so each run makes a group of its own people.
LIKERS = {1366: ("jamal", "emma"), 390: ("sofia", "lucas")}


def _likes(method: str) -> Callable[[Response], bool]:
    """The answer to a like (POST) or an unlike (DELETE)."""
    return lambda answer: "/api/likes" in answer.url and answer.request.method == method


@SIZES
def test_likes_on_a_look_arrive_grouped_in_the_bell(page: Page, browser: Browser,
                                                     live_server: str,
                                                     viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    posts = page.request.get("/api/posts?limit=50").json()["items"]
    likers = LIKERS[viewport["width"]]
    post = next(p for p in posts if p["user"]["username"] not in likers)
    author = post["user"]["username"]
    login(page, author)
    page.get_by_role("button", name=re.compile("^Notifications")).click()
    mark_all = page.get_by_role("button", name="Mark all read")
    if mark_all.is_enabled():
        mark_all.click()
    page.keyboard.press("Escape")
    for name in likers:
        context = browser.new_context(base_url=live_server)
        try:
            other = context.new_page()
            sign_in(other, name)
            other.goto(f"/post/{post['id']}")
            button = other.get_by_role("button", name=re.compile("^(Like|Unlike)$")).first
            # The button turns at once (optimistic); closing the context before the server
            # answered could cancel the request, so each click waits for its answer.
            if button.get_attribute("aria-label") == "Unlike":
                with other.expect_response(_likes("DELETE")) as unliked:
                    button.click()
                assert unliked.value.ok
            with other.expect_response(_likes("POST")) as liked:
                other.get_by_role("button", name="Like").first.click()
            assert liked.value.ok
            expect(other.get_by_role("button", name="Unlike").first).to_be_visible()
        finally:
            context.close()
    page.reload()
    bell = page.get_by_role("button", name=re.compile(r"^Notifications, \d+ unread"))
    expect(bell).to_be_visible(timeout=WAIT_MS)
    bell.click()
    # Newest first: this run's group names its latest liker and counts the other one (the
    # other size's run left its own, read, group below).
    shown = {"jamal": "Jamal Carter", "emma": "Emma Larsen", "sofia": "Sofia Rossi",
             "lucas": "Lucas Moreau"}
    grouped = page.get_by_text(re.compile(r"and 1 other liked your look$")).first
    expect(grouped).to_have_text(re.compile(
        f"^({'|'.join(shown[n] for n in likers)}) and 1 other liked your look$"))
    screenshot(page, f"rough-bell-social-{viewport['width']}", full_page=False)


@SIZES
def test_a_us_address_is_asked_for_with_a_state_list(page: Page,
                                                     viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    sign_in(page, "jamal")
    items = page.request.get("/api/products?limit=24&sort=price_low_high").json()["items"]
    item = next(i for i in items if i["seller"]["username"] != "jamal")
    page.goto(f"/checkout/{item['id']}")
    expect(page.get_by_label(re.compile("^Full name"))).to_be_visible()
    for label in ("ZIP code", "Phone number"):
        page.get_by_label(re.compile(f"^{label}")).fill("")
    page.get_by_label(re.compile("^ZIP code")).fill("SW1A 1AA")
    page.get_by_label(re.compile("^Phone number")).fill("020 7946 09AB")
    state = page.get_by_role("combobox", name=re.compile("^State"))
    state.fill("")
    state.type("georg")
    page.get_by_role("option", name="Georgia").click()
    expect(state).to_have_value("Georgia")
    country = page.get_by_label(re.compile("^Country"))
    expect(country).to_have_value("United States")
    expect(country).to_have_attribute("readonly", "")
    page.get_by_role("button", name="Continue to Payment").click()
    for message in ("ZIP code must be 5 digits, or ZIP+4 such as 12345-6789",
                    "Phone number must have 10 digits, such as (555) 123-4567"):
        expect(page.get_by_text(message)).to_be_visible()
    screenshot(page, f"rough-us-address-{viewport['width']}", full_page=False)
    page.get_by_label(re.compile("^ZIP code")).fill("30309-1234")
    page.get_by_label(re.compile("^Phone number")).fill("(404) 555-0190")
    for label, value in (("Full name", "Jamal Carter"), ("Address line 1", "1400 Peachtree Ave"),
                         ("City", "Atlanta")):
        if not page.get_by_label(re.compile(f"^{label}")).input_value():
            page.get_by_label(re.compile(f"^{label}")).fill(value)
    page.get_by_role("button", name="Continue to Payment").click()
    expect(page.get_by_role("heading", name="Step 2 of 3: Payment")).to_be_visible()
