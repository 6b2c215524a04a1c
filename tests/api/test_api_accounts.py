"""Accounts over HTTP on every configured database: sign-up, login, logout, sessions, CSRF."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from litestar.testing import AsyncTestClient

from application.accounts import AccountService, Registration, SignedIn
from domain.accounts import User
from domain.errors import NotAuthenticated
from entrypoints.container import Container, build_container, shutdown
from entrypoints.http.app import create_app
from tests.conftest import make_settings
from tests.support import ApiClient

pytestmark = pytest.mark.api


async def test_register_returns_the_user_and_logs_in(client: ApiClient) -> None:
    response = await client.register("maya")
    assert response.status_code == 201
    body = response.json()
    assert body["username"] == "maya"
    assert body["displayName"] == "Maya Chen"
    assert body["email"] == "maya@example.com"
    assert body["role"] == "user"
    assert "password" not in str(body).lower()
    me = await client.get("/api/user")
    assert me.status_code == 200
    assert me.json()["id"] == body["id"]


async def test_session_cookie_is_http_only_and_lax(client: ApiClient) -> None:
    response = await client.register("maya")
    cookie = response.headers["set-cookie"].lower()
    assert "rethread_session=" in cookie
    assert "httponly" in cookie
    assert "samesite=lax" in cookie


async def test_all_register_errors_come_back_at_once(client: ApiClient) -> None:
    response = await client.post("/api/register", json={
        "username": "ab", "displayName": "M", "email": "nope", "password": "123"})
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors == {
        "username": "Username must be at least 3 characters",
        "displayName": "Display name must be at least 2 characters",
        "email": "Please enter a valid email",
        "password": "Password must be at least 6 characters",
    }


async def test_blank_fields_are_required_and_a_differing_confirmation_says_so(
        client: ApiClient) -> None:
    """A blank field is "required", not "at least N characters"; a confirmation that
    differs says "Passwords do not match" (tests/fixtures/form-messages.json)."""
    response = await client.post("/api/register", json={
        "username": "", "displayName": " ", "email": "", "password": "secret1",
        "confirmPassword": "secret2"})
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "username": "Username is required",
        "displayName": "Display name is required",
        "email": "Email is required",
        "confirmPassword": "Passwords do not match",
    }
    login = await client.login("", "")
    assert login.json()["errors"] == {"username": "Username or email is required",
                                      "password": "Password is required"}


async def test_missing_fields_are_validation_errors_not_500(client: ApiClient) -> None:
    response = await client.post("/api/register", json={})
    assert response.status_code == 400
    assert set(response.json()["errors"]) >= {"username", "email", "password"}
    wrong_type = await client.post("/api/login", json={"username": 5, "password": []})
    assert wrong_type.status_code == 400
    not_json = await client.post("/api/login", content=b"{nope",
                                 headers={"content-type": "application/json"})
    assert not_json.status_code == 400


async def test_a_taken_username_is_a_conflict_a_taken_email_is_not_said(
        client: ApiClient) -> None:
    await client.register("maya")
    again = await client.register("MAYA", email="other@example.com")
    assert again.status_code == 409
    assert again.json()["message"] == "That username is already taken"
    await client.post("/api/logout")
    same_email = await client.register("maya2", email="Maya@Example.com")
    assert same_email.status_code == 201  # as a fresh sign-up (issue 41)
    assert same_email.json() == {"message": "Check your email to finish signing up"}
    assert (await client.get("/api/user")).status_code == 401  # and no session


async def test_login_by_username_or_email_and_logout(client: ApiClient) -> None:
    await client.register("maya")
    await client.post("/api/logout")
    assert (await client.get("/api/user")).status_code == 401
    by_email = await client.login("MAYA@example.com")
    assert by_email.status_code == 200
    assert by_email.json()["username"] == "maya"
    await client.post("/api/logout")
    by_name = await client.login("Maya")
    assert by_name.status_code == 200


async def test_session_answers_visitors_200_with_no_user_and_user_keeps_its_401(
        client: ApiClient) -> None:
    visitor = await client.get("/api/session")
    assert visitor.status_code == 200
    assert visitor.json() == {"user": None}
    assert (await client.get("/api/user")).status_code == 401
    registered = (await client.register("maya")).json()
    signed_in = await client.get("/api/session")
    assert signed_in.status_code == 200
    assert signed_in.json()["user"] == (await client.get("/api/user")).json() == registered


async def test_logout_ends_the_session_on_the_server(client: ApiClient) -> None:
    await client.register("maya")
    token = client.raw.cookies["rethread_session"]
    assert (await client.post("/api/logout")).status_code == 200
    client.raw.cookies.set("rethread_session", token)
    assert (await client.get("/api/user")).status_code == 401


async def test_wrong_password_is_401_with_the_message(client: ApiClient) -> None:
    await client.register("maya")
    await client.post("/api/logout")
    response = await client.login("maya", "wrong-password")
    assert response.status_code == 401
    assert response.json()["message"] == "Invalid username or password"
    unknown = await client.login("nobody", "whatever1")
    assert unknown.status_code == 401


async def test_login_validation_uses_the_spec_messages(client: ApiClient) -> None:
    response = await client.login("ab", "12")
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "username": "Username or email must be at least 3 characters",
        "password": "Password must be at least 6 characters",
    }


async def test_repeated_failed_logins_are_refused_with_429(client: ApiClient) -> None:
    await client.register("maya")
    await client.post("/api/logout")
    logins = ["maya", "MAYA@example.com", "maya", "Maya", "maya@example.com", "maya"]
    statuses = [(await client.login(name, "wrong-pass")).status_code for name in logins]
    assert statuses == [401] * 5 + [429]  # username and email spellings count together
    # Even the right password waits until the lock ends, and the answer says how long.
    refused = await client.login("maya")
    assert refused.status_code == 429
    assert 55 <= int(refused.headers["retry-after"]) <= 60
    assert refused.json()["message"].startswith("Too many failed login attempts")


async def test_get_csrf_sets_the_cookie_once(client: ApiClient) -> None:
    first = await client.get("/api/csrf")
    assert first.status_code == 204 and "csrftoken=" in first.headers["set-cookie"]
    again = await client.get("/api/csrf")  # the client now sends the cookie back
    assert again.status_code == 204 and "set-cookie" not in again.headers
    token = client.raw.cookies["csrftoken"]
    accepted = await client.raw.post("/api/logout", headers={"x-csrftoken": token})
    assert accepted.status_code == 200


async def test_unsafe_requests_need_the_csrf_header(client: ApiClient) -> None:
    response = await client.post("/api/register", csrf=False, json={
        "username": "maya", "displayName": "Maya", "email": "m@example.com",
        "password": "secret123"})
    assert response.status_code == 403
    assert "message" in response.json()


async def test_other_users_never_see_an_email(client: ApiClient) -> None:
    maya = (await client.register("maya")).json()
    await client.post("/api/logout")
    public = await client.get(f"/api/users/{maya['id']}")
    assert public.status_code == 200
    assert public.json()["email"] is None
    await client.register("theo")
    assert (await client.get(f"/api/users/{maya['id']}")).json()["email"] is None
    assert (await client.get("/api/users/999999")).status_code == 404


async def test_admin_emails_make_administrators(client: ApiClient) -> None:
    response = await client.register("boss", email="Boss@Example.com")
    assert response.json()["role"] == "admin"
    admin_view = await client.get(f"/api/users/{response.json()['id']}")
    assert admin_view.json()["email"] == "boss@example.com"


async def test_session_survives_a_restart_and_works_on_another_process(
        db: str, tmp_path: Path) -> None:
    """Sessions live in the database: a second app (a restart, or another worker) knows them."""
    settings = make_settings(db, tmp_path)
    first, second = build_container(settings), build_container(settings)
    try:
        async with AsyncTestClient(create_app(settings, first)) as raw_a:
            await ApiClient(raw_a).register("maya")
            cookies = dict(raw_a.cookies)
        async with AsyncTestClient(create_app(settings, second), cookies=cookies) as raw_b:
            me = await raw_b.get("/api/user")
            assert me.status_code == 200
            assert me.json()["username"] == "maya"
    finally:
        await shutdown(first)
        await shutdown(second)


async def test_health_and_schema(client: ApiClient) -> None:
    health = await client.get("/api/health")
    assert health.json() == {"status": "ok", "searchLag": 0}
    assert "set-cookie" not in health.headers  # monitors poll it: no CSRF cookie minted
    schema = await client.get("/schema/openapi.json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/register" in paths
    # A handler's docstring is its operation: the first line its summary, the rest its
    # description (what it answers, who may call it, when it refuses).
    health = paths["/api/health"]["get"]
    assert health["summary"] == "Check the server's health"
    assert health["description"].startswith("Public, no cookies needed")
    close = paths["/api/user"]["delete"]
    assert close["summary"] == "Close my account"
    assert "409 while an order of theirs is not finished" in " ".join(
        close["description"].split())


async def test_health_answers_503_while_the_database_is_unreachable(tmp_path: Path) -> None:
    """A monitor is told "unavailable" (nothing listens on port 1), not a 500."""
    settings = make_settings("postgresql+asyncpg://rethread@127.0.0.1:1/rethread", tmp_path)
    container = build_container(settings)
    try:
        async with AsyncTestClient(create_app(settings, container)) as raw:
            health = await raw.get("/api/health")
    finally:
        await shutdown(container)
    assert health.status_code == 503
    assert health.json() == {"status": "unavailable"}


async def test_unknown_api_path_is_json_404(client: ApiClient) -> None:
    response = await client.get("/api/nothing-here")
    assert response.status_code == 404
    assert response.json()["message"]


async def login_while(container: Container, meanwhile: Callable[[], Awaitable[None]],
                      ) -> SignedIn | NotAuthenticated:
    """Log maya in with her password, and run ``meanwhile`` to its commit between the
    login's password check and its last write (the login waits in its suspension check)."""
    login = container.accounts()
    reached, done = asyncio.Event(), asyncio.Event()
    check = AccountService._refuse_if_suspended

    async def wait_for_the_other(self: AccountService, user: User) -> None:
        reached.set()
        await done.wait()
        await check(self, user)

    login._refuse_if_suspended = wait_for_the_other.__get__(login)  # type: ignore[method-assign]

    async def other() -> None:
        await reached.wait()
        await meanwhile()
        done.set()

    answer, _ = await asyncio.gather(login.login("maya", "secret123", "10.6.6.6"), other(),
                                     return_exceptions=True)
    assert isinstance(answer, SignedIn | NotAuthenticated), answer
    return answer


async def sign_up_maya(container: Container) -> int:
    signed = await container.accounts().register(Registration(
        "maya", "Maya", "maya@example.com", "secret123", "secret123"), client="10.0.0.1")
    assert isinstance(signed, SignedIn) and signed.user.id is not None
    return signed.user.id


async def sessions_of(container: Container, user_id: int) -> int:
    async with container.uow() as uow:
        return len(await uow.sessions.for_user(user_id, container.clock().now()))


async def test_a_login_racing_a_password_reset_neither_undoes_it_nor_keeps_a_session(
        container: Container) -> None:
    maya = await sign_up_maya(container)
    security = container.account_security()
    security.new_token = lambda: "reset-token-" + "x" * 30
    await security.send_password_reset("maya@example.com")

    async def reset() -> None:
        await container.account_security().reset_password("reset-token-" + "x" * 30,
                                                          "victims-new-pw")

    assert isinstance(await login_while(container, reset), NotAuthenticated)
    assert await sessions_of(container, maya) == 0
    with pytest.raises(NotAuthenticated):
        await container.accounts().login("maya", "secret123", "10.0.0.1")
    assert isinstance(await container.accounts().login("maya", "victims-new-pw", "10.0.0.1"),
                      SignedIn)


async def test_a_login_racing_the_closing_of_the_account_opens_no_session(
        container: Container) -> None:
    maya = await sign_up_maya(container)

    async def close() -> None:
        user = await container.accounts().get_user(maya)
        await container.account_closure().close(user, "secret123")

    assert isinstance(await login_while(container, close), NotAuthenticated)
    assert await sessions_of(container, maya) == 0
    closed = await container.accounts().get_user(maya)
    assert closed.is_closed and closed.email.endswith("@deleted.invalid")
