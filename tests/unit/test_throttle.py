"""The throttle's check and record are one step per key: a burst of requests sent together
gets exactly the limit, even when reading the counts yields to other requests (as every
Redis round trip does). Keys are held in sorted order, so overlapping holders never
deadlock, and a key's lock is dropped once nobody holds it."""

from __future__ import annotations

import asyncio
import gc

import pytest
from dependency_injector import providers

from application.accounts import Registration
from application.shared.key_locks import KeyLocks
from application.shared.throttle import Throttle
from domain.errors import NotAuthenticated, RateLimited
from domain.rate_limits import Window
from tests.fakes import FixedClock, fake_container
from tests.fakes.accounts import PlainHasher
from tests.fakes.system import FakeRateLimiter

pytestmark = pytest.mark.unit


class YieldingLimiter(FakeRateLimiter):
    """Reading the counts takes a round trip, like Redis: other requests run meanwhile."""

    async def times(self, key: str, window_seconds: int, now: float) -> list[float]:
        await asyncio.sleep(0)
        found = await super().times(key, window_seconds, now)
        await asyncio.sleep(0)
        return found


@pytest.mark.parametrize("burst", [4, 10, 25])
async def test_a_burst_gets_exactly_the_limit(burst: int) -> None:
    limiter = YieldingLimiter()
    rule = Window(limit=3, seconds=60)

    async def attempt() -> bool:
        try:
            await Throttle(limiter, FixedClock()).take(rule, "contact:addr", "Too many")
        except RateLimited:
            return False
        return True

    passed = await asyncio.gather(*(attempt() for _ in range(burst)))
    assert sum(passed) == rule.limit
    assert len(limiter.events["contact:addr"]) == rule.limit  # refusals are not counted


async def test_overlapping_keys_in_any_order_never_deadlock() -> None:
    locks = KeyLocks()
    held: list[str] = []

    async def hold(name: str, keys: list[str]) -> None:
        async with locks.hold(keys):
            held.append(name)
            await asyncio.sleep(0)

    await asyncio.wait_for(asyncio.gather(
        *(hold(f"h{n}", ["a", "b", "c"] if n % 2 else ["c", "b", "a"]) for n in range(20))),
        timeout=5)
    assert len(held) == 20


async def test_a_key_is_held_by_one_holder_at_a_time_and_forgotten_after() -> None:
    locks = KeyLocks()
    inside = asyncio.Event()
    release = asyncio.Event()
    order: list[str] = []

    async def first() -> None:
        async with locks.hold(["k"]):
            order.append("first in")
            inside.set()
            await release.wait()
            order.append("first out")

    async def second() -> None:
        await inside.wait()
        async with locks.hold(["k", "other"]):
            order.append("second in")

    async def unrelated() -> None:
        await inside.wait()
        async with locks.hold(["other-key"]):  # another key never waits
            order.append("unrelated in")
        release.set()

    await asyncio.wait_for(asyncio.gather(first(), second(), unrelated()), timeout=5)
    assert order == ["first in", "unrelated in", "first out", "second in"]
    gc.collect()
    assert not locks._locks  # no lock kept for keys nobody holds


class SlowHasher(PlainHasher):
    """Checking a password takes time (argon2 runs in a thread): other logins run meanwhile."""

    async def verify(self, password_hash: str | None, password: str) -> bool:
        await asyncio.sleep(0)
        return await super().verify(password_hash, password)


async def test_guesses_sent_together_get_the_accounts_five_tries_and_no_more() -> None:
    limiter = YieldingLimiter()
    with fake_container() as container, \
            container.rate_limiter.override(providers.Object(limiter)), \
            container.password_hasher.override(providers.Object(SlowHasher())):
        accounts = container.accounts()
        await accounts.register(Registration("maya", "Maya", "maya@example.com", "secret123"))

        async def guess(n: int) -> str:
            try:
                await accounts.login("maya", f"wrong-{n}", f"10.7.0.{n}")
            except NotAuthenticated:
                return "wrong"
            except RateLimited:
                return "locked"
            return "in"

        answers = await asyncio.gather(*(guess(n) for n in range(12)))
    assert sorted(answers) == ["locked"] * 7 + ["wrong"] * 5
