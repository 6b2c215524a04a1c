"""Order timers (spec §9 buyer protection, Sharetribe-style transaction timers).

- An unpaid order (pending, or confirmed by the seller: ``UNPAID_STATUSES``) is cancelled 72
  hours after it was placed; its listing returns.
- A delivered order completes by itself when the 3-day inspection window has passed: it is
  picked by ``delivered_at``, the time the window counts from (``delivered_ids``), so every
  order picked is due, and a batch is never filled with orders the rule would refuse.
- Reviews of a completed order are published when its 14-day review window closes.
- An accepted offer's 24-hour reservation that ran out unused expires the offer and puts
  the listing back in the shop (``domain/offers.py``; ``OfferService.expire_reservation``).
- A timed suspension whose end has passed is lifted as an administrator lifts one: the
  listings it hid are back in the shop (``ModerationService.end_suspension``).

``sweep`` finds what is due and handles each order in its own transaction. Handling is a
compare-and-set on the order's status (on ``published_at`` for reviews, on the offer's
status under its listing's lock for reservations, a compare-and-delete of the ended
suspension row for suspensions), so any number
of workers, hosts or ``rethread orders sweep`` runs may sweep at once: one claims each job,
the others see it already done and skip it. Time comes from the injected clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from application.moderation import ModerationService
from application.offers import OfferService
from application.order_notices import OrderNotices
from application.orders import OrderService
from application.ports import Clock, UnitOfWork
from application.reviews import publish_order_reviews
from domain.errors import Conflict
from domain.order_rules import BUYER_PROTECTION, UNPAID_LIMIT
from domain.orders import Order
from domain.reviews import REVIEW_WINDOW

BATCH = 200


@dataclass(frozen=True)
class SweepResult:
    cancelled: list[int]
    completed: list[int]
    reviews_published: list[int]
    offers_expired: list[int] = field(default_factory=list)
    suspensions_ended: list[int] = field(default_factory=list)  # the members' ids

    @property
    def total(self) -> int:
        return (len(self.cancelled) + len(self.completed) + len(self.reviews_published)
                + len(self.offers_expired) + len(self.suspensions_ended))


class OrderTimers:
    def __init__(self, uow: UnitOfWork, clock: Clock, notices: OrderNotices | None = None
                 ) -> None:
        self.uow = uow
        self.clock = clock
        self.orders = OrderService(uow, clock, notices)
        self.offers = OfferService(uow, clock)
        self.moderation = ModerationService(uow, clock)

    async def sweep(self) -> SweepResult:
        now = self.clock.now()
        async with self.uow:
            unpaid = await self.uow.orders.unpaid_ids(now - UNPAID_LIMIT, BATCH)
            delivered = await self.uow.orders.delivered_ids(now - BUYER_PROTECTION, BATCH)
            hidden = await self.uow.reviews.unpublished_order_ids(now - REVIEW_WINDOW, BATCH)
        cancelled = [i for i in unpaid if await self._move(i, Order.cancel_if_unpaid_expired)]
        completed = [i for i in delivered
                     if await self._move(i, Order.complete_if_protection_expired)]
        published = [i for i in hidden if await self._publish(i)]
        lapsed = await self.offers.lapsed_ids(BATCH)
        expired = [i for i in lapsed if await self.offers.expire_reservation(i)]
        unanswered = await self.offers.lapsed_watcher_offer_ids(BATCH)
        expired += [i for i in unanswered if await self.offers.end_lapsed_watcher_offer(i)]
        ended = await self.moderation.ended_suspension_ids(BATCH)
        lifted = [i for i in ended if await self.moderation.end_suspension(i)]
        return SweepResult(cancelled, completed, published, expired, lifted)

    async def _move(self, order_id: int, rule: Callable[[Order, datetime], bool]) -> bool:
        now = self.clock.now()
        async with self.uow:
            order = await self.uow.orders.get(order_id)
            if order is None:
                return False
            before = order.status
            if not rule(order, now):
                return False
            try:
                await self.orders.store_change(order, before, now)
            except Conflict:
                return False  # another worker got there first
            self.orders.notices.updated(self.uow, order)
            await self.uow.commit()
        return True

    async def _publish(self, order_id: int) -> bool:
        now = self.clock.now()
        async with self.uow:
            changed = await publish_order_reviews(self.uow, order_id, now)
            if changed:
                await self.uow.commit()
        return bool(changed)
