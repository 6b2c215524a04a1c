"""Trust and safety in Chromium (issue 37): a member reports a listing from its page and the
moderation desk hides it; a member blocks another from their profile, the conversation
between them stays readable but closed on both sides, the blocked member's listing leaves
the blocker's search, and Settings lists the block with Unblock. Screenshots of each step.

Every person here is a new account, so the demo people the other browser tests use are
never blocked nor their listings hidden.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.catalog_support import listing
from tests.e2e.conftest import WAIT_MS, api_call, csrf_token, eventually, person, screenshot

pytestmark = pytest.mark.e2e

_numbers = itertools.count(1)


@contextmanager
def newcomer(browser: Browser, live_server: str, name: str) -> Iterator[tuple[Page, dict]]:
    """A new member, signed up (and so signed in) in a browser of their own."""
    context = browser.new_context(base_url=live_server, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        page.request.get("/api/csrf")
        username = f"{name}{os.getpid()}{next(_numbers)}"
        user = api_call(page, "POST", "/api/register", {
            "username": username, "displayName": name.title(),
            "email": f"{username}@example.com", "password": "secret123"})
        yield page, user
    finally:
        context.close()


def _search_ids(page: Page, q: str) -> list[int]:
    answer = page.request.get("/api/products", params={"q": q})
    assert answer.ok, answer.text()
    return [item["id"] for item in answer.json()["items"]]


def _in_search(page: Page, q: str, product_id: int, shown: bool) -> bool:
    """Does ``page``'s member find (``shown``) or not find the listing, once the search
    index has followed the latest change (the outbox is applied in the background)?"""
    try:
        eventually(lambda: (product_id in _search_ids(page, q)) == shown,
                   f"listing {product_id} {'found' if shown else 'not found'} by {q!r}")
    except AssertionError:
        return False
    return True


def test_a_reported_listing_is_hidden_from_the_moderation_desk(browser: Browser,
                                                               live_server: str) -> None:
    with newcomer(browser, live_server, "tess") as (seller, _), \
            newcomer(browser, live_server, "rita") as (reporter, _):
        product = api_call(seller, "POST", "/api/products", listing(
            title="Designer monogram tote", brand="Maisonette", category="accessories"))
        assert _in_search(reporter, "monogram tote", product["id"], shown=True)
        reporter.goto(f"/product/{product['id']}")
        reporter.get_by_role("button", name="More actions for this listing").click()
        reporter.get_by_role("menuitem", name="Report").click()
        dialog = reporter.get_by_role("dialog", name="Report this listing")
        dialog.get_by_role("radio", name="Counterfeit").check()
        dialog.get_by_label("Details (optional)").fill("The monogram is printed, not woven.")
        screenshot(reporter, "trust-report-dialog")
        dialog.get_by_role("button", name="Send report").click()
        expect(reporter.get_by_text("Report sent")).to_be_visible()
        expect(dialog).to_have_count(0)

        with person(browser, live_server, "admin", password="rethread-admin") as admin:
            admin.goto("/admin?tab=moderation")
            card = admin.get_by_role("article", name="Listing “Designer monogram tote”")
            expect(card).to_contain_text("Counterfeit \u00d7 1")
            expect(card).to_contain_text("The monogram is printed, not woven.")
            card.get_by_label("Note (kept in the audit log)").fill("Counterfeit confirmed")
            screenshot(admin, "trust-moderation-desk")
            card.get_by_role("button", name="Hide listing").click()
            admin.get_by_role("dialog", name="Hide this listing?").get_by_role(
                "button", name="Hide listing").click()
            expect(admin.get_by_role("article", name="Listing “Designer monogram tote”")
                   ).to_have_count(0)
            admin.goto("/admin?tab=audit")
            expect(admin.get_by_text("Counterfeit confirmed").first).to_be_visible()

        # Gone for the reporter (and everyone else), by its page and from search; its seller
        # still sees it.
        reporter.goto(f"/product/{product['id']}")
        expect(reporter.get_by_role("heading", name="Product not found")).to_be_visible()
        screenshot(reporter, "trust-hidden-listing")
        assert _in_search(reporter, "monogram tote", product["id"], shown=False)
        seller.goto(f"/product/{product['id']}")
        expect(seller.get_by_role("heading", name="Designer monogram tote")).to_be_visible()
        expect(seller.get_by_text("Hidden by a moderator")).to_be_visible()
        expect(seller.get_by_text("Reason: Counterfeit confirmed")).to_be_visible()


def test_a_block_closes_the_conversation_and_hides_listings_until_unblocked(
        browser: Browser, live_server: str) -> None:
    with newcomer(browser, live_server, "bea") as (bea, bea_user), \
            newcomer(browser, live_server, "cal") as (cal, cal_user):
        product = api_call(cal, "POST", "/api/products", listing(
            title="Corduroy chore jacket", brand="Zyxwork", category="outerwear"))
        api_call(bea, "POST", "/api/messages", {"receiverId": cal_user["id"],
                                             "content": "Is the chore jacket lined?"})
        assert _in_search(bea, "zyxwork", product["id"], shown=True)
        api_call(bea, "POST", "/api/bag/items", {"productId": product["id"]})

        bea.goto(f"/profile/{cal_user['id']}")
        expect(bea.get_by_text("Corduroy chore jacket")).to_be_visible()
        bea.get_by_role("button", name="More actions for Cal").click()
        bea.get_by_role("menuitem", name="Block").click()
        dialog = bea.get_by_role("dialog", name="Block Cal?")
        # It says beforehand what the block does, the bag included.
        expect(dialog).to_contain_text("Their items are taken out of your bag, and yours out "
                                       "of theirs.")
        expect(dialog).to_contain_text("open offers between you are closed")
        dialog.get_by_role("button", name="Block").click()
        expect(bea.get_by_text("Member blocked")).to_be_visible()
        expect(bea.get_by_text("You blocked this member")).to_be_visible()
        expect(bea.get_by_role("button", name="Follow")).to_have_count(0)
        # At once, without a reload: the listings leave and the tab says why.
        expect(bea.get_by_text("Listings hidden while blocked")).to_be_visible()
        expect(bea.get_by_text("Corduroy chore jacket")).to_have_count(0)
        screenshot(bea, "trust-profile-blocked")

        # The listing's page says so instead of offering to buy; the bag no longer holds it.
        bea.goto(f"/product/{product['id']}")
        expect(bea.get_by_test_id("blocked-seller")).to_contain_text(
            "You blocked this seller")
        expect(bea.get_by_role("link", name="Buy It Now")).to_have_count(0)
        expect(bea.get_by_role("button", name="Make an Offer")).to_have_count(0)
        screenshot(bea, "trust-product-blocked-seller")
        bea.goto("/bag")
        expect(bea.get_by_text("Your bag is empty")).to_be_visible()

        # Bea's side: the old message is readable, the composer is replaced by the notice.
        bea.goto(f"/messages/{cal_user['id']}")
        log = bea.get_by_role("log", name="Messages")
        expect(log.get_by_text("Is the chore jacket lined?")).to_be_visible()
        notice = bea.get_by_test_id("thread-closed")
        expect(notice).to_contain_text("You blocked this member")
        expect(bea.get_by_placeholder("Type a message...")).to_have_count(0)
        screenshot(bea, "trust-thread-closed-blocker")

        # Cal's side: closed too, without being told who blocked whom; the server refuses a
        # send all the same.
        cal.goto(f"/messages/{bea_user['id']}")
        expect(cal.get_by_test_id("thread-closed")).to_contain_text(
            "You can't message this member")
        expect(cal.get_by_placeholder("Type a message...")).to_have_count(0)
        screenshot(cal, "trust-thread-closed-blocked")
        refused = cal.request.post("/api/messages", headers={"x-csrftoken": csrf_token(cal)},
                                   data={"receiverId": bea_user["id"], "content": "Hello?"})
        assert refused.status == 403, refused.text()
        assert refused.json()["message"] == "You can't interact with this member"

        # Cal's listing leaves Bea's search, the page and the count alike.
        assert product["id"] not in _search_ids(bea, "zyxwork")
        assert _in_search(cal, "zyxwork", product["id"], shown=True)
        bea.goto("/marketplace?q=zyxwork")
        expect(bea.get_by_text("No products found matching your filters.")).to_be_visible()
        screenshot(bea, "trust-search-blocked-seller")

        # Settings lists the block (the product page's link lands on the list, drawn after
        # its data loads, with the focus on it); Unblock reopens the conversation.
        bea.goto("/settings#blocked-members")
        member = bea.get_by_test_id("blocked-member")
        expect(member).to_contain_text("Cal")
        section = bea.locator("#blocked-members")
        expect(section).to_be_focused()
        expect(section).to_be_in_viewport()
        top = section.evaluate("s => s.getBoundingClientRect().top")
        header = bea.locator("header").first.evaluate("h => h.getBoundingClientRect().bottom")
        assert header <= top <= header + 40, (header, top)
        screenshot(bea, "trust-settings-blocked")
        bea.get_by_role("button", name="Unblock Cal").click()
        expect(bea.get_by_text("You have not blocked anyone.")).to_be_visible()
        bea.goto(f"/messages/{cal_user['id']}")
        expect(bea.get_by_placeholder("Type a message...")).to_be_visible()
        expect(bea.get_by_test_id("thread-closed")).to_have_count(0)
        assert product["id"] in _search_ids(bea, "zyxwork")
