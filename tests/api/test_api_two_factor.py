"""Two-factor sign-in over HTTP on every configured database (issue 41)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pyotp
import pytest
from litestar import Litestar

from entrypoints.container import build_container, shutdown
from entrypoints.http.app import create_app
from tests.conftest import make_settings
from tests.support import ApiClient
from tests.support.mail import browser

pytestmark = pytest.mark.api


@pytest.fixture
async def client(app: Litestar) -> AsyncIterator[ApiClient]:
    async with browser(app) as made:
        yield made


async def turn_on(client: ApiClient) -> tuple[str, list[str]]:
    setup = (await client.post("/api/user/2fa/setup")).json()
    assert setup["otpauthUrl"].startswith("otpauth://totp/")
    assert setup["qrCode"].startswith("data:image/svg+xml")
    on = await client.post("/api/user/2fa/enable",
                           json={"code": pyotp.TOTP(setup["secret"]).now()})
    assert on.status_code == 200, on.text
    return setup["secret"], on.json()["recoveryCodes"]


async def test_login_needs_the_code_once_two_factor_is_on(client: ApiClient) -> None:
    await client.register("maya")
    _, codes = await turn_on(client)
    assert len(codes) == 10
    assert (await client.get("/api/user")).json()["twoFactorEnabled"] is True
    await client.post("/api/logout")
    asked = await client.login("maya")
    assert asked.status_code == 401
    assert asked.json() == {"message": "Enter the code from your authenticator app",
                            "twoFactorRequired": True}
    assert (await client.get("/api/user")).status_code == 401
    wrong = await client.post("/api/login", json={"username": "maya", "password": "secret123",
                                                  "code": "000000"})
    assert wrong.status_code == 401 and wrong.json()["twoFactorRequired"] is True
    ok = await client.post("/api/login", json={"username": "maya", "password": "secret123",
                                               "code": codes[0]})
    assert ok.status_code == 200
    again = await client.post("/api/login", json={"username": "maya", "password": "secret123",
                                                  "code": codes[0]})
    assert again.status_code == 401  # a recovery code works once


async def test_disabling_needs_password_and_code(client: ApiClient) -> None:
    await client.register("maya")
    _secret, codes = await turn_on(client)
    bad = await client.post("/api/user/2fa/disable", json={"password": "nope-nope",
                                                           "code": codes[0]})
    assert bad.status_code == 400
    off = await client.post("/api/user/2fa/disable", json={"password": "secret123",
                                                           "code": codes[1]})
    assert off.status_code == 200
    await client.post("/api/logout")
    assert (await client.login("maya")).status_code == 200


async def test_admins_need_two_factor_when_the_setting_asks(db: str, tmp_path: Path) -> None:
    settings = make_settings(db, tmp_path, RETHREAD_ADMIN_EMAILS="boss@example.com",
                             RETHREAD_ADMIN_2FA="1")
    container = build_container(settings)
    app = create_app(settings, container)
    try:
        async with browser(app) as boss:
            await boss.register("boss")
            refused = await boss.get("/api/admin/orders/summary")
            assert refused.status_code == 403
            assert "two-factor" in refused.json()["message"]
            await turn_on(boss)
            assert (await boss.get("/api/admin/orders/summary")).status_code == 200
    finally:
        await shutdown(container)
