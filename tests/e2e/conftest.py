"""Browser tests: a real `rethread serve` on a seeded temporary database, driven by Chromium.

Debian's Chromium is used as it is (never a downloaded browser).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from tests.catalog_support import data_url, listing, png
from tests.live_server import run_shared_dir, seeded_server

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "test-results" / "screenshots"
CHROMIUM = os.environ.get("RETHREAD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DEMO_PASSWORD = "rethread-demo"
DESKTOP: ViewportSize = {"width": 1366, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}

# How long expect() and every action wait (ms). A correct page can take long on a starved
# 2-core CI machine, where the API tier runs beside this one: expect's own 5 s default failed
# the admin analytics tab (rendered just after 5 s), and 15 s once a lazy page's script. A
# passing test never waits for it; a failing one reports a little later.
WAIT_MS = 30_000
expect.set_options(timeout=WAIT_MS)


@pytest.fixture(scope="session")
def live_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The live server's data directory (its `.eml` outbox is ``mail/`` in it)."""
    return tmp_path_factory.mktemp("e2e-data")


@pytest.fixture(scope="session")
def live_server(live_data_dir: Path, tmp_path_factory: pytest.TempPathFactory
                ) -> Iterator[str]:
    """Base URL of a freshly migrated, demo-seeded Rethread on SQLite."""
    if not (ROOT / "webapp" / "dist" / "index.html").exists():
        pytest.fail("webapp/dist is missing: run `npm run build` (make test does)")
    # The demo is seeded once for the run; each xdist worker serves its own copy.
    shared = run_shared_dir(tmp_path_factory)
    # One browser signs up and logs in as many people from 127.0.0.1 all session.
    with seeded_server(live_data_dir,
                       "e2e-secret-key-e2e-secret-key-e2e-secret", listings=24, shared=shared,
                       RETHREAD_RATE_LIMIT_SCALE="100") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                              headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, live_server: str) -> Iterator[Page]:
    context = browser.new_context(base_url=live_server, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_MS)
    opened = context.new_page()
    yield opened
    context.close()


def screenshot(page: Page, name: str, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path


def sign_in(page: Page, username: str, password: str = DEMO_PASSWORD) -> None:
    """Sign the page's browser context in through the API, as the /auth page does, without
    loading a page: the setup of tests about something else (test_e2e_auth and
    test_e2e_account_security sign in through the form). The context holds the session
    cookie, so the next page it opens is signed in."""
    answer = page.request.post("/api/login", data={"username": username, "password": password},
                               headers={"x-csrftoken": csrf_token(page)})
    assert answer.ok, (username, answer.status, answer.text())


@contextmanager
def person(browser: Browser, live_server: str, username: str, *,
           viewport: ViewportSize = DESKTOP, touch: bool = False,
           password: str = DEMO_PASSWORD) -> Iterator[Page]:
    """A browser of one's own, signed in (through the API, no page loaded), at ``viewport``;
    ``touch``: a touch screen (a coarse pointer, as a thumb). Closed after."""
    context = browser.new_context(base_url=live_server, viewport=viewport, is_mobile=touch,
                                  has_touch=touch)
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    try:
        sign_in(page, username, password)
        yield page
    finally:
        context.close()


def login(page: Page, username: str, password: str = DEMO_PASSWORD) -> None:
    """Signed in (through the API) and on the home page, its account menu shown."""
    sign_in(page, username, password)
    page.goto("/")
    page.get_by_role("button", name="Account menu").wait_for()


def login_through_form(page: Page, username: str, password: str = DEMO_PASSWORD) -> None:
    """Log in through the real /auth page and wait for the redirect home."""
    page.goto("/auth")
    page.get_by_label("Username or email").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
    page.get_by_role("button", name="Account menu").wait_for()


def wait_until(page: Page, expression: str, timeout_ms: int = 10000) -> None:
    """Wait until ``expression`` is true in the page, checked there on every frame it renders.
    (page.evaluate runs under the CSP; wait_for_function would eval.) A navigation while it
    waits starts the check again in the new document."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        left = int((deadline - time.monotonic()) * 1000)
        try:
            if left > 0 and page.evaluate(UNTIL.replace("EXPRESSION", expression), left):
                return
        except PlaywrightError as error:
            if "context was destroyed" not in str(error):
                raise
            continue
        raise AssertionError(f"never true: {expression}")


# The expression, checked on each animation frame until it holds or the time (ms) is up.
UNTIL = """left => new Promise(resolve => {
  const end = performance.now() + left;
  const check = () => {
    if (EXPRESSION) resolve(true);
    else if (performance.now() > end) resolve(false);
    else requestAnimationFrame(check);
  };
  check();
})"""


def socket_frames(page: Page) -> list[str]:
    """What the page's WebSockets receive from now on, as text (attach before the page opens
    its socket): the proof that news came over /ws, whatever the thread's polling did."""
    frames: list[str] = []
    page.on("websocket", lambda socket: socket.on(
        "framereceived", lambda payload: frames.append(
            payload if isinstance(payload, str) else payload.decode())))
    return frames


def next_frames(page: Page, count: int = 2) -> None:
    """Wait until the page has rendered ``count`` more frames: a scroll or a resize has been
    laid out and its events (the scroll memory, media queries, lazy images) handled."""
    page.evaluate("n => new Promise(done => { const tick = k => k ? requestAnimationFrame("
                  "() => tick(k - 1)) : done(); tick(n); })", count)


def realtime_ready(page: Page) -> None:
    """Wait until the page's /ws socket has authenticated its user (``<html
    data-realtime="ready">``, webapp/src/app/realtime-bridge.tsx): from then on what others
    send reaches this page live."""
    expect(page.locator("html")).to_have_attribute("data-realtime", "ready")


def eventually(check: Callable[[], bool], what: str, timeout_s: float = 20,
               every_s: float = 0.1) -> None:
    """Poll the server until ``check()`` holds (mail sent, an index or a write done in the
    background, which no page shows): asks every ``every_s``, fails after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"never true: {what}")
        time.sleep(every_s)


def csrf_token(page: Page) -> str:
    """The page's CSRF token (its cookie, asked for when the page has none yet)."""
    page.request.get("/api/csrf")
    return next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")


def api_call(page: Page, method: str, url: str, body: dict[str, Any] | None = None
             ) -> dict[str, Any]:
    """A write as the page's signed-in person (with their CSRF token) that must succeed;
    the answer's JSON ({} for an empty answer)."""
    answer = page.request.fetch(url, method=method, data=body,
                                headers={"x-csrftoken": csrf_token(page)})
    assert answer.ok, (url, answer.status, answer.text())
    return answer.json() if answer.text() else {}  # type: ignore[no-any-return]


def api_post(page: Page, url: str, data: dict[str, Any]) -> dict[str, Any]:
    return api_call(page, "POST", url, data)


def new_listing(seller: Page, title: str, price: str = "64.00",
                colour: str = "darkolivegreen") -> dict[str, Any]:
    """A fresh listing of the seller's (through the API), so no earlier test touches it."""
    return api_post(seller, "/api/products", listing(
        title=title, price=price, images=[data_url(png(300, 375, colour))]))
