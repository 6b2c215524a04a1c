"""AccountService on the in-memory fakes (the ``container`` fixture of conftest.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from application.accounts import SESSION_LIFETIME, AccountService, Registration
from domain.accounts import Role
from domain.errors import Conflict, NotAuthenticated, NotFound, RateLimited, ValidationError
from entrypoints.container import Container
from tests.fakes import FixedClock, fake_container

pytestmark = pytest.mark.unit


@pytest.fixture
def accounts(container: Container) -> AccountService:
    return container.accounts()


def form(username: str = "maya", email: str | None = None) -> Registration:
    return Registration(username, "Maya Chen", email or f"{username}@example.com", "secret123")


async def test_register_opens_a_session_for_the_new_user(accounts: AccountService) -> None:
    signed = await accounts.register(form())
    assert signed.user.id is not None
    assert signed.user.role is Role.USER
    assert signed.user.password_hash != "secret123"
    assert (await accounts.user_for_session(signed.token)).username == "maya"


async def test_register_rejects_invalid_input_with_every_message(accounts: AccountService) -> None:
    with pytest.raises(ValidationError) as caught:
        await accounts.register(Registration("a", "", "x", "1", "2"))
    assert set(caught.value.errors) == {"username", "displayName", "email", "password",
                                        "confirmPassword"}


async def test_taken_names_conflict_and_nothing_is_stored(accounts: AccountService,
                                                          container: Container) -> None:
    await accounts.register(form())
    with pytest.raises(Conflict):
        await accounts.register(form("MAYA", "new@example.com"))
    with pytest.raises(Conflict):
        await accounts.register(form("other", "MAYA@example.com"))
    assert len(container.uow().users.rows) == 1


async def test_admin_emails_become_admins_at_signup_and_login(accounts: AccountService) -> None:
    signed = await accounts.register(form("boss", "boss@example.com"))
    assert signed.user.role is Role.ADMIN
    again = await accounts.login("boss", "secret123", "1.2.3.4")
    assert again.user.is_admin


async def test_sessions_expire(accounts: AccountService, clock: FixedClock) -> None:
    signed = await accounts.register(form())
    clock.advance(seconds=SESSION_LIFETIME.total_seconds() + 1)
    assert await accounts.user_for_session(signed.token) is None


async def test_logout_forgets_the_session(accounts: AccountService) -> None:
    signed = await accounts.register(form())
    await accounts.logout(signed.token)
    assert await accounts.user_for_session(signed.token) is None
    await accounts.logout(None)  # logging out twice or without a cookie is harmless


async def test_failed_logins_are_rate_limited_per_client(accounts: AccountService) -> None:
    await accounts.register(form())
    for _ in range(5):
        with pytest.raises(NotAuthenticated):
            await accounts.login("maya", "wrong-pass", "1.1.1.1")
    with pytest.raises(RateLimited):
        await accounts.login("maya", "secret123", "1.1.1.1")
    # Another client is not punished for someone else's guesses.
    assert (await accounts.login("maya", "secret123", "2.2.2.2")).user.username == "maya"


async def test_get_user_missing_is_not_found(accounts: AccountService) -> None:
    with pytest.raises(NotFound):
        await accounts.get_user(42)


async def test_create_user_can_make_an_admin_without_leaving_a_session(
        accounts: AccountService, container: Container) -> None:
    user = await accounts.create_user(form("ops2"), admin=True)
    assert user.is_admin
    assert container.uow().sessions.rows == {}
    stored = await accounts.get_user(user.id)
    assert stored.role is Role.ADMIN


@settings(max_examples=30, deadline=None)
@given(st.text(min_size=1, max_size=40))
async def test_unknown_tokens_never_resolve(token: str) -> None:
    with fake_container() as container:
        service: AccountService = container.accounts()
        assert await service.user_for_session(token) is None

