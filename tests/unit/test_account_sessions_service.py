"""SessionService on the in-memory fakes: a session's lifetime, signing out, unknown tokens."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from application.account_sessions import SESSION_LIFETIME, SessionService
from application.accounts import AccountService, Registration
from entrypoints.container import Container
from tests.fakes import FixedClock, fake_container

pytestmark = pytest.mark.unit


@pytest.fixture
def accounts(container: Container) -> AccountService:
    return container.accounts()


@pytest.fixture
def sessions(container: Container) -> SessionService:
    return container.sessions()


def form() -> Registration:
    return Registration("maya", "Maya Chen", "maya@example.com", "secret123")


async def test_sessions_expire(accounts: AccountService, sessions: SessionService,
                               clock: FixedClock) -> None:
    signed = await accounts.register(form())
    clock.advance(seconds=SESSION_LIFETIME.total_seconds() - 1)
    assert await sessions.user_for_session(signed.token) is not None
    clock.advance(seconds=2)
    assert await sessions.user_for_session(signed.token) is None


async def test_logout_forgets_the_session(accounts: AccountService,
                                          sessions: SessionService) -> None:
    signed = await accounts.register(form())
    await sessions.logout(signed.token)
    assert await sessions.user_for_session(signed.token) is None
    await sessions.logout(None)  # logging out twice or without a cookie is harmless


@settings(max_examples=30, deadline=None)
@given(st.text(min_size=1, max_size=40))
async def test_unknown_tokens_never_resolve(token: str) -> None:
    with fake_container() as container:
        service: SessionService = container.sessions()
        assert await service.user_for_session(token) is None
