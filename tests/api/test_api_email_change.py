"""The email change waiting for its link, over HTTP on every configured database (issue 41):
``GET /api/user/email`` shows it, ``POST /api/user/email/resend`` sends its link again,
``DELETE /api/user/email`` cancels it. Mail goes through the real queue into ``.eml`` files."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime, timedelta

import pytest
from litestar import Litestar

from entrypoints.container import Container
from tests.fakes import FixedClock
from tests.support import ApiClient
from tests.support.mail import browser, mail_to, token_in

pytestmark = pytest.mark.api

PASSWORD = "secret123"
INVALID_LINK = {"token": "This verification link is invalid or has expired."}


@pytest.fixture
async def client(app: Litestar) -> AsyncIterator[ApiClient]:
    """On the test's own event loop, so the test may also run the container's mail
    dispatcher (asyncpg's pool belongs to one loop)."""
    async with browser(app) as made:
        yield made


async def ask(client: ApiClient, email: str) -> None:
    asked = await client.post("/api/user/email", json={"password": PASSWORD, "email": email})
    assert asked.status_code == 202, asked.text


async def pending(client: ApiClient) -> dict[str, str] | None:
    answer = await client.get("/api/user/email")
    assert answer.status_code == 200, answer.text
    found: dict[str, str] | None = answer.json()["pending"]
    return found


async def links_to(container: Container, address: str) -> list[str]:
    return [token_in(m, "/verify-email") for m in await mail_to(container, address)]


async def opened(app: Litestar, token: str) -> tuple[int, object]:
    """Open a link in a signed-out browser, as a mail client would."""
    async with browser(app) as elsewhere:
        answer = await elsewhere.post("/api/email/verify", json={"token": token})
        return answer.status_code, answer.json().get("errors")


async def test_the_pending_change_shows_its_address_and_times_until_it_is_confirmed(
        app: Litestar, client: ApiClient, container: Container, clock: FixedClock) -> None:
    await client.register("maya")
    assert await pending(client) is None
    await ask(client, "Maya@New.example")
    shown = await pending(client)
    assert shown is not None
    assert shown["email"] == "maya@new.example"
    sent = datetime.fromisoformat(shown["sentAt"])
    assert sent == clock.now()
    assert datetime.fromisoformat(shown["expiresAt"]) == sent + timedelta(days=3)
    assert (await client.get("/api/user")).json()["email"] == "maya@example.com"
    [link] = await links_to(container, "maya@new.example")
    assert (await opened(app, link))[0] == 200
    assert await pending(client) is None
    assert (await client.get("/api/user")).json()["email"] == "maya@new.example"


async def test_each_member_sees_and_cancels_only_their_own_change(
        app: Litestar, client: ApiClient, container: Container) -> None:
    await client.register("maya")
    await ask(client, "maya@new.example")
    async with browser(app) as other:
        await other.register("omar")
        assert await pending(other) is None
        cancelled = await other.delete("/api/user/email")
        assert cancelled.json() == {"message": "No email change was waiting."}
        assert (await other.post("/api/user/email/resend")).status_code == 409
    assert (await pending(client) or {}).get("email") == "maya@new.example"
    [link] = await links_to(container, "maya@new.example")
    assert (await opened(app, link))[0] == 200


async def test_send_again_mails_a_new_link_and_the_earlier_one_stops_working(
        app: Litestar, client: ApiClient, container: Container, clock: FixedClock) -> None:
    await client.register("maya")
    await ask(client, "maya@new.example")
    clock.advance(hours=2)
    again = await client.post("/api/user/email/resend")
    assert again.status_code == 202, again.text
    assert again.json() == {"message": "We sent a new link to maya@new.example. Earlier "
                                       "links no longer work."}
    shown = await pending(client)
    assert shown is not None
    assert datetime.fromisoformat(shown["sentAt"]) == clock.now()
    first, second = await links_to(container, "maya@new.example")
    assert await opened(app, first) == (400, INVALID_LINK)
    assert (await opened(app, second))[0] == 200
    assert (await client.get("/api/user")).json()["email"] == "maya@new.example"
    # The old address was told once, when the change was asked for.
    told = [m["Subject"] for m in await mail_to(container, "maya@example.com")]
    assert told.count("Your Rethread email is changing") == 1


async def test_cancelling_kills_the_link_and_keeps_the_email(
        app: Litestar, client: ApiClient, container: Container) -> None:
    await client.register("maya")
    await ask(client, "maya@new.example")
    cancelled = await client.delete("/api/user/email")
    assert (cancelled.status_code, cancelled.json()) == (
        200, {"message": "Email change cancelled. You still sign in with maya@example.com."})
    assert await pending(client) is None
    [link] = await links_to(container, "maya@new.example")
    assert await opened(app, link) == (400, INVALID_LINK)
    assert (await client.get("/api/user")).json()["email"] == "maya@example.com"
    nothing = await client.post("/api/user/email/resend")
    assert nothing.status_code == 409
    assert nothing.json()["message"] == "No email change is waiting to be confirmed"


async def test_asking_for_another_address_replaces_the_pending_change(
        app: Litestar, client: ApiClient, container: Container) -> None:
    await client.register("maya")
    await ask(client, "maya@one.example")
    await ask(client, "maya@two.example")
    assert (await pending(client) or {}).get("email") == "maya@two.example"
    [first] = await links_to(container, "maya@one.example")
    assert await opened(app, first) == (400, INVALID_LINK)


async def test_an_expired_change_is_not_pending(client: ApiClient,
                                                clock: FixedClock) -> None:
    await client.register("maya")
    await ask(client, "maya@new.example")
    clock.advance(days=3, seconds=-1)
    assert await pending(client) is not None
    clock.advance(seconds=1)
    assert await pending(client) is None
    assert (await client.post("/api/user/email/resend")).status_code == 409


async def test_a_taken_address_looks_pending_alike_and_is_never_mailed(
        app: Litestar, client: ApiClient, container: Container) -> None:
    """Nobody learns from the settings page who has an account: the change to an address
    another account uses is shown and sent again like any other, and no link goes out."""
    async with browser(app) as owner:
        await owner.register("omar", email="omar@example.com")
    before = len(await mail_to(container, "omar@example.com"))
    await client.register("maya")
    await ask(client, "omar@example.com")
    assert (await pending(client) or {}).get("email") == "omar@example.com"
    again = await client.post("/api/user/email/resend")
    assert again.status_code == 202, again.text
    assert again.json()["message"].startswith("We sent a new link to omar@example.com.")
    assert len(await mail_to(container, "omar@example.com")) == before
    assert (await client.delete("/api/user/email")).json()["message"].startswith(
        "Email change cancelled.")


async def test_send_again_counts_against_the_verification_emails_limit(
        client: ApiClient) -> None:
    """5 verification emails an account an hour: asking for the change is one."""
    await client.register("maya")
    await client.post("/api/email/verify/resend")  # the sign-up's link again: one more
    await ask(client, "maya@new.example")
    for _ in range(3):
        assert (await client.post("/api/user/email/resend")).status_code == 202
    refused = await client.post("/api/user/email/resend")
    assert refused.status_code == 429, refused.text
    assert int(refused.headers["retry-after"]) > 0


async def test_send_again_and_cancel_need_the_csrf_token(client: ApiClient) -> None:
    await client.register("maya")
    await ask(client, "maya@new.example")
    assert (await client.post("/api/user/email/resend", csrf=False)).status_code == 403
    assert (await client.delete("/api/user/email", csrf=False)).status_code == 403
    assert await pending(client) is not None
