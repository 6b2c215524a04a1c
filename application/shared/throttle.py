"""Applying the rules of ``domain/rate_limits.py`` to keys counted by the RateLimiter port.

One home for every limited action (login, sign-up, contact, new listings): a service asks
``await throttle.take(rule, key, message)`` before the work (``RateLimited`` with the real
number of seconds left as ``retry_after``, answered 429 with ``Retry-After``; otherwise the
attempt is counted), or ``check`` and later ``record`` when only some outcomes count
(failed logins). Keys name what is
counted; addresses and login texts are hashed, so Redis holds no personal data.
"""

from __future__ import annotations

import hashlib
from contextlib import AbstractAsyncContextManager

from application.ports import Clock, RateLimiter
from domain.errors import RateLimited
from domain.rate_limits import Backoff, Window

Rule = Window | Backoff


def hashed(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:24]


class Throttle:
    def __init__(self, limiter: RateLimiter, clock: Clock) -> None:
        self.limiter = limiter
        self.clock = clock

    def _now(self) -> float:
        return self.clock.now().timestamp()

    async def wait(self, rule: Rule, key: str) -> int:
        """Whole seconds until an attempt under ``key`` may go ahead (0: now)."""
        now = self._now()
        return rule.wait(await self.limiter.times(key, rule.seconds, now), now)

    async def seen(self, key: str, seconds: int) -> bool:
        """Whether anything was recorded under ``key`` in the last ``seconds``."""
        return bool(await self.limiter.times(key, seconds, self._now()))

    async def check(self, rule: Rule, key: str, message: str) -> None:
        wait = await self.wait(rule, key)
        if wait:
            raise RateLimited(message, retry_after=wait)

    def exclusive(self, *keys: str) -> AbstractAsyncContextManager[None]:
        """Hold ``keys`` against every other request sharing the limiter's store (this
        process, or all processes on one Redis) while a check and its record are made."""
        return self.limiter.exclusive(keys)

    async def take(self, rule: Rule, key: str, message: str) -> None:
        """Check, then count this attempt at once (not after the work), holding the key
        between the two: requests sent together cannot all pass the check before any of
        them is counted, in one process or several."""
        async with self.exclusive(key):
            await self.check(rule, key, message)
            await self.record(rule, key)

    async def allow(self, rule: Rule, key: str) -> bool:
        """:meth:`take` for work that is skipped quietly past the limit (an answer that
        must not change, such as a sign-up that emails an email's owner): False instead
        of ``RateLimited``, and nothing counted then."""
        async with self.exclusive(key):
            if await self.wait(rule, key):
                return False
            await self.record(rule, key)
            return True

    async def record(self, rule: Rule | int, key: str) -> None:
        seconds = rule if isinstance(rule, int) else rule.seconds
        await self.limiter.record(key, seconds, self._now())

    async def reset(self, key: str) -> None:
        await self.limiter.reset(key)
