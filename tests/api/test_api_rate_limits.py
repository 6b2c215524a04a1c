"""Rate limits over HTTP on every configured database (issue 9, item 5): 429 with the real
Retry-After on sign-up, listing and login, shared by two app instances through Redis, and
the same answer time for an unknown name as for a wrong password."""

from __future__ import annotations

import asyncio
import statistics
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from dependency_injector import providers
from litestar import Litestar

from adapters.rate_limit import RedisRateLimiter
from application.accounts import AccountService, Registration
from domain.errors import NotAuthenticated
from entrypoints.container import Container, build_container
from entrypoints.http.app import create_app
from tests.catalog_support import listing
from tests.conftest import make_settings
from tests.fakes import FixedClock
from tests.support import ApiClient

pytestmark = pytest.mark.api


@pytest.fixture
def clock(container: Container) -> Iterator[FixedClock]:
    """The app's clock held still, so Retry-After is exact however long the hashing takes on
    a busy machine (ten argon2 sign-ups took over ten seconds under load)."""
    still = FixedClock(datetime.now(UTC))
    with container.clock.override(providers.Object(still)):
        yield still


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


async def test_an_unknown_name_answers_as_slowly_as_a_wrong_password(
        container: Container) -> None:
    """The real argon2 hasher: an unknown name is checked against a dummy hash, so its
    answer takes as long as a wrong password for a real account."""
    accounts: AccountService = container.accounts()
    await accounts.register(Registration("maya", "Maya", "maya@example.com", "secret123"))
    unknown, wrong = [], []
    for n in range(5):  # alternate, so machine load hits both alike (5: below the lock)
        for login, into in (("ghost", unknown), ("maya", wrong)):
            start = time.perf_counter()
            with pytest.raises(NotAuthenticated):
                await accounts.login(login, "wrong-pass", f"10.0.{n}.{len(into)}")
            into.append(time.perf_counter() - start)
    fast, slow = sorted((statistics.median(unknown), statistics.median(wrong)))
    assert slow < fast * 1.5, (unknown, wrong)
