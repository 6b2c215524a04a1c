"""Negotiating in Chromium with two people at once: emma offers on one of maya's listings,
maya counters from her Seller Hub, emma accepts the counter and gets Pay Now.

The live server is seeded with ``rethread demo seed --listings 24`` (demo offers included).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import (
    WAIT_MS,
    api_post,
    eventually,
    login,
    new_listing,
    next_frames,
    realtime_ready,
    screenshot,
    sign_in,
    socket_frames,
)

pytestmark = pytest.mark.e2e

DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def contexts(browser: Browser, live_server: str) -> Iterator[list[BrowserContext]]:
    opened: list[BrowserContext] = []

    def make(viewport: dict[str, int]) -> BrowserContext:
        context = browser.new_context(base_url=live_server, viewport=viewport)
        context.set_default_timeout(WAIT_MS)
        opened.append(context)
        return context

    yield make  # type: ignore[misc]
    for context in opened:
        context.close()


def _fresh_maya_listing(page: Page) -> dict:
    """One of maya's available listings that emma has no open offer on."""
    items = page.request.get("/api/products?limit=50").json()["items"]
    for item in items:
        if item["seller"]["username"] != "maya" or item["status"] != "available":
            continue
        mine = page.request.get(f"/api/products/{item['id']}/offers").json()["items"]
        if not any(offer["status"] in ("pending", "countered") for offer in mine):
            return item
    raise AssertionError("no listing of maya's is free for a new offer")


def _open_tab(page: Page, name: str) -> None:
    page.get_by_role("tab", name=name).click()
    expect(page.get_by_role("tab", name=name)).to_have_attribute("aria-selected", "true")


def test_offer_counter_accept_and_pay_now(contexts) -> None:  # type: ignore[no-untyped-def]
    buyer = contexts(DESKTOP).new_page()
    seller = contexts(DESKTOP).new_page()
    login(buyer, "emma")
    item = _fresh_maya_listing(buyer)
    product_id, price = item["id"], float(item["price"])

    # emma makes an offer from the product page
    buyer.goto(f"/product/{product_id}")
    buyer.get_by_role("button", name="Make an Offer").click()
    dialog = buyer.get_by_role("dialog", name="Make an Offer")
    amount = dialog.get_by_label("Your offer")
    expect(amount).to_have_value(f"{round(price * 0.9 + 1e-9, 2):.2f}")
    amount.fill("")
    amount.press_sequentially("1a2.3.4")
    expect(amount).to_have_value("12.34")
    amount.fill("")
    dialog.get_by_role("button", name="Send Offer").click()
    expect(dialog.get_by_text("Offer amount is required")).to_be_visible()
    offer_price = max(1.0, round(price * 0.7, 2))
    amount.fill(f"{offer_price:.2f}")
    dialog.get_by_label("Message (optional)").fill("Could you do this price? Paying today.")
    screenshot(buyer, "offers-dialog-desktop", full_page=False)
    dialog.get_by_role("button", name="Send Offer").click()
    expect(dialog.get_by_text("Offer sent!")).to_be_visible()
    expect(buyer.get_by_role("dialog")).to_have_count(0)
    expect(buyer.get_by_text("Offer sent!").first).to_be_visible()
    expect(buyer.get_by_text(re.compile(r"Your offer of \$[\d.]+: Pending"))).to_be_visible()
    # the server would refuse a second open offer: the page links to this one instead, and
    # the keyboard is there once the dialog has closed
    expect(buyer.get_by_role("button", name="Make an Offer")).to_have_count(0)
    expect(buyer.get_by_role("link", name=f"Your Offer ${offer_price:.2f}")).to_be_focused()

    # maya sees the Seller Hub badge, then counters from the page
    login(seller, "maya")
    hub = seller.get_by_role("link", name=re.compile(r"Seller Hub \(\d+ new\)"))
    expect(hub).to_be_visible()
    hub.click()
    seller.wait_for_url("**/seller/offers")
    card = seller.get_by_role("article", name=f"Offer on {item['title']}").filter(
        has_text="Emma Larsen").first
    expect(card).to_be_visible()
    expect(card.get_by_text("“Could you do this price? Paying today.”")).to_be_visible()
    screenshot(seller, "offers-seller-desktop")
    # opening the page marked her offers read: the badge is gone
    expect(seller.get_by_role("navigation", name="Main").get_by_role(
        "link", name="Seller Hub", exact=True)).to_be_visible()
    card.get_by_role("button", name="More actions").click()
    seller.get_by_role("menuitem", name="Counter Offer").click()
    counter = seller.get_by_role("dialog", name="Counter Offer")
    send = counter.get_by_role("button", name="Send Counter Offer")
    expect(send).to_be_disabled()
    counter_price = round((offer_price + price) / 2, 2)
    counter.get_by_label("Counter price").fill(f"{counter_price:.2f}")
    screenshot(seller, "offers-counter-dialog-desktop", full_page=False)
    send.click()
    expect(seller.get_by_text("Counter offer sent")).to_be_visible()
    _open_tab(seller, "Pending")
    expect(seller.get_by_role("article", name=f"Offer on {item['title']}").filter(
        has_text="Emma Larsen")).to_have_count(0)

    # emma accepts the counter and can pay the agreed price
    buyer.goto("/buyer/offers")
    _open_tab(buyer, "Countered")
    mine = buyer.get_by_role("article", name=f"Offer on {item['title']}")
    expect(mine.get_by_text(f"The seller countered with ${counter_price:.2f}.")).to_be_visible()
    screenshot(buyer, "offers-buyer-desktop")
    mine.get_by_role("button", name="Accept Counter").click()
    confirm = buyer.get_by_role("dialog", name="Accept counter offer?")
    confirm.get_by_role("button", name="Accept Counter").click()
    expect(buyer.get_by_text("Counter offer accepted successfully")).to_be_visible()
    _open_tab(buyer, "Accepted")
    pay = buyer.get_by_role("article", name=f"Offer on {item['title']}").get_by_role(
        "link", name="Pay Now")
    expect(pay).to_have_attribute("href", re.compile(rf"^/checkout/{product_id}\?offerId=\d+$"))
    pay.click()
    buyer.wait_for_url(re.compile(rf"/checkout/{product_id}\?offerId=\d+$"))


def _titles_cut_short(page: Page) -> list[str]:
    """The offer cards whose item title is clipped, or squeezed beside its status badge."""
    return page.evaluate("""() => [...document.querySelectorAll('article')].flatMap((card) => {
        const title = card.querySelector('a[href^="/product/"]');
        const badge = card.querySelector('.mantine-Badge-root');
        if (!title || !badge) return [];
        const clipped = title.scrollHeight > title.clientHeight + 1
            || title.scrollWidth > title.clientWidth + 1;
        const beside = badge.getBoundingClientRect().top < title.getBoundingClientRect().bottom - 1;
        return clipped || beside ? [title.textContent] : [];
    })""")


def test_offer_pages_on_a_phone(contexts) -> None:  # type: ignore[no-untyped-def]
    sofia = contexts(PHONE).new_page()
    sign_in(sofia, "sofia")
    sofia.goto("/buyer/offers")
    expect(sofia.get_by_role("heading", name="My Offers")).to_be_visible()
    expect(sofia.get_by_role("link", name="Pay Now").first).to_be_visible()
    # each title is whole, its badge under it rather than beside it
    assert _titles_cut_short(sofia) == []
    screenshot(sofia, "offers-buyer-phone")
    maya_item = _fresh_maya_listing(sofia)
    sofia.goto(f"/product/{maya_item['id']}")
    sofia.get_by_role("button", name="Make an Offer").click()
    expect(sofia.get_by_role("dialog", name="Make an Offer").get_by_label("Your offer")
           ).to_be_visible()
    screenshot(sofia, "offers-dialog-phone", full_page=False)
    sofia.keyboard.press("Escape")
    maya = contexts(PHONE).new_page()
    sign_in(maya, "maya")
    maya.goto("/seller/offers")
    expect(maya.get_by_role("button", name="Accept").first).to_be_visible()
    assert _titles_cut_short(maya) == []
    screenshot(maya, "offers-seller-phone")
    maya.get_by_role("button", name="More actions").first.click()
    maya.get_by_role("menuitem", name="Counter Offer").click()
    expect(maya.get_by_role("dialog", name="Counter Offer")).to_be_visible()
    screenshot(maya, "offers-counter-dialog-phone", full_page=False)


def test_counter_and_accept_from_the_thread(contexts) -> None:  # type: ignore[no-untyped-def]
    maya = contexts(DESKTOP).new_page()
    sofia = contexts(DESKTOP).new_page()
    sign_in(maya, "maya")
    sign_in(sofia, "sofia")
    maya_id = maya.request.get("/api/user").json()["id"]
    sofia_id = sofia.request.get("/api/user").json()["id"]
    item = new_listing(maya, "Rust corduroy overshirt")  # (no earlier test touches it)
    api_post(sofia, "/api/offers", {"productId": item["id"], "offerPrice": "50.00"})
    waiting = sofia.request.get("/api/buyer/offers?status=pending").json()["items"]
    pending = next(o for o in waiting if o["productId"] == item["id"])

    # maya counters sofia's pending offer from their conversation
    maya.goto(f"/messages/{sofia_id}")
    card = maya.get_by_role("article", name="Offer").filter(
        has=maya.get_by_role("button", name="Counter")).filter(
        has_text=pending["product"]["title"])
    expect(card).to_have_count(1, timeout=WAIT_MS)
    card.scroll_into_view_if_needed()
    screenshot(maya, "offers-thread-seller-desktop", full_page=False)
    card.get_by_role("button", name="Counter").click()
    counter = maya.get_by_role("dialog", name="Counter Offer")
    agreed = float(pending["originalPrice"])
    counter.get_by_label("Counter price").fill(f"{agreed:.2f}")
    counter.get_by_role("button", name="Send Counter Offer").click()
    expect(maya.get_by_text("Counter offer sent")).to_be_visible()

    # sofia sees the counter in the same thread and accepts it there
    sofia.goto(f"/messages/{maya_id}")
    accept = sofia.get_by_role("article", name="Offer").filter(
        has_text=f"with ${agreed:.2f}").get_by_role("button", name="Accept Counter")
    expect(accept).to_be_visible(timeout=WAIT_MS)
    accept.click()
    sofia.get_by_role("dialog", name="Accept counter offer?").get_by_role(
        "button", name="Accept Counter").click()
    expect(sofia.get_by_text("Counter offer accepted successfully")).to_be_visible()
    pay = sofia.get_by_role("article", name="Offer").get_by_role("link", name="Pay Now")
    expect(pay.first).to_have_attribute(
        "href", f"/checkout/{pending['productId']}?offerId={pending['id']}")
    screenshot(sofia, "offers-thread-buyer-desktop", full_page=False)


def test_offer_countered_in_the_thread_accepted_and_chatted_live(
        contexts) -> None:  # type: ignore[no-untyped-def]
    """The whole negotiation with two browsers: priya offers from the product page, maya
    (with the thread open) sees it arrive live and counters from the thread, priya accepts
    the counter there and gets Pay Now, then the two chat live."""
    priya = contexts(DESKTOP).new_page()
    maya = contexts(DESKTOP).new_page()
    maya_heard, priya_heard = socket_frames(maya), socket_frames(priya)
    sign_in(priya, "priya")
    sign_in(maya, "maya")
    priya_id = priya.request.get("/api/user").json()["id"]
    maya_id = maya.request.get("/api/user").json()["id"]
    item = new_listing(maya, "Olive trench coat")
    product_id, price = item["id"], float(item["price"])
    offer_price = max(1.0, round(price * 0.6, 2))
    counter_price = round((offer_price + price) / 2, 2)

    maya.goto(f"/messages/{priya_id}")
    expect(maya.get_by_placeholder("Type a message...")).to_be_visible()
    realtime_ready(maya)

    priya.goto(f"/product/{product_id}")
    priya.get_by_role("button", name="Make an Offer").click()
    dialog = priya.get_by_role("dialog", name="Make an Offer")
    dialog.get_by_label("Your offer").fill(f"{offer_price:.2f}")
    dialog.get_by_role("button", name="Send Offer").click()
    expect(dialog.get_by_text("Offer sent!")).to_be_visible()

    # the offer card appears in maya's open thread without a reload, its news having come
    # over her socket (a timing bound was flaky on a loaded 2-core machine); she counters there
    card = maya.get_by_role("article", name="Offer").filter(has_text=item["title"]).filter(
        has=maya.get_by_role("button", name="Counter"))
    expect(card).to_have_count(1)
    assert any('"new_message"' in frame and item["title"] in frame for frame in maya_heard) or \
        any('"offer_updated"' in frame for frame in maya_heard), maya_heard
    card.get_by_role("button", name="Counter").click()
    counter = maya.get_by_role("dialog", name="Counter Offer")
    counter.get_by_label("Counter price").fill(f"{counter_price:.2f}")
    counter.get_by_role("button", name="Send Counter Offer").click()
    expect(maya.get_by_text("Counter offer sent")).to_be_visible()

    # priya answers in the same thread and gets Pay Now at the agreed price
    priya.goto(f"/messages/{maya_id}")
    accept = priya.get_by_role("article", name="Offer").filter(
        has_text=f"with ${counter_price:.2f}").get_by_role("button", name="Accept Counter")
    expect(accept).to_be_visible()
    accept.click()
    priya.get_by_role("dialog", name="Accept counter offer?").get_by_role(
        "button", name="Accept Counter").click()
    expect(priya.get_by_text("Counter offer accepted successfully")).to_be_visible()
    pay = priya.get_by_role("article", name="Offer").filter(
        has_text=item["title"]).get_by_role("link", name="Pay Now")
    expect(pay.first).to_have_attribute(
        "href", re.compile(rf"^/checkout/{product_id}\?offerId=\d+$"))
    # maya's thread shows the acceptance live too
    expect(maya.get_by_role("log", name="Messages").get_by_text(
        "Accepted your counter offer", exact=False).last).to_be_visible()
    assert any("Accepted your counter offer" in frame for frame in maya_heard), maya_heard

    # and they chat live
    priya.get_by_placeholder("Type a message...").fill("Deal! Paying now.")
    priya.keyboard.press("Enter")
    expect(maya.get_by_role("log", name="Messages").get_by_text("Deal! Paying now.")
           ).to_be_visible()
    assert any("Deal! Paying now." in frame for frame in maya_heard)
    maya.get_by_placeholder("Type a message...").fill("Thank you, it ships tomorrow.")
    maya.get_by_role("button", name="Send message").click()
    expect(priya.get_by_role("log", name="Messages").get_by_text(
        "Thank you, it ships tomorrow.")).to_be_visible()
    assert any("Thank you, it ships tomorrow." in frame for frame in priya_heard)
    # what maya saw in her open thread is marked read (no stray unread dot for later tests)
    eventually(lambda: next(
        c for c in maya.request.get(f"/api/users/{maya_id}/conversations").json()
        if c["id"] == priya_id)["unreadCount"] == 0,
        "maya's open thread with priya has no unread messages")
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        for who, page in (("buyer", priya), ("seller", maya)):
            page.set_viewport_size(viewport)
            next_frames(page)
            screenshot(page, f"offers-live-thread-{who}-{size}", full_page=False)
    pay.first.click()
    priya.wait_for_url(re.compile(rf"/checkout/{product_id}\?offerId=\d+$"))
