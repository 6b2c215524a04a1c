"""Demo activity: a deterministic history, so the admin's analytics show a lived-in month.

Sign-ups are recorded for every seeded account at its creation time. The other areas record
their own events as they seed: ``listing_created`` (application/demo/catalog.py),
``offer_made`` (application/demo/offers.py), ``message_sent`` for the demo conversations
(application/demo/messaging.py; an offer's thread message, like a live one, counts as the
offer, not as a message sent) and the order events (application/demo/orders.py, through the
real order service). Visits and searches, which leave no other trace, are drawn for the last
30 days from a fixed seed: each demo person and up to ``SAMPLED_SHOPPERS`` generated shoppers
visit on some days, and each day has some searches, a few by visitors.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta

from application.ports import Clock, UnitOfWork
from domain.accounts import User
from domain.analytics import WINDOW_DAYS, Activity, ActivityKind

PAGE = 5000
SAMPLED_SHOPPERS = 200
Progress = Callable[[str, int, int], None]


class AnalyticsDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def seed(self, progress: Progress) -> None:
        people = await self._signups(progress)
        await self._visits_and_searches(people)

    async def _signups(self, progress: Progress) -> list[User]:
        """Record every account's sign-up; returns the first accounts (demo people first)."""
        seen: list[User] = []
        after: int | None = None
        while True:
            async with self.uow:
                users = await self.uow.users.page(PAGE, after)
                await self.uow.activity.record_many([
                    Activity(ActivityKind.SIGNUP, user.id, user.created_at) for user in users])
                await self.uow.commit()
            if len(seen) < SAMPLED_SHOPPERS:
                seen.extend(users[:SAMPLED_SHOPPERS - len(seen)])
            if len(users) < PAGE:
                break
            after = users[-1].id
            progress("sign-ups", len(seen), len(seen))
        return seen

    async def _visits_and_searches(self, people: list[User]) -> None:
        rng = random.Random(30)
        now = self.clock.now()
        events: list[Activity] = []
        for back in range(WINDOW_DAYS - 1, -1, -1):
            day_start = (now - timedelta(days=back)).replace(hour=0, minute=0, second=0,
                                                              microsecond=0)
            latest = now if back == 0 else day_start + timedelta(hours=23)
            share = min(1.0, (latest - day_start) / timedelta(hours=23))  # today: so far
            for person in people:
                if person.created_at <= day_start and rng.random() < 0.35 * share:
                    events.append(Activity(ActivityKind.VISIT, person.id,
                                           _moment(rng, day_start, latest)))
            for _ in range(round(rng.randint(4, 18) * share)):
                who = rng.choice(people).id if people and rng.random() < 0.7 else None
                events.append(Activity(ActivityKind.SEARCH, who, _moment(rng, day_start, latest)))
        async with self.uow:
            await self.uow.activity.record_many(sorted(events, key=lambda e: e.at))
            await self.uow.commit()


def _moment(rng: random.Random, start: datetime, latest: datetime) -> datetime:
    span = max(1, int((latest - start).total_seconds()))
    return start + timedelta(seconds=rng.randrange(span))
