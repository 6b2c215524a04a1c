"""Abuse limits per member (issue 37): messages, comments, reports, offers and follows.

One home for the five: a service handed an :class:`AbuseLimits` calls
``await abuse.take(Act.MESSAGE, member_id)`` before the work; a member over the rule of
``domain/rate_limits.py`` gets :class:`RateLimited` (429 with ``Retry-After``). The counts
live in the rate-limit adapter (Redis when configured, so every process shares them).
"""

from __future__ import annotations

from enum import StrEnum

from application.ports import Clock, RateLimiter
from application.shared.throttle import Throttle
from domain.rate_limits import DEFAULT_LIMITS, Limits, Window


class Act(StrEnum):
    MESSAGE = "message"
    COMMENT = "comment"
    REPORT = "report"
    OFFER = "offer"
    FOLLOW = "follow"


MESSAGES = {
    Act.MESSAGE: "You are sending messages very fast. Please wait a moment.",
    Act.COMMENT: "You are commenting very fast. Please wait a moment.",
    Act.REPORT: "You have sent many reports recently. Please wait a while.",
    Act.OFFER: "You have made many offers recently. Please wait a while.",
    Act.FOLLOW: "You have followed many members recently. Please wait a while.",
}


class AbuseLimits:
    def __init__(self, limiter: RateLimiter, clock: Clock,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.throttle = Throttle(limiter, clock)
        self.rules: dict[Act, Window] = {
            Act.MESSAGE: limits.messages_member, Act.COMMENT: limits.comments_member,
            Act.REPORT: limits.reports_member, Act.OFFER: limits.offers_member,
            Act.FOLLOW: limits.follows_member}

    async def take(self, act: Act, member_id: int | None) -> None:
        await self.throttle.take(self.rules[act], f"abuse:{act.value}:{member_id}",
                                 MESSAGES[act])


async def take(abuse: AbuseLimits | None, act: Act, member_id: int | None) -> None:
    """Count one ``act`` of ``member_id`` (nothing when the service has no limits: the unit
    tests' fakes)."""
    if abuse is not None:
        await abuse.take(act, member_id)
