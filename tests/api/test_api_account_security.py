"""Password reset, email verification, changing the password or the email, over HTTP on
every configured database (issue 41). Mail goes through the real queue and dispatcher into
the default ``.eml`` files."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from litestar import Litestar

from entrypoints.container import Container
from tests.support import ApiClient
from tests.support.mail import browser, html_of, mail_to, text_of, token_in

pytestmark = pytest.mark.api



@pytest.fixture
async def client(app: Litestar) -> AsyncIterator[ApiClient]:
    """On the test's own event loop, so the test may also run the container's mail
    dispatcher (asyncpg's pool belongs to one loop)."""
    async with browser(app) as made:
        yield made


ALREADY = {"message": "Your email is already verified.", "alreadyVerified": True}
INVALID_LINK = "This verification link is invalid or has expired."
RESET_ANSWER = {"message": "If an account uses that email, we have sent it a link to reset "
                           "the password. The link works for one hour."}


async def test_reset_answers_alike_for_known_and_unknown_emails(
        client: ApiClient, container: Container) -> None:
    await client.register("maya")
    known = await client.post("/api/password-reset", json={"email": "MAYA@example.com"})
    unknown = await client.post("/api/password-reset", json={"email": "nobody@example.com"})
    assert (known.status_code, known.json()) == (202, RESET_ANSWER)
    assert (unknown.status_code, unknown.json()) == (202, RESET_ANSWER)
    assert await mail_to(container, "nobody@example.com") == []
    resets = [m for m in await mail_to(container, "maya@example.com")
              if "password" in m["Subject"].lower()]
    assert len(resets) == 1
    assert "http://127.0.0.1:8000/reset-password?token=" in text_of(resets[0])
    assert "Choose a new password" in html_of(resets[0])


async def test_a_reset_link_works_once_and_ends_every_session(
        app: Litestar, client: ApiClient, container: Container) -> None:
    await client.register("maya")
    async with browser(app) as elsewhere:
        assert (await elsewhere.login("maya")).status_code == 200
        await client.post("/api/password-reset", json={"email": "maya@example.com"})
        reset = [m for m in await mail_to(container, "maya@example.com")
                 if "reset" in m["Subject"].lower()][-1]
        token = token_in(reset, "/reset-password")
        done = await client.post("/api/password-reset/confirm",
                                 json={"token": token, "password": "brand-new-pw"})
        assert done.status_code == 200
        assert (await elsewhere.get("/api/user")).status_code == 401
        assert (await client.get("/api/user")).status_code == 401
    again = await client.post("/api/password-reset/confirm",
                              json={"token": token, "password": "another-pw"})
    assert again.status_code == 400
    assert "invalid or has expired" in again.json()["message"]
    assert (await client.login("maya", "secret123")).status_code == 401
    assert (await client.login("maya", "brand-new-pw")).status_code == 200


async def test_two_requests_with_one_reset_link_cannot_both_win(
        app: Litestar, client: ApiClient, container: Container) -> None:
    await client.register("maya")
    await client.post("/api/password-reset", json={"email": "maya@example.com"})
    reset = [m for m in await mail_to(container, "maya@example.com")
             if "reset" in m["Subject"].lower()][-1]
    token = token_in(reset, "/reset-password")
    async with browser(app) as one, browser(app) as two:
        answers = await asyncio.gather(*[
            c.post("/api/password-reset/confirm",
                              json={"token": token, "password": password})
            for c, password in ((one, "first-pw-1"), (two, "second-pw-2"))])
    assert sorted(a.status_code for a in answers) == [200, 400]
    winner = "first-pw-1" if answers[0].status_code == 200 else "second-pw-2"
    assert (await client.login("maya", winner)).status_code == 200


async def test_one_verification_link_opened_twice_at_once_verifies_and_says_so_twice(
        app: Litestar, client: ApiClient, container: Container) -> None:
    """A mail scanner and the person open the sign-up link at the same moment: one request
    uses it, the other is told the address is already verified, not that the link is bad
    (on PostgreSQL the second one's conditional use waited for the first's commit)."""
    await client.register("maya")
    [verify] = await mail_to(container, "maya@example.com")
    token = token_in(verify, "/verify-email")
    async with browser(app) as one, browser(app) as two:
        answers = await asyncio.gather(*[
            c.post("/api/email/verify", json={"token": token}) for c in (one, two)])
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    assert sorted(a.json()["alreadyVerified"] for a in answers) == [False, True]
    assert (await client.get("/api/user")).json()["emailVerified"] is True


async def test_reset_requests_are_limited_per_email(client: ApiClient) -> None:
    statuses = [(await client.post("/api/password-reset",
                                   json={"email": "someone@example.com"})).status_code
                for _ in range(4)]
    assert statuses == [202, 202, 202, 429]


async def test_sign_up_sends_a_verification_link_and_the_link_verifies(
        client: ApiClient, container: Container) -> None:
    me = (await client.register("maya")).json()
    assert me["emailVerified"] is False
    [verify] = await mail_to(container, "maya@example.com")
    token = token_in(verify, "/verify-email")
    ok = await client.post("/api/email/verify", json={"token": token})
    assert ok.status_code == 200
    assert ok.json() == {"message": "Your email is verified. Thank you!",
                         "alreadyVerified": False}
    assert (await client.get("/api/user")).json()["emailVerified"] is True
    assert (await client.post("/api/email/verify", json={"token": token})).json() == ALREADY
    resend = await client.post("/api/email/verify/resend")
    assert resend.status_code == 409


async def test_a_used_link_opened_again_signed_out_says_the_email_is_already_verified(
        app: Litestar, client: ApiClient, container: Container) -> None:
    """The sign-up link opened a second time in a browser that is not signed in (or after a
    mail scanner opened it first) answers success with "already verified", changing
    nothing; a link nobody sent still gets the refusal, in the same words as before."""
    await client.register("maya")
    [verify] = await mail_to(container, "maya@example.com")
    token = token_in(verify, "/verify-email")
    async with browser(app) as scanner:
        assert (await scanner.post("/api/email/verify",
                                   json={"token": token})).status_code == 200
    async with browser(app) as signed_out:
        again = await signed_out.post("/api/email/verify", json={"token": token})
        assert again.status_code == 200, again.text
        assert again.json() == ALREADY
        assert "maya" not in again.text and "example.com" not in again.text
        bogus = await signed_out.post("/api/email/verify", json={"token": token + "x"})
        assert bogus.status_code == 400
        assert bogus.json()["errors"] == {"token": INVALID_LINK}
        # A new password voids the links that could still do something, not this record
        # of a used one: the address is the same, so it is still "already verified".
        assert (await client.post("/api/user/password", json={
            "currentPassword": "secret123", "newPassword": "brand-new-pw"})).status_code == 200
        later = await signed_out.post("/api/email/verify", json={"token": token})
        assert later.json() == ALREADY
    me = (await client.get("/api/user")).json()
    assert (me["email"], me["emailVerified"]) == ("maya@example.com", True)


async def test_an_email_change_link_opened_again_says_already_verified_until_the_next_change(
        app: Litestar, client: ApiClient, container: Container) -> None:
    """The used email-change link stays (marked used, as every used link) after the change
    it made: opened again it says "already verified". Once the account moves on, that link
    and the sign-up link for the first address are refused (400), and never bring an old
    address back."""
    await client.register("maya")
    [signup] = await mail_to(container, "maya@example.com")
    signup_token = token_in(signup, "/verify-email")
    assert (await client.post("/api/email/verify",
                              json={"token": signup_token})).status_code == 200
    await client.post("/api/user/email", json={"password": "secret123",
                                               "email": "maya@one.example"})
    [first] = await mail_to(container, "maya@one.example")
    first_token = token_in(first, "/verify-email")
    assert (await client.post("/api/email/verify",
                              json={"token": first_token})).json()["alreadyVerified"] is False
    async with browser(app) as signed_out:
        again = await signed_out.post("/api/email/verify", json={"token": first_token})
        assert again.status_code == 200, again.text
        assert again.json() == ALREADY
        # The sign-up link was for the address the account has left.
        old = await signed_out.post("/api/email/verify", json={"token": signup_token})
        assert (old.status_code, old.json()["errors"]) == (400, {"token": INVALID_LINK})
    await client.post("/api/user/email", json={"password": "secret123",
                                               "email": "maya@two.example"})
    [second] = await mail_to(container, "maya@two.example")
    assert (await client.post("/api/email/verify", json={
        "token": token_in(second, "/verify-email")})).status_code == 200
    async with browser(app) as signed_out:
        for left in (first_token, signup_token):
            refused = await signed_out.post("/api/email/verify", json={"token": left})
            assert refused.status_code == 400, refused.text
            assert refused.json()["errors"] == {"token": INVALID_LINK}
    me = (await client.get("/api/user")).json()
    assert (me["email"], me["emailVerified"]) == ("maya@two.example", True)


async def test_a_sign_up_with_a_taken_email_emails_its_owner(
        client: ApiClient, container: Container) -> None:
    await client.register("maya")
    await client.post("/api/logout")
    attempt = await client.register("mallory", email="maya@example.com")
    assert attempt.status_code == 201
    assert attempt.json() == {"message": "Check your email to finish signing up"}
    assert "rethread_session" not in attempt.headers.get("set-cookie", "")
    subjects = [m["Subject"] for m in await mail_to(container, "maya@example.com")]
    assert "Someone tried to sign up with your email" in subjects
    assert (await client.login("mallory")).status_code == 401  # no account was made


async def test_sign_up_attempt_notices_are_capped_per_email(
        client: ApiClient, container: Container) -> None:
    """Sign-ups with a member's email answer alike every time, and the owner hears of at
    most 3 in an hour (the per-address limit, 10, is not what stops them here)."""
    await client.register("maya")
    await client.post("/api/logout")
    for n in range(5):
        attempt = await client.post("/api/register", json={
            "username": f"mallory{n}", "displayName": "Mallory", "email": "maya@example.com",
            "password": "secret123"})
        assert attempt.status_code == 201, attempt.text
        assert attempt.json() == {"message": "Check your email to finish signing up"}
    subjects = [m["Subject"] for m in await mail_to(container, "maya@example.com")]
    assert subjects.count("Someone tried to sign up with your email") == 3


async def test_changing_the_password_ends_the_other_sessions_only(
        app: Litestar, client: ApiClient) -> None:
    await client.register("maya")
    async with browser(app) as elsewhere:
        await elsewhere.login("maya")
        wrong = await client.post("/api/user/password", json={
            "currentPassword": "not-it", "newPassword": "brand-new-pw"})
        assert wrong.status_code == 400
        assert wrong.json()["errors"] == {"currentPassword": "Your current password is not correct"}
        same = await client.post("/api/user/password", json={
            "currentPassword": "secret123", "newPassword": "secret123"})
        assert same.status_code == 400
        assert same.json()["errors"] == {
            "newPassword": "Choose a password other than your current one"}
        assert (await elsewhere.get("/api/user")).status_code == 200  # nothing ended
        ok = await client.post("/api/user/password", json={
            "currentPassword": "secret123", "newPassword": "brand-new-pw"})
        assert ok.status_code == 200
        assert (await client.get("/api/user")).status_code == 200
        assert (await elsewhere.get("/api/user")).status_code == 401
    await client.post("/api/logout")
    assert (await client.login("maya", "brand-new-pw")).status_code == 200


async def test_an_email_change_takes_effect_when_the_new_address_is_confirmed(
        client: ApiClient, container: Container) -> None:
    await client.register("maya")
    asked = await client.post("/api/user/email",
                              json={"password": "secret123", "email": "maya@new.example"})
    assert asked.status_code == 202
    assert (await client.get("/api/user")).json()["email"] == "maya@example.com"
    told = [m["Subject"] for m in await mail_to(container, "maya@example.com")]
    assert "Your Rethread email is changing" in told
    [confirm] = await mail_to(container, "maya@new.example")
    await client.post("/api/email/verify", json={"token": token_in(confirm, "/verify-email")})
    me = (await client.get("/api/user")).json()
    assert (me["email"], me["emailVerified"]) == ("maya@new.example", True)


async def reset_link(client: ApiClient, container: Container, email: str) -> str:
    await client.post("/api/password-reset", json={"email": email})
    reset = [m for m in await mail_to(container, email) if "reset" in m["Subject"].lower()][-1]
    return token_in(reset, "/reset-password")


async def test_a_sign_up_link_for_an_old_address_cannot_take_the_email_back(
        app: Litestar, client: ApiClient, container: Container) -> None:
    """Only a link from an email change moves the account's email; a sign-up link for an
    address the account no longer uses is dead (it was an account takeover)."""
    await client.register("maya", email="maya@typo.example")
    [signup] = await mail_to(container, "maya@typo.example")
    old_token = token_in(signup, "/verify-email")
    await client.post("/api/user/email",
                      json={"password": "secret123", "email": "maya@real.example"})
    [confirm] = await mail_to(container, "maya@real.example")
    ok = await client.post("/api/email/verify",
                           json={"token": token_in(confirm, "/verify-email")})
    assert ok.status_code == 200
    async with browser(app) as stranger:
        opened = await stranger.post("/api/email/verify", json={"token": old_token})
        assert opened.status_code == 400
    me = (await client.get("/api/user")).json()
    assert (me["email"], me["emailVerified"]) == ("maya@real.example", True)


async def test_an_email_change_voids_the_reset_and_other_verification_links(
        app: Litestar, client: ApiClient, container: Container) -> None:
    await client.register("maya")
    reset = await reset_link(client, container, "maya@example.com")
    for address in ("maya@one.example", "maya@two.example"):
        await client.post("/api/user/email", json={"password": "secret123", "email": address})
    [first] = await mail_to(container, "maya@one.example")
    [second] = await mail_to(container, "maya@two.example")
    ok = await client.post("/api/email/verify", json={"token": token_in(second, "/verify-email")})
    assert ok.status_code == 200
    async with browser(app) as other:
        stale = await other.post("/api/email/verify",
                                 json={"token": token_in(first, "/verify-email")})
        assert stale.status_code == 400
        used = await other.post("/api/password-reset/confirm",
                                json={"token": reset, "password": "attacker-pw-1"})
        assert used.status_code == 400
    assert (await client.get("/api/user")).json()["email"] == "maya@two.example"


async def test_changing_the_password_voids_reset_links_and_a_pending_email_change(
        app: Litestar, client: ApiClient, container: Container) -> None:
    """An intruder who knew the password asked to move the email to theirs: the owner's
    new password ends their sessions and the link they hold."""
    await client.register("maya")
    reset = await reset_link(client, container, "maya@example.com")
    async with browser(app) as intruder:
        await intruder.login("maya")
        asked = await intruder.post("/api/user/email", json={
            "password": "secret123", "email": "intruder@evil.example"})
        assert asked.status_code == 202
        [link] = await mail_to(container, "intruder@evil.example")
        changed = await client.post("/api/user/password", json={
            "currentPassword": "secret123", "newPassword": "fresh-password-1"})
        assert changed.status_code == 200
        assert (await intruder.get("/api/user")).status_code == 401
        opened = await intruder.post("/api/email/verify",
                                     json={"token": token_in(link, "/verify-email")})
        assert opened.status_code == 400
        used = await intruder.post("/api/password-reset/confirm",
                                   json={"token": reset, "password": "attacker-pw-1"})
        assert used.status_code == 400
    me = (await client.get("/api/user")).json()
    assert me["email"] == "maya@example.com"
    assert (await client.login("maya", "fresh-password-1")).status_code == 200


async def test_a_password_reset_voids_a_pending_email_change(
        app: Litestar, client: ApiClient, container: Container) -> None:
    await client.register("maya")
    await client.post("/api/user/email",
                      json={"password": "secret123", "email": "intruder@evil.example"})
    [link] = await mail_to(container, "intruder@evil.example")
    reset = await reset_link(client, container, "maya@example.com")
    done = await client.post("/api/password-reset/confirm",
                             json={"token": reset, "password": "fresh-password-1"})
    assert done.status_code == 200
    opened = await client.post("/api/email/verify",
                               json={"token": token_in(link, "/verify-email")})
    assert opened.status_code == 400
    await client.login("maya", "fresh-password-1")
    assert (await client.get("/api/user")).json()["email"] == "maya@example.com"
