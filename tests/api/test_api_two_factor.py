"""Two-factor sign-in over HTTP on every configured database (issue 41)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pyotp
import pytest
from litestar import Litestar

from application.two_factor import CODE_JUST_USED, RECOVERY_CODE_USED, WRONG_CODE
from entrypoints.container import Container, build_container, shutdown
from entrypoints.http.app import create_app
from tests.conftest import make_settings
from tests.support import ApiClient
from tests.support.mail import browser, mail_to, text_of

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
                           json={"password": "secret123",
                                 "code": pyotp.TOTP(setup["secret"]).now()})
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


async def test_a_session_alone_cannot_turn_two_factor_on(app: Litestar,
                                                         client: ApiClient) -> None:
    """Whoever holds only a session cookie cannot lock the owner out with a second factor
    of their own: turning it on takes the password too."""
    await client.register("maya")
    setup = (await client.post("/api/user/2fa/setup")).json()
    code = pyotp.TOTP(setup["secret"]).now()
    bare = await client.post("/api/user/2fa/enable", json={"code": code})
    assert bare.status_code == 400 and "password" in bare.json()["errors"]
    wrong = await client.post("/api/user/2fa/enable", json={"password": "not-it-1",
                                                            "code": code})
    assert wrong.status_code == 400
    assert wrong.json()["errors"] == {"password": "Your password is not correct"}
    assert (await client.get("/api/user")).json()["twoFactorEnabled"] is False
    async with browser(app) as owner:
        assert (await owner.login("maya")).status_code == 200


async def test_turning_two_factor_on_or_off_emails_the_account(
        client: ApiClient, container: Container) -> None:
    await client.register("maya")
    _, codes = await turn_on(client)
    off = await client.post("/api/user/2fa/disable", json={"password": "secret123",
                                                           "code": codes[0]})
    assert off.status_code == 200
    told = [m for m in await mail_to(container, "maya@example.com")
            if "two-factor" in m["Subject"].lower()]
    assert [m["Subject"] for m in told] == [
        "Two-factor sign-in is on for your Rethread account",
        "Two-factor sign-in is off for your Rethread account"]
    assert "If this was not you, reset your password now" in text_of(told[0])
    assert "/forgot-password" in text_of(told[1])


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


async def test_a_wrong_code_belongs_under_the_code_field(client: ApiClient) -> None:
    """The first answer asks for the code (no field error: nothing was wrong yet); a wrong
    code is said under the code field, so the sign-in form shows it there."""
    await client.register("maya")
    await turn_on(client)
    await client.post("/api/logout")
    asked = await client.login("maya")
    assert "errors" not in asked.json()
    wrong = await client.post("/api/login", json={"username": "maya", "password": "secret123",
                                                  "code": "12345-67890"})
    assert wrong.status_code == 401
    assert wrong.json() == {
        "message": WRONG_CODE, "errors": {"code": WRONG_CODE}, "twoFactorRequired": True}


async def test_a_used_recovery_code_is_named_as_used(app: Litestar, client: ApiClient) -> None:
    """After the right password, the account's own recovery code used before is named as
    used; another account's code, used or not, is just a wrong code."""
    await client.register("maya")
    _, codes = await turn_on(client)
    async with browser(app) as other:
        await other.register("noor")
        _, noor_codes = await turn_on(other)
        used = await other.post("/api/login", json={
            "username": "noor", "password": "secret123", "code": noor_codes[0]})
        assert used.status_code == 200
    await client.post("/api/logout")
    first = await client.post("/api/login", json={"username": "maya", "password": "secret123",
                                                  "code": codes[0]})
    assert first.status_code == 200
    await client.post("/api/logout")
    again = await client.post("/api/login", json={"username": "maya", "password": "secret123",
                                                  "code": codes[0]})
    assert again.status_code == 401
    assert again.json() == {"message": RECOVERY_CODE_USED,
                            "errors": {"code": RECOVERY_CODE_USED}, "twoFactorRequired": True}
    theirs = await client.post("/api/login", json={"username": "maya", "password": "secret123",
                                                   "code": noor_codes[0]})
    assert theirs.json()["errors"] == {"code": WRONG_CODE}
    wrong_password = await client.post("/api/login", json={
        "username": "maya", "password": "not-it-12", "code": codes[0]})
    assert wrong_password.json() == {"message": "Invalid username or password"}


async def test_cancelling_set_up_forgets_the_pending_secret(client: ApiClient,
                                                            container: Container) -> None:
    await client.register("maya")
    setup = (await client.post("/api/user/2fa/setup")).json()
    cancelled = await client.delete("/api/user/2fa/setup")
    assert cancelled.status_code == 200, cancelled.text
    async with container.uow() as uow:
        stored = await uow.users.get_by_login("maya")
    assert stored is not None and stored.totp_secret is None
    late = await client.post("/api/user/2fa/enable", json={
        "password": "secret123", "code": pyotp.TOTP(setup["secret"]).now()})
    assert late.status_code == 409
    assert late.json()["message"] == "Set up two-factor sign-in first"
    assert (await client.delete("/api/user/2fa/setup")).status_code == 200  # nothing pending
    await turn_on(client)
    on = await client.delete("/api/user/2fa/setup")
    assert on.status_code == 409
    assert on.json()["message"] == "Two-factor sign-in is already on"
    assert (await client.get("/api/user")).json()["twoFactorEnabled"] is True


async def test_a_code_used_a_moment_ago_is_named_as_just_used(client: ApiClient) -> None:
    """The same code again within its 30 s (signing in on a second device with the code that
    just turned it on, or turning it off with it) is not "wrong": it was used already."""
    await client.register("maya")
    setup = (await client.post("/api/user/2fa/setup")).json()
    code = pyotp.TOTP(setup["secret"]).now()
    on = await client.post("/api/user/2fa/enable", json={"password": "secret123", "code": code})
    assert on.status_code == 200, on.text
    off = await client.post("/api/user/2fa/disable", json={"password": "secret123",
                                                           "code": code})
    assert off.status_code == 400
    assert off.json()["errors"] == {"code": CODE_JUST_USED}
    await client.post("/api/logout")
    again = await client.post("/api/login", json={"username": "maya", "password": "secret123",
                                                  "code": code})
    assert again.status_code == 401
    assert again.json() == {"message": CODE_JUST_USED, "errors": {"code": CODE_JUST_USED},
                            "twoFactorRequired": True}


async def test_two_replacements_at_once_leave_ten_codes(client: ApiClient) -> None:
    """Two devices ask for new codes at the same moment, each with a recovery code of its
    own: they run one after the other, so the second's code was replaced by the first and
    is refused, and the member ends with the ten codes the first was shown (not twenty)."""
    await client.register("maya")
    _, old = await turn_on(client)
    racing = await asyncio.gather(*(
        client.post("/api/user/2fa/recovery-codes",
                    json={"password": "secret123", "code": code}) for code in old[:2]))
    assert sorted(r.status_code for r in racing) == [200, 400], [r.text for r in racing]
    assert (await client.get("/api/user/2fa")).json()["recoveryCodesLeft"] == 10


async def test_new_recovery_codes_replace_the_old_ones(client: ApiClient,
                                                       container: Container) -> None:
    await client.register("maya")
    assert (await client.get("/api/user/2fa")).json() == {"enabled": False,
                                                          "recoveryCodesLeft": 0}
    off = await client.post("/api/user/2fa/recovery-codes",
                            json={"password": "secret123", "code": "000000"})
    assert off.status_code == 409
    assert off.json()["message"] == "Two-factor sign-in is not on"
    _, old = await turn_on(client)
    assert (await client.get("/api/user/2fa")).json() == {"enabled": True,
                                                          "recoveryCodesLeft": 10}
    wrong_password = await client.post("/api/user/2fa/recovery-codes",
                                       json={"password": "not-it-12", "code": old[0]})
    assert wrong_password.status_code == 400
    assert wrong_password.json()["errors"] == {"password": "Your password is not correct"}
    wrong_code = await client.post("/api/user/2fa/recovery-codes",
                                   json={"password": "secret123", "code": "12345-67890"})
    assert wrong_code.status_code == 400
    assert wrong_code.json()["errors"] == {"code": WRONG_CODE}
    assert (await client.get("/api/user/2fa")).json()["recoveryCodesLeft"] == 10
    made = await client.post("/api/user/2fa/recovery-codes",
                             json={"password": "secret123", "code": old[0]})
    assert made.status_code == 200, made.text
    new = made.json()["recoveryCodes"]
    assert len(new) == 10 and not set(new) & set(old)
    assert (await client.get("/api/user/2fa")).json() == {"enabled": True,
                                                          "recoveryCodesLeft": 10}
    told = [m["Subject"] for m in await mail_to(container, "maya@example.com")]
    assert "New recovery codes for your Rethread account" in told
    await client.post("/api/logout")

    def login(code: str) -> dict[str, str]:
        return {"username": "maya", "password": "secret123", "code": code}

    stale = await client.post("/api/login", json=login(old[1]))
    assert stale.status_code == 401 and stale.json()["errors"] == {"code": WRONG_CODE}
    assert (await client.post("/api/login", json=login(new[0]))).status_code == 200
    assert (await client.get("/api/user/2fa")).json()["recoveryCodesLeft"] == 9
    await client.post("/api/logout")
    once = await client.post("/api/login", json=login(new[0]))
    assert once.status_code == 401 and once.json()["errors"] == {"code": RECOVERY_CODE_USED}
