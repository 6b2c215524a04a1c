"""Rate-limit rules (issue 9): how many attempts, and how long to wait. No I/O, no clock.

A rule is handed the times (seconds, any epoch) of the events counted under one key and the
current time, and answers how many whole seconds must pass before the next attempt may go
ahead (0: now). Services keep the counts (``application.ports.RateLimiter``) and say which
keys an attempt counts under.

- :class:`Window`: at most ``limit`` events in any ``seconds`` (sliding window). When full,
  the wait is until the oldest counted event leaves the window.
- :class:`Backoff`: ``free`` events in ``seconds`` are allowed; then each further one locks
  for ``base`` seconds doubled per event beyond ``free``, at most ``cap``, counted from the
  latest event. Refused attempts are not events, so waiting is the only way forward and the
  lock never grows past ``cap`` while nobody tries.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace


def _recent(times: Sequence[float], seconds: int, now: float) -> list[float]:
    return sorted(t for t in times if now - seconds < t <= now)


def _whole(seconds: float) -> int:
    return max(0, math.ceil(seconds - 1e-9))


@dataclass(frozen=True)
class Window:
    limit: int
    seconds: int

    def wait(self, times: Sequence[float], now: float) -> int:
        recent = _recent(times, self.seconds, now)
        if len(recent) < self.limit:
            return 0
        # The wait ends when only limit - 1 of them are left in the window.
        oldest_to_leave = recent[len(recent) - self.limit]
        return max(1, _whole(oldest_to_leave + self.seconds - now))

    def scaled(self, factor: int) -> Window:
        return Window(self.limit * factor, self.seconds)


@dataclass(frozen=True)
class Backoff:
    free: int
    base: int
    cap: int
    seconds: int

    def lock_seconds(self, events: int) -> int:
        """How long ``events`` recent events lock the key for (0 below ``free``)."""
        if events < self.free:
            return 0
        doubling: int = 2 ** min(events - self.free, 32)  # int ** int is typed Any (x ** -1)
        return min(self.cap, self.base * doubling)

    def wait(self, times: Sequence[float], now: float) -> int:
        recent = _recent(times, self.seconds, now)
        lock = self.lock_seconds(len(recent))
        if lock == 0:
            return 0
        return _whole(recent[-1] + lock - now)

    def scaled(self, factor: int) -> Backoff:
        return Backoff(self.free * factor, self.base, self.cap, self.seconds)


@dataclass(frozen=True)
class Limits:
    """The numbers (``docs/security.md`` repeats them). ``scaled`` multiplies every allowance
    for test servers that sign up and log in far more than a person (never in production)."""

    #: Failed logins against one account from any address and any spelling of its name.
    login_account: Backoff = Backoff(free=5, base=60, cap=15 * 60, seconds=24 * 60 * 60)
    #: Failed logins against one account from an address it has logged in from before: the
    #: owner at home is not locked out by a guesser elsewhere.
    login_known_address: Backoff = Backoff(free=5, base=60, cap=15 * 60, seconds=24 * 60 * 60)
    #: Failed logins from one address against any accounts (a shared address is busy).
    login_address: Backoff = Backoff(free=50, base=60, cap=15 * 60, seconds=60 * 60)
    #: How long a successful login makes its address known to the account.
    known_address_seconds: int = 30 * 24 * 60 * 60
    registration_address: Window = Window(limit=10, seconds=60 * 60)
    listing_account: Window = Window(limit=30, seconds=60 * 60)
    contact_address: Window = Window(limit=5, seconds=60 * 60)
    #: Password-reset emails asked for one email address (whoever asks), and from one
    #: address (whichever emails): a mailbox is not flooded, and nobody sprays requests.
    reset_email: Window = Window(limit=3, seconds=60 * 60)
    reset_address: Window = Window(limit=10, seconds=60 * 60)
    #: "Someone tried to sign up with your email" notices to one email address, however
    #: many addresses the sign-ups come from. Past it the sign-up is answered as ever and
    #: the owner is not emailed again (a 429 here would say the email has an account).
    signup_notice_email: Window = Window(limit=3, seconds=60 * 60)
    #: Verification emails a member asks to be sent again.
    verification_account: Window = Window(limit=5, seconds=60 * 60)
    # Abuse limits per member (issue 37): a person typing fast stays well inside them; a
    # script sending hundreds a minute does not.
    messages_member: Window = Window(limit=30, seconds=60)
    comments_member: Window = Window(limit=15, seconds=60)
    reports_member: Window = Window(limit=20, seconds=60 * 60)
    offers_member: Window = Window(limit=30, seconds=60 * 60)
    follows_member: Window = Window(limit=60, seconds=60 * 60)

    def scaled(self, factor: int) -> Limits:
        if factor == 1:
            return self
        return replace(self, **{name: value.scaled(factor) for name, value in vars(self).items()
                                if not isinstance(value, int)})


DEFAULT_LIMITS = Limits()
