"""A page change lands the keyboard in the new page (webapp/src/app/layout/page-change-focus.tsx).

After a client-side navigation the focus used to stay on the link (or fall to <body>), the next
Tab went back to "Skip to content" and nothing said the new page. Now the new page's h1 takes the
focus, its title is said in a polite live region, and one Tab reaches the page's first control;
a filter that changes only the query string keeps its focus.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e

# The first control a Tab reaches in the page: tabbable, enabled, drawn.
FIRST_CONTROL_FOCUSED = """() => {
  const main = document.querySelector('main');
  const first = [...main.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
    .find((el) => el.tabIndex >= 0 && !el.disabled && el.getClientRects().length > 0);
  return first !== undefined && document.activeElement === first;
}"""


def test_a_header_link_taken_with_the_keyboard_lands_on_the_new_pages_heading(page: Page) -> None:
    page.goto("/")
    page.get_by_role("heading", level=1).wait_for()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Shop").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/marketplace")

    heading = page.get_by_role("heading", level=1, name="Rethread Marketplace")
    expect(heading).to_be_focused()
    assert page.evaluate("document.activeElement.tagName") == "H1"
    said = page.get_by_role("status").filter(has_text="Shop · Rethread")
    expect(said).to_have_text("Shop · Rethread")

    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to content")).not_to_be_focused()
    assert page.evaluate(FIRST_CONTROL_FOCUSED), page.evaluate("document.activeElement.outerHTML")


def test_a_page_that_loads_after_the_link_gets_the_focus_once_drawn(page: Page) -> None:
    page.goto("/marketplace")
    card = page.locator("main a[href^='/product/']").first
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/product/*")

    heading = page.get_by_role("heading", level=1)
    expect(heading).to_be_focused()
    title = heading.inner_text()
    expect(page.get_by_role("status").filter(has_text=title)).to_contain_text(f"{title} — $")


def test_a_filter_that_changes_only_the_query_keeps_the_focus(page: Page) -> None:
    page.goto("/")
    page.get_by_role("heading", level=1).wait_for()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Shop").click()
    expect(page.get_by_role("heading", level=1, name="Rethread Marketplace")).to_be_focused()

    brand = page.get_by_role("group", name="Brand").get_by_role("checkbox").first
    brand.focus()
    page.keyboard.press("Space")
    page.wait_for_url("**/marketplace?*brand=*")
    page.wait_for_timeout(500)  # a late focus move would have happened by now
    expect(brand).to_be_focused()
