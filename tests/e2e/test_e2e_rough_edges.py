"""Issue 36's webapp rough edges, as a shopper and a seller meet them in Chromium.

The live server is seeded with ``rethread demo seed --listings 24``; maya is a seller and
sofia a shopper (both with the demo password). Each test looks at a laptop (1366x900) and a
phone (390x844) and keeps a screenshot of each.
"""

from __future__ import annotations

import itertools
import re

import pytest
from playwright.sync_api import Browser, Locator, Page, Request, expect

from tests.e2e.conftest import api_post, login, new_listing, screenshot, sign_in

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])


def _cards(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("main a[href^='/product/']")


def _scroll_to_the_end(page: Page, the_end: Locator) -> None:
    """Wheel down, each time until the next page's cards arrive, until the end shows."""
    for _ in range(10):
        shown = _cards(page).count()
        page.mouse.wheel(0, 20000)
        expect(the_end.or_(_cards(page).nth(shown)).first).to_be_visible()
        if the_end.is_visible():
            return


@SIZES
def test_shop_scroll_loads_eight_more_and_load_more_keeps_working(page: Page,
                                                                  viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    cursors: list[str] = []

    def note(request: Request) -> None:
        if "/api/products?" in request.url and "cursor=" in request.url:
            cursors.append(request.url)

    page.on("request", note)
    page.goto("/marketplace")
    expect(_cards(page)).to_have_count(12)
    assert cursors == []
    # Scrolling to the end asks for the next page by itself, 8 at a time, until all are shown.
    the_end = page.get_by_text(re.compile(r"^You have seen all \d+ items\.$"))
    _scroll_to_the_end(page, the_end)
    expect(the_end).to_be_visible()
    total = page.request.get("/api/products?limit=1").json()["total"]
    expect(_cards(page)).to_have_count(total)
    assert cursors and all("limit=8" in url for url in cursors)
    screenshot(page, f"rough-shop-scrolled-{viewport['width']}", full_page=False)

    # Load more works too, and scrolling on after it still loads by itself. (Other tests
    # on this server buy, hide and block meanwhile: the shop may have fewer items now.)
    page.goto("/marketplace")
    expect(_cards(page)).to_have_count(12)
    total = page.request.get("/api/products?limit=1").json()["total"]
    # (Clicked where it is: scrolling down to it would load the next page by itself.)
    page.get_by_role("button", name="Load more").dispatch_event("click")
    expect(_cards(page)).to_have_count(min(20, total))
    _scroll_to_the_end(page, the_end)
    expect(_cards(page)).to_have_count(total)


def test_a_phone_reaches_every_tab_of_the_header_with_its_badges(
        page: Page, browser: Browser, live_server: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto("/")
    main_nav = page.get_by_role("navigation", name="Main")
    for name in ("Style Feed", "Blog"):
        expect(main_nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    login(page, "maya")
    # A new offer waits for maya (another test may have opened her Seller Hub already,
    # which marks the demo's offers read).
    item = new_listing(page, "Striped breton top")
    buyer = browser.new_context(base_url=live_server)
    sofia = buyer.new_page()
    login(sofia, "sofia")
    api_post(sofia, "/api/offers", {"productId": item["id"], "offerPrice": "50.00"})
    buyer.close()
    page.reload()
    counts = page.request.get("/api/offers/notifications").json()
    assert counts["newSellerOffers"] > 0
    hub = main_nav.get_by_role("link", name=f"Seller Hub ({counts['newSellerOffers']} new)")
    expected = [hub, main_nav.get_by_role("link", name=re.compile(r"^My Offers")),
                main_nav.get_by_role("link", name="My Orders"),
                main_nav.get_by_role("link", name="Style Feed"),
                main_nav.get_by_role("link", name="Blog")]
    for link in expected:
        link.scroll_into_view_if_needed()
        expect(link).to_be_visible()
        expect(link).to_be_in_viewport()
    screenshot(page, "rough-phone-tabs-390", full_page=False)
    hub.click()
    page.wait_for_url("**/seller/offers")
    # Opening Seller Hub marks the offers read: the badge may go as the page loads.
    expect(main_nav.get_by_role("link", name=re.compile(r"^Seller Hub"))).to_have_attribute(
        "aria-current", "page")
    page.set_viewport_size(LAPTOP)
    expect(main_nav.get_by_role("link", name="Home")).to_be_visible()
    screenshot(page, "rough-laptop-tabs-1366", full_page=False)


def _not_cut(page: Page, locator) -> bool:  # type: ignore[no-untyped-def]
    """True when the element shows all of its text (no ellipsis, no clipping)."""
    return bool(locator.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1"))


def test_order_timelines_draw_each_line_once_in_light_and_dark(page: Page) -> None:
    login(page, "sofia")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for viewport in (LAPTOP, PHONE):
            page.set_viewport_size(viewport)
            page.goto("/orders")
            timeline = page.get_by_label("Order timeline").first
            expect(timeline).to_be_visible()
            boxes = [item.bounding_box() for item in timeline.locator(":scope > *").all()]
            assert len(boxes) >= 2, "a demo order with two events or more"
            for above, below in itertools.pairwise(boxes):
                assert above and below
                assert below["y"] >= above["y"] + above["height"] - 0.5, (above, below)
            timeline.scroll_into_view_if_needed()
            screenshot(page, f"rough-timeline-{scheme}-{viewport['width']}", full_page=False)


def test_phone_shows_whole_labels_names_and_order_numbers(page: Page) -> None:
    page.set_viewport_size(PHONE)
    page.goto("/")
    shop_all = page.get_by_role("link", name="Shop all")
    expect(shop_all).to_be_visible()
    assert _not_cut(page, shop_all.locator(".mantine-Button-label"))
    page.goto("/marketplace")
    expect(_cards(page)).to_have_count(12)
    sellers = {item["seller"]["username"]
               for item in page.request.get("/api/products?limit=12").json()["items"]}
    for name in sellers:
        shown = page.locator("main").get_by_text(name, exact=True).first
        assert _not_cut(page, shown), name
    screenshot(page, "rough-shop-sellers-390", full_page=False)

    sign_in(page, "sofia")
    page.goto("/orders")
    card = page.locator("[data-testid^='order-']").first
    expect(card).to_be_visible()
    number = (card.get_attribute("data-testid") or "").removeprefix("order-")
    shown = card.get_by_text(number, exact=True).first
    lines = shown.evaluate("(el) => el.getClientRects().length")
    assert lines == 1
    expect(page.locator("main")).not_to_contain_text("size OTHER")
    screenshot(page, "rough-orders-390", full_page=False)


@SIZES
def test_checkout_focuses_each_step_and_a_phone_shows_the_total_first(
        page: Page, viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    sign_in(page, "sofia")
    items = page.request.get("/api/products?limit=24&sort=price_low_high").json()["items"]
    item = next(i for i in items if i["seller"]["username"] != "sofia")
    page.goto(f"/checkout/{item['id']}")
    expect(page.get_by_label("Full name")).to_be_visible()
    toggle = page.get_by_role("button", name=re.compile("order summary"))
    if viewport is PHONE:
        # Folded above the form, with the total on its line.
        expect(toggle).to_have_text(re.compile(r"Show order summary\s*\$\d+\.\d\d"))
        assert toggle.bounding_box()["y"] < page.get_by_label("Full name").bounding_box()["y"]  # type: ignore[index]
        expect(page.get_by_test_id("order-total")).to_be_hidden()
        toggle.click()
        expect(toggle).to_have_attribute("aria-expanded", "true")
    else:
        expect(toggle).to_be_hidden()
    expect(page.get_by_test_id("order-total")).to_be_visible()
    screenshot(page, f"rough-checkout-{viewport['width']}", full_page=False)
    address = {"Full name": "Sofia Rossi", "Address line 1": "218 Elm Street", "City": "Portland",
               "State": "OR", "ZIP code": "97205", "Phone number": "5035550142"}
    for name, value in address.items():
        # (the state is a combobox whose list of states is labelled by it too)
        field = (page.get_by_role("combobox", name=name) if name == "State"
                 else page.get_by_label(name))
        if not field.input_value():
            field.fill(value)
    page.get_by_role("button", name="Continue to Payment").press("Enter")
    expect(page.get_by_role("heading", name="Step 2 of 3: Payment")).to_be_focused()
    page.get_by_role("button", name="Review Order").press("Enter")
    expect(page.get_by_role("heading", name="Step 3 of 3: Review")).to_be_focused()
    screenshot(page, f"rough-checkout-review-{viewport['width']}", full_page=False)
