"""``RETHREAD_ADMIN_2FA=1``: an administrator without two-factor sign-in has no admin power
on any route, not only on the admin routes (the order status route once confirmed a payment
for one, and the order, address and dispute routes answered as to an administrator).

The authorization matrix is walked again with the setting on: a second administrator, who
has not turned two-factor on, must get from every row what the stranger (``other``) gets,
so a route whose answer depends on admin rights without going through the one check
(``User.is_admin``) fails here, naming it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AsyncExitStack

import msgspec
import pyotp
import pytest
from litestar import Litestar

from entrypoints.container import Container
from entrypoints.settings import Settings
from tests.api import test_api_authz_matrix as matrix
from tests.api.authz import World
from tests.support.mail import browser
from tests.support.offers import listing

pytestmark = [pytest.mark.api, pytest.mark.rate_limit_scale(100), pytest.mark.one_database]

#: The second administrator, who has not turned two-factor sign-in on.
UNSURE = "unsure_admin"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return msgspec.structs.replace(settings, admin_2fa=True,
                                   admin_emails=settings.admin_emails | {"chief@example.com"})


@pytest.fixture
async def world(app: Litestar, container: Container) -> AsyncIterator[World]:
    """The matrix's world, whose administrator (boss, who makes what the rows need: confirms
    payments, resolves disputes) has two-factor sign-in on; and chief, an administrator
    without it, who asks every row."""
    async with AsyncExitStack() as stack:
        made = await matrix.make_world(app, stack)
        setup = (await made.admin.post("/api/user/2fa/setup")).json()
        on = await made.admin.post("/api/user/2fa/enable",
                                   json={"password": matrix.PASSWORD,
                                         "code": pyotp.TOTP(setup["secret"]).now()})
        assert on.status_code == 200, on.text
        chief = made.clients[UNSURE] = await matrix.person(app, stack)
        response = await chief.register("chief", matrix.PASSWORD, email="chief@example.com")
        assert response.status_code == 201, response.text
        assert response.json()["role"] == "admin"
        made.ids[UNSURE] = int(response.json()["id"])
        yield made


@pytest.mark.parametrize("share", range(matrix.SHARES))
async def test_an_admin_without_two_factor_gets_what_a_stranger_gets_everywhere(
        app: Litestar, world: World, share: int) -> None:
    wrong = []
    for row in matrix.ROWS[share::matrix.SHARES]:
        try:
            response = await matrix._ask(app, world, row, UNSURE)
        except Exception as error:  # a maker that failed: report it with the rest
            wrong.append(f"{row.method} {row.path}: {error!r}")
            continue
        finally:
            if row.relogin:  # (the matrix logs back in only its own four people)
                await world.clients[UNSURE].login("chief", matrix.PASSWORD)
        if response.status_code not in row.expected("other"):
            expected = "/".join(map(str, row.expected("other")))
            wrong.append(f"{row.method} {row.path}: expected {expected} (as a stranger), "
                         f"got {response.status_code} {response.text[:160]}")
        elif (row.check and response.is_success
              and (problem := row.check(world, "other", response))):
            wrong.append(f"{row.method} {row.path}: {problem}")
    assert not wrong, (f"{len(wrong)} routes answer an administrator without two-factor "
                       "as an administrator:\n" + "\n".join(wrong))


async def test_the_status_route_does_not_confirm_a_payment_for_such_an_admin(
        app: Litestar) -> None:
    async with browser(app) as boss, browser(app) as maya, browser(app) as sofia:
        await boss.register("boss")
        await maya.register("maya")
        await sofia.register("sofia")
        coat = await listing(maya, title="Wool coat")
        order = (await sofia.post("/api/orders", json={"productId": coat})).json()["id"]
        refused = await boss.post(f"/api/orders/{order}/confirm-payment")
        assert refused.status_code == 403
        assert "two-factor" in refused.json()["message"]
        moved = await boss.put(f"/api/orders/{order}/status",
                               json={"status": "payment_confirmed"})
        assert moved.status_code == 403
        assert (await sofia.get(f"/api/orders/{order}")).json()["status"] == "pending"
