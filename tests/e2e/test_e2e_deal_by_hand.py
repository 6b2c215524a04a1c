"""A deal by keyboard on a laptop and by thumb on a phone, where only a real browser shows
what goes wrong: a dialog that fades out still holding the focus, what a sticky header and a
fixed bottom bar cover, and how big a thumb's targets are on a touch screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, FilePayload, Page, ViewportSize, expect

from tests.catalog_support import png
from tests.e2e.conftest import PHONE, api_call, api_post, new_listing, person

pytestmark = pytest.mark.e2e

LAPTOP: ViewportSize = {"width": 1280, "height": 800}

# The focused element's middle and its bottom edge, each: the element itself, or what covers it.
COVERED = """() => {
  const el = document.activeElement;
  const box = el.getBoundingClientRect();
  return [box.top + box.height / 2, box.bottom - 2].map(y => {
    const hit = document.elementFromPoint(box.left + box.width / 2, y);
    if (hit === el || el.contains(hit)) return null;
    return hit ? hit.outerHTML.slice(0, 80) : 'off screen';
  }).filter(Boolean);
}"""


def _focused_name(page: Page) -> str:
    return str(page.evaluate("() => document.activeElement.getAttribute('aria-label')"
                         " || document.activeElement.textContent.trim()"))


def test_the_counter_dialogs_close_button_gives_the_keyboard_back_to_more_actions(
        browser: Browser, live_server: str) -> None:
    """Escape, Cancel or Close on the Seller Hub's Counter Offer dialog: the keyboard is back
    on the card's "More actions" button (the menu item that opened the dialog has gone; Close
    keeps the focus while the dialog fades out, so the page fell back to <body> and the next
    Tab started at the top of the page)."""
    with person(browser, live_server, "lucas", viewport=LAPTOP) as seller:
        listing = new_listing(seller, "Corduroy chore jacket, rust", price="90.00")
    with person(browser, live_server, "jamal", viewport=LAPTOP) as buyer:
        api_post(buyer, "/api/offers", {"productId": listing["id"], "offerPrice": "70.00"})
    with person(browser, live_server, "lucas", viewport=LAPTOP) as seller:
        seller.goto(f"/seller/offers?productId={listing['id']}")
        more = seller.get_by_role("button", name="More actions")
        more.focus()
        seller.keyboard.press("Enter")
        seller.get_by_role("menuitem", name="Counter Offer").wait_for()
        seller.keyboard.press("ArrowDown")
        seller.keyboard.press("Enter")
        dialog = seller.get_by_role("dialog", name="Counter Offer")
        expect(dialog.get_by_label("Counter price")).to_be_focused()
        # At once, as a quick keyboard does: the menu is still fading out.
        dialog.get_by_role("button", name="Close").focus()
        seller.keyboard.press("Enter")
        expect(dialog).to_have_count(0)
        expect(more).to_be_focused()
        seller.keyboard.press("Tab")
        # (each card's buttons are named after its offer: components/item-label.tsx)
        assert _focused_name(seller) == (
            "Message buyer, $70.00 offer on Corduroy chore jacket, rust from Jamal Carter")


def test_a_phone_keeps_the_focused_field_clear_of_the_header_and_bottom_bar(
        browser: Browser, live_server: str) -> None:
    """Going from field to field of the checkout (a phone keyboard's next arrow is a Tab)
    scrolls each into the space between the sticky header and the fixed bottom bar: State
    and ZIP code sat under the bar."""
    with person(browser, live_server, "maya", viewport=LAPTOP) as seller:
        listing = new_listing(seller, "Linen wrap skirt, sand", price="38.00")
    with person(browser, live_server, "sofia", viewport=PHONE, touch=True) as buyer:
        buyer.goto(f"/checkout/{listing['id']}")
        first = buyer.get_by_label("Full name")
        first.focus()
        covered: dict[str, list[str]] = {}
        for _ in range(8):
            buyer.keyboard.press("Tab")
            buyer.evaluate("() => new Promise(r => requestAnimationFrame(() => r(null)))")
            hidden = buyer.evaluate(COVERED)
            if hidden:
                covered[_focused_name(buyer) or "?"] = hidden
        assert covered == {}


def test_a_phones_stars_and_photo_controls_fit_a_thumb(browser: Browser,
                                                       live_server: str) -> None:
    """On a touch screen each review star is a 44 px target (they were 24 px side by side)
    and a claim photo's remove button is a 28 px white disc (18 px before)."""
    with person(browser, live_server, "priya", viewport=LAPTOP) as seller:
        listing = new_listing(seller, "Striped boat-neck top, navy", price="28.00")
    with person(browser, live_server, "emma", viewport=LAPTOP) as buyer:
        order = api_post(buyer, "/api/orders", {"productId": listing["id"]})
    with person(browser, live_server, "admin", viewport=LAPTOP, password="rethread-admin") as admin:
        api_call(admin, "POST", f"/api/orders/{order['id']}/confirm-payment")
    with person(browser, live_server, "priya", viewport=LAPTOP) as seller:
        api_call(seller, "PUT", f"/api/orders/{order['id']}/status",
                 {"status": "shipped", "trackingNumber": "1Z999AA10123456784"})
        api_call(seller, "PUT", f"/api/orders/{order['id']}/status", {"status": "delivered"})
    with person(browser, live_server, "emma", viewport=PHONE, touch=True) as buyer:
        buyer.goto("/orders")
        card = buyer.get_by_test_id(f"order-{order['orderNumber']}")
        card.get_by_role("button", name="Report a problem with this order").tap()
        with buyer.expect_file_chooser() as chooser:
            card.get_by_role("button", name="Add photos (0/5)").tap()
        tear: FilePayload = {"name": "tear.png", "mimeType": "image/png",
                             "buffer": png(120, 90, "crimson")}
        chooser.value.set_files(files=[tear])
        remove = card.get_by_role("button", name="Remove photo 1")
        box = remove.bounding_box()
        assert box is not None and min(box["width"], box["height"]) >= 28, box
        card.get_by_role("button", name="Cancel").tap()
        card.get_by_role("button", name="Confirm Receipt").tap()
        buyer.get_by_role("button", name="Yes, I received it").tap()
        stars = card.locator("fieldset label")
        expect(stars).to_have_count(5)
        sizes = [stars.nth(i).bounding_box() for i in range(5)]
        assert all(s is not None and min(s["width"], s["height"]) >= 44 for s in sizes), sizes
        stars.nth(3).tap()
        expect(card.get_by_label("4 stars")).to_be_checked()
