"""Demo orders: one in every status, with their timelines, thread notices and reviews, so
demo sellers have real ratings. Deterministic: the same listings, people, times and order
numbers on every seed. Runs through the real services with a clock stepped back in time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from typing import Any

from application.order_notices import OrderNotices
from application.orders import OrderService
from application.ports import Clock, UnitOfWork
from application.reviews import ReviewService
from application.shared.clock import SteppedClock
from domain.accounts import User
from domain.catalog import ListingStatus
from domain.order_rules import OrderStatus
from domain.validation.addresses import AddressForm

Progress = Callable[[str, int, int], None]

# buyer, final status, days ago placed, (buyer stars, comment), (seller stars, comment)
Review = tuple[int, str] | None
SCENARIOS: list[tuple[str, OrderStatus, float, Review, Review]] = [
    ("sofia", OrderStatus.COMPLETED, 20, (5, "Exactly as described and shipped fast!"),
     (5, "Quick payment, lovely buyer.")),
    ("emma", OrderStatus.COMPLETED, 18, (4, "Great quality, a little more worn than the photos."),
     (5, "Smooth sale, thank you!")),
    ("jamal", OrderStatus.COMPLETED, 16, (5, "Fits perfectly. Would buy again."),
     (4, "Paid on time.")),
    ("sofia", OrderStatus.COMPLETED, 12, (5, "Beautiful piece, carefully packed."), None),
    ("emma", OrderStatus.DELIVERED, 3.5, None, None),
    # the demo dispute's order (trust.py), so a delivered order stays on the desk
    ("sofia", OrderStatus.DELIVERED, 2.5, None, None),
    ("jamal", OrderStatus.SHIPPED, 5, None, None),
    ("sofia", OrderStatus.PAYMENT_CONFIRMED, 3, None, None),
    ("emma", OrderStatus.CONFIRMED, 1.5, None, None),
    ("jamal", OrderStatus.PENDING, 1, None, None),
]
# Before the first scenario's sale, another buyer placed and cancelled an order for it.
CANCELLED_FIRST = "jamal"
WALK = [OrderStatus.CONFIRMED, OrderStatus.PAYMENT_CONFIRMED, OrderStatus.SHIPPED,
        OrderStatus.DELIVERED, OrderStatus.COMPLETED]
ADDRESSES = {
    "sofia": AddressForm("Sofia Rossi", "218 Elm Street", "Apt 4B", "Portland", "OR", "97205",
                         None, "5035550142"),
    "emma": AddressForm("Emma Larsen", "77 Harbor Road", None, "Seattle", "WA", "98101", None,
                        "2065550178"),
    "jamal": AddressForm("Jamal Carter", "1400 Peachtree Ave", None, "Atlanta", "GA",
                         "30309", None, "4045550190"),
}


class QuietNotices(OrderNotices):
    """Demo orders post no thread notices or notifications: the demo inboxes stay as the
    messaging demo wrote them (its counts are what the messaging tests check)."""

    async def placed(self, *_: Any) -> None:
        return None

    async def status_changed(self, *_: Any) -> None:
        return None


class OrdersDemo:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.end = clock.now()
        self.clock = SteppedClock(self.end)
        rng = random.Random(12)
        self.orders = OrderService(uow, self.clock, QuietNotices(),
                                   nonce=lambda: rng.randrange(100))
        self.reviews = ReviewService(uow, self.clock)

    async def seed(self, listing_ids: list[int], progress: Progress) -> None:
        """Sell copies of the first catalog listings (so the shop keeps its own listings,
        their favorites and their count)."""
        if not listing_ids:
            return
        people = await self._people()
        admin = people["admin"]
        sold = await self._copies(listing_ids[:len(SCENARIOS)])
        for index, (buyer, status, days, by_buyer, by_seller) in enumerate(SCENARIOS):
            if index >= len(sold):
                break
            self.clock.current = self.end - timedelta(days=days)
            if index == 0:
                await self._cancelled(people[CANCELLED_FIRST], sold[index])
            view = await self.orders.place(people[buyer], sold[index])
            order_id = view.order.id
            assert order_id is not None
            seller = await self._user(view.order.seller_id)
            await self.orders.set_shipping_address(people[buyer], order_id, ADDRESSES[buyer])
            for target in WALK[:WALK.index(status) + 1] if status in WALK else []:
                await self._step(hours=18)
                actor = {OrderStatus.PAYMENT_CONFIRMED: admin,
                         OrderStatus.COMPLETED: people[buyer]}.get(target, seller)
                shipping = target is OrderStatus.SHIPPED
                tracking = f"1Z{order_id:04d}RT{index:02d}" if shipping else None
                url = f"https://www.ups.com/track?tracknum={tracking}" if shipping else None
                await self.orders.change_status(actor, order_id, target.value, tracking, url)
            await self._step(hours=6)
            if by_buyer:
                await self.reviews.write(people[buyer], order_id, *by_buyer)
            if by_seller:
                await self.reviews.write(seller, order_id, *by_seller)
            progress("orders", index + 1, len(SCENARIOS))

    async def _cancelled(self, buyer: User, product_id: int) -> None:
        placed = self.clock.current - timedelta(days=2)
        self.clock.current = placed
        order_id = (await self.orders.place(buyer, product_id)).order.id
        assert order_id is not None
        await self._step(hours=5)
        await self.orders.change_status(buyer, order_id, OrderStatus.CANCELLED.value)
        self.clock.current = placed + timedelta(days=2)

    async def _copies(self, template_ids: list[int]) -> list[int]:
        async with self.uow:
            templates = await self.uow.listings.get_many(template_ids)
            ids = []
            for template_id in template_ids:
                # a copy is for sale even when its template is reserved by a demo offer
                copy = replace(templates[template_id], id=None, watch_count=0,
                               status=ListingStatus.AVAILABLE,
                               created_at=self.end - timedelta(days=30),
                               updated_at=self.end - timedelta(days=30))
                ids.append((await self.uow.listings.add(copy)).id)
            await self.uow.commit()
        return [i for i in ids if i is not None]

    async def _step(self, **delta: float) -> None:
        self.clock.current = min(self.end, self.clock.current + timedelta(**delta))

    async def _people(self) -> dict[str, User]:
        found = {}
        async with self.uow:
            for name in ("admin", "sofia", "emma", "jamal"):
                user = await self.uow.users.get_by_login(name)
                assert user is not None, f"demo user {name} is missing"
                found[name] = user
        return found

    async def _user(self, user_id: int) -> User:
        async with self.uow:
            user = await self.uow.users.get(user_id)
        assert user is not None
        return user
