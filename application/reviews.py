"""Reviews: buyer and seller rate each other once after completion (double-blind).

A review stays hidden (its author alone sees it) until the other party has reviewed too or
the 14-day window has closed; publishing recomputes the reviewed users' ratings, which the
cards, product pages and profiles show.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from application.ports import Clock, UnitOfWork
from domain.accounts import User
from domain.errors import NotFound
from domain.order_rules import OrderStatus
from domain.reviews import Review, ReviewedOrder, publish_due, write_review

MAX_REVIEWS_LISTED = 50


@dataclass(frozen=True)
class ReviewView:
    review: Review
    reviewer: User | None
    as_buyer: bool  # the reviewer bought from the reviewed user


async def publish_order_reviews(uow: UnitOfWork, order_id: int, now: datetime) -> list[Review]:
    """Publish the order's reviews if due and refresh the ratings; inside the caller's
    transaction. Returns the reviews published by this call."""
    completed_at = (await uow.orders.status_changed_at([order_id])).get(order_id)
    reviews = (await uow.reviews.for_orders([order_id])).get(order_id, [])
    if completed_at is None or not reviews:
        return []
    changed = publish_due(reviews, completed_at, now)
    if changed:
        await uow.reviews.publish([r.id for r in changed if r.id is not None], now)
        for user_id in {review.reviewee_id for review in changed}:
            await uow.reviews.refresh_rating(user_id)
    return changed


class ReviewService:
    def __init__(self, uow: UnitOfWork, clock: Clock) -> None:
        self.uow = uow
        self.clock = clock

    async def write(self, author: User, order_id: int, rating: int, comment: str | None
                    ) -> Review:
        assert author.id is not None
        now = self.clock.now()
        async with self.uow:
            order = await self.uow.orders.get(order_id)
            if order is None or order.id is None:
                raise NotFound("Order not found")
            completed_at = None
            if order.status is OrderStatus.COMPLETED:
                completed_at = (await self.uow.orders.status_changed_at([order.id]))[order.id]
            existing = (await self.uow.reviews.for_orders([order.id])).get(order.id, [])
            review = write_review(
                ReviewedOrder(order.id, order.buyer_id, order.seller_id, order.status,
                              completed_at),
                author.id, rating, comment, now,
                already_reviewed=any(r.reviewer_id == author.id for r in existing))
            await self.uow.reviews.add(review)
            await publish_order_reviews(self.uow, order.id, now)
            await self.uow.commit()
        return review

    async def about(self, user_id: int) -> list[ReviewView]:
        async with self.uow:
            if await self.uow.users.get(user_id) is None:
                raise NotFound("User not found")
            reviews = await self.uow.reviews.about_user(user_id, MAX_REVIEWS_LISTED)
            orders = {r.order_id: await self.uow.orders.get(r.order_id) for r in reviews}
            people = {r.reviewer_id: await self.uow.users.get(r.reviewer_id) for r in reviews}
        return [ReviewView(r, people.get(r.reviewer_id),
                           as_buyer=(o := orders.get(r.order_id)) is not None
                           and o.buyer_id == r.reviewer_id)
                for r in reviews]
