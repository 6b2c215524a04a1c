"""The API reference at ``/schema`` in a real browser: Redoc runs from the webapp's build and
the page asks nothing of any host but this server, so it renders offline or behind a strict
network (a CDN's script left it blank there), with no Content-Security-Policy complaint."""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Page, Route, expect

from tests.e2e.conftest import screenshot


def test_the_api_reference_renders_from_this_server_alone(page: Page, live_server: str
                                                          ) -> None:
    elsewhere: list[str] = []
    errors: list[str] = []

    def only_this_server(route: Route) -> None:
        if route.request.url.startswith(live_server):
            route.continue_()
        else:  # (no network here: any other host is refused, as offline)
            elsewhere.append(route.request.url)
            route.abort()

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.route("**/*", only_this_server)
    page.on("console", on_console)
    page.goto("/schema")
    expect(page.get_by_role("heading", name="Rethread API")).to_be_visible()
    menu = page.locator(".menu-content")
    menu.get_by_text("Orders", exact=True).first.click()  # (the tag's display name)
    menu.get_by_text("Place an order", exact=True).first.click()
    expect(page.get_by_role("heading", name="Place an order")).to_be_visible()
    expect(page.get_by_text("Signed-in members only (401 for visitors).").first).to_be_visible()
    screenshot(page, "api-reference", full_page=False)
    assert elsewhere == []
    assert errors == []
