"""Browser tests: a real `rethread serve` on a seeded temporary database, driven by Chromium.

Debian's Chromium is used as it is (never a downloaded browser).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
RETHREAD = Path(sys.executable).parent / "rethread"
SCREENSHOTS = ROOT / "test-results" / "screenshots"
CHROMIUM = os.environ.get("RETHREAD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DEMO_PASSWORD = "rethread-demo"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_until_healthy(url: str, server: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"rethread serve exited with {server.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not become healthy")


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a freshly migrated, demo-seeded Rethread on SQLite."""
    if not (ROOT / "webapp" / "dist" / "index.html").exists():
        pytest.fail("webapp/dist is missing: run `npm run build` (make test does)")
    data_dir = tmp_path_factory.mktemp("e2e-data")
    port = _free_port()
    env = {**os.environ, "RETHREAD_DATA_DIR": str(data_dir), "RETHREAD_PORT": str(port),
           "RETHREAD_SECRET_KEY": "e2e-secret-key-e2e-secret-key-e2e-secret"}
    env.pop("RETHREAD_DATABASE_URL", None)
    env.pop("RETHREAD_REDIS_URL", None)
    subprocess.run([RETHREAD, "db", "upgrade"], env=env, check=True, capture_output=True)
    subprocess.run([RETHREAD, "demo", "seed", "--listings", "24"], env=env, check=True,
                   capture_output=True)
    log = (data_dir / "server.log").open("wb")
    server = subprocess.Popen([RETHREAD, "serve", "--port", str(port)], env=env, stdout=log,
                              stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_until_healthy(url, server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


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
    context.set_default_timeout(15000)
    opened = context.new_page()
    yield opened
    context.close()


def screenshot(page: Page, name: str, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path


def login(page: Page, username: str, password: str = DEMO_PASSWORD) -> None:
    """Log in through the real /auth page and wait for the redirect home."""
    page.goto("/auth")
    page.get_by_label("Username or email").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/", timeout=15000)
    page.get_by_role("button", name="Account menu").wait_for()
