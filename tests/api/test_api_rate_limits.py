"""Rate limits over HTTP on every configured database (issue 9, item 5): 429 with the real
Retry-After on sign-up, listing and login, shared by two app instances through Redis, and
the same answer time for an unknown name as for a wrong password."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import timedelta
from pathlib import Path

import argon2
import httpx
import pyotp
import pytest
from dependency_injector import providers
from litestar import Litestar

from adapters.passwords import Argon2PasswordHasher
from adapters.rate_limit import RedisRateLimiter
from application.accounts import AccountService, Registration
from domain.errors import NotAuthenticated
from entrypoints.container import Container, build_container
from entrypoints.http.app import create_app
from tests.conftest import make_settings
from tests.fakes import FixedClock
from tests.support import ApiClient
from tests.support.catalog import listing

pytestmark = pytest.mark.api




async def _client(stack: AsyncExitStack, app: Litestar, address: str = "127.0.0.1"
                  ) -> ApiClient:
    transport = httpx.ASGITransport(app=app, client=(address, 40000))  # type: ignore[arg-type]
    raw = await stack.enter_async_context(
        httpx.AsyncClient(transport=transport, base_url="http://testserver.local"))
    return ApiClient(raw)  # type: ignore[arg-type]


async def test_sign_ups_from_one_address_are_limited(app: Litestar, clock: FixedClock
                                                     ) -> None:
    async with AsyncExitStack() as stack:
        crowd = await _client(stack, app, "10.1.1.1")
        for n in range(10):
            assert (await crowd.register(f"user{n}")).status_code == 201
        refused = await crowd.register("user10")
        assert refused.status_code == 429, refused.text
        assert refused.headers["retry-after"] == "3600"
        clock.advance(seconds=1800)
        assert (await crowd.register("user10")).headers["retry-after"] == "1800"
        elsewhere = await _client(stack, app, "10.2.2.2")
        assert (await elsewhere.register("user10")).status_code == 201


async def test_listing_creation_is_limited_per_seller(app: Litestar, container: Container,
                                                      clock: FixedClock) -> None:
    async with AsyncExitStack() as stack:
        maya = await _client(stack, app)
        maya_id = (await maya.register("maya")).json()["id"]
        now = container.clock().now().timestamp()
        limiter = container.rate_limiter()
        for n in range(30):  # thirty listings in the last hour, the first 50 minutes ago
            await limiter.record(f"listing:{maya_id}", 3600, now - 3000 + n)
        refused = await maya.post("/api/products", json=listing())
        assert refused.status_code == 429, refused.text
        assert refused.headers["retry-after"] == "600"
        theo = await _client(stack, app)
        await theo.register("theo")
        assert (await theo.post("/api/products", json=listing())).status_code == 201


async def test_failed_logins_count_per_account_across_addresses(app: Litestar,
                                                                clock: FixedClock) -> None:
    async with AsyncExitStack() as stack:
        owner = await _client(stack, app, "10.0.0.1")
        await owner.register("maya")
        for n in range(5):
            guesser = await _client(stack, app, f"10.9.9.{n}")
            assert (await guesser.login("maya", "wrong-pass")).status_code == 401
        # A new address: refused with the account's lock, however the name is spelt.
        late = await _client(stack, app, "10.9.9.99")
        refused = await late.login("MAYA@example.com")
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "60"
        # The owner signed up from 10.0.0.1: there the guessers' failures do not lock her out.
        assert (await owner.login("maya")).status_code == 200


@asynccontextmanager
async def _two_instances(db: str, tmp_path: Path, redis_url: str) -> AsyncIterator[list[Litestar]]:
    """Two app instances (two server processes) sharing one database and one Redis, with
    this test's own keys in the shared Redis."""
    prefix = f"test:{uuid.uuid4().hex}:"
    containers: list[Container] = []
    apps = []
    for n in range(2):
        settings = make_settings(db, tmp_path / f"worker{n}", RETHREAD_REDIS_URL=redis_url)
        container = build_container(settings)
        limiter = container.rate_limiter()
        assert isinstance(limiter, RedisRateLimiter)
        limiter.prefix = prefix
        containers.append(container)
        apps.append(create_app(settings, container))
    try:
        yield apps
    finally:
        for container in containers:
            redis = container.redis()
            keys = [key async for key in redis.scan_iter(f"{prefix}*")]
            if keys:
                await redis.delete(*keys)
            await container.engine().dispose()
            await redis.aclose()


@pytest.mark.redis
async def test_two_app_instances_share_the_counts_through_redis(
        db: str, tmp_path: Path, redis_url: str) -> None:
    async with _two_instances(db, tmp_path, redis_url) as apps, AsyncExitStack() as stack:
        first, second = (await _client(stack, apps[0], "10.0.0.1"),
                         await _client(stack, apps[1], "10.0.0.2"))
        owner = await _client(stack, apps[0], "10.0.0.9")
        assert (await owner.register("maya")).status_code == 201
        # Three guesses through one instance, two through the other: the account's five.
        answers = [(await client.login("maya", "wrong-pass")).status_code
                   for client in (first, second, first, second, first)]
        assert answers == [401] * 5
        assert (await second.login("maya")).status_code == 429
        assert (await first.login("maya")).status_code == 429


@pytest.mark.redis
async def test_guesses_sent_together_through_two_instances_get_the_five_tries_and_no_more(
        db: str, tmp_path: Path, redis_url: str) -> None:
    async with _two_instances(db, tmp_path, redis_url) as apps, AsyncExitStack() as stack:
        owner = await _client(stack, apps[0], "10.0.0.9")
        assert (await owner.register("maya")).status_code == 201
        guessers = [await _client(stack, apps[n % 2], f"10.7.0.{n}") for n in range(12)]
        answers = await asyncio.gather(*(g.login("maya", f"wrong-{n}")
                                         for n, g in enumerate(guessers)))
        codes = sorted(answer.status_code for answer in answers)
        assert codes == [401] * 5 + [429] * 7, codes


class _RecordingArgon2(argon2.PasswordHasher):
    """The real argon2id hasher, noting each hash it verifies against."""

    def __init__(self) -> None:
        super().__init__()
        self.verified: list[str] = []

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        self.verified.append(hash if isinstance(hash, str) else hash.decode())
        return super().verify(hash, password)


async def test_an_unknown_name_costs_the_same_argon2_check_as_a_wrong_password(
        container: Container) -> None:
    """An unknown name is checked against a dummy hash made with the same argon2 parameters
    as a member's, so both answers do the same work (counted, not timed: a timing
    assertion fails whenever the machine is busy)."""
    argon = _RecordingArgon2()
    container.password_hasher.override(providers.Singleton(Argon2PasswordHasher, hasher=argon))
    accounts: AccountService = container.accounts()
    await accounts.register(Registration("maya", "Maya", "maya@example.com", "secret123"))
    with pytest.raises(NotAuthenticated):
        await accounts.login("maya", "wrong-pass", "10.0.0.1")
    member_checks = list(argon.verified)
    with pytest.raises(NotAuthenticated):
        await accounts.login("ghost", "wrong-pass", "10.0.0.2")
    ghost_checks = argon.verified[len(member_checks):]
    assert len(member_checks) == len(ghost_checks) == 1
    assert (argon2.extract_parameters(ghost_checks[0])
            == argon2.extract_parameters(member_checks[0]))
    assert ghost_checks[0] != member_checks[0]


async def test_password_and_code_guesses_through_signed_in_routes_share_the_login_lockout(
        app: Litestar, clock: FixedClock) -> None:
    """A stolen session is no way round the login's lock-out: each signed-in route that asks
    for the password again (or a code) counts a wrong one as a failed login against the
    account, and answers 429 once it is locked, whatever the password."""
    async with AsyncExitStack() as stack:
        maya = await _client(stack, app, "10.1.1.1")
        assert (await maya.register("maya")).status_code == 201
        guesses = [
            lambda n: maya.post("/api/user/password", json={
                "currentPassword": f"guess-{n}", "newPassword": "brand-new-pw"}),
            lambda n: maya.post("/api/user/email", json={
                "password": f"guess-{n}", "email": "thief@example.com"}),
            lambda n: maya.post("/api/user/2fa/enable", json={
                "password": f"guess-{n}", "code": "123456"}),
            lambda n: maya.delete("/api/user", json={"password": f"guess-{n}"}),
            lambda n: maya.post("/api/user/2fa/disable", json={
                "password": f"guess-{n}", "code": "123456"}),
        ]
        statuses = [(await guess(n)).status_code for n, guess in enumerate(guesses)]
        assert statuses == [400] * 5  # the login's five free failures
        for guess in guesses:
            refused = await guess(99)
            assert refused.status_code == 429, refused.text
            assert refused.headers["retry-after"] == "60"
        right = await maya.post("/api/user/password", json={
            "currentPassword": "secret123", "newPassword": "brand-new-pw"})
        assert right.status_code == 429  # locked: the answer tells nothing
        # ... and so is the login, from an address the account does not know
        elsewhere = await _client(stack, app, "10.9.9.9")
        assert (await elsewhere.login("maya")).status_code == 429
        clock.advance(seconds=60)
        ok = await maya.post("/api/user/password", json={
            "currentPassword": "secret123", "newPassword": "brand-new-pw"})
        assert ok.status_code == 200


async def test_code_guesses_to_turn_two_factor_off_are_locked_out(
        app: Litestar, clock: FixedClock) -> None:
    async with AsyncExitStack() as stack:
        maya = await _client(stack, app, "10.1.1.1")
        await maya.register("maya")
        setup = (await maya.post("/api/user/2fa/setup")).json()
        on = await maya.post("/api/user/2fa/enable", json={
            "password": "secret123", "code": pyotp.TOTP(setup["secret"]).now()})
        assert on.status_code == 200, on.text
        totp = pyotp.TOTP(setup["secret"])
        valid = {totp.at(clock.now() + timedelta(seconds=step)) for step in (-30, 0, 30)}
        wrong = [code for code in (f"{n:06d}" for n in range(10)) if code not in valid][:6]
        statuses = [(await maya.post("/api/user/2fa/disable", json={
            "password": "secret123", "code": code})).status_code for code in wrong]
        assert statuses == [400] * 5 + [429]
