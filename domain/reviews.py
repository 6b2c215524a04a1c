"""Reviews after a completed order (double-blind, Airbnb-style).

- Buyer and seller may each review the other once, 1-5 stars and an optional comment, from
  completion until :data:`REVIEW_WINDOW` (14 days) later.
- A review is published when both parties have reviewed, or when the window closes; until
  then only its author sees it, so neither side writes in reply to the other's review.
- A user's rating is the mean of the published reviews about them, rounded half-up to
  two places (cards show one).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

from domain.errors import Conflict, Forbidden, ValidationError
from domain.order_rules import OrderStatus

REVIEW_WINDOW = timedelta(days=14)
COMMENT_MAX = 1000
MIN_STARS, MAX_STARS = 1, 5


@dataclass(kw_only=True)
class Review:
    id: int | None = None
    order_id: int
    reviewer_id: int
    reviewee_id: int
    rating: int
    comment: str
    created_at: datetime
    published_at: datetime | None = None

    @property
    def is_published(self) -> bool:
        return self.published_at is not None


@dataclass(frozen=True, slots=True)
class ReviewedOrder:
    """What a review needs to know about its order."""

    order_id: int
    buyer_id: int
    seller_id: int
    status: OrderStatus
    completed_at: datetime | None


def validate_review(rating: object, comment: str | None) -> dict[str, str]:
    errors: dict[str, str] = {}
    if isinstance(rating, bool) or not isinstance(rating, int) or not (
            MIN_STARS <= rating <= MAX_STARS):
        errors["rating"] = "Rating must be between 1 and 5 stars"
    if comment is not None and len(comment.strip()) > COMMENT_MAX:
        errors["comment"] = f"Comment must be at most {COMMENT_MAX} characters"
    return errors


def review_closes_at(completed_at: datetime) -> datetime:
    return completed_at + REVIEW_WINDOW


def write_review(order: ReviewedOrder, reviewer_id: int, rating: int, comment: str | None,
                 now: datetime, already_reviewed: bool) -> Review:
    """A new, unpublished review by ``reviewer_id``, or the reason it may not be written."""
    if reviewer_id == order.buyer_id:
        reviewee_id = order.seller_id
    elif reviewer_id == order.seller_id:
        reviewee_id = order.buyer_id
    else:
        raise Forbidden("Only the buyer and the seller can review this order.")
    if order.status is not OrderStatus.COMPLETED or order.completed_at is None:
        raise Conflict("You can review an order once it is completed.")
    if now >= review_closes_at(order.completed_at):
        raise Conflict("The 14-day review window for this order has closed.")
    if already_reviewed:
        raise Conflict("You have already reviewed this order.")
    errors = validate_review(rating, comment)
    if errors:
        raise ValidationError(errors)
    return Review(order_id=order.order_id, reviewer_id=reviewer_id, reviewee_id=reviewee_id,
                  rating=rating, comment=(comment or "").strip(), created_at=now)


def publish_due(reviews: list[Review], completed_at: datetime, now: datetime) -> list[Review]:
    """Publish the order's reviews when both exist or the window closed; returns those changed."""
    both = len({review.reviewer_id for review in reviews}) >= 2
    if not (both or now >= review_closes_at(completed_at)):
        return []
    changed = [review for review in reviews if review.published_at is None]
    for review in changed:
        review.published_at = now
    return changed


def visible_to(review: Review, viewer_id: int | None) -> bool:
    return review.is_published or review.reviewer_id == viewer_id


def average_rating(ratings: list[int]) -> Decimal:
    """The mean of ``ratings`` to two places, half-up; 0 with no ratings."""
    if not ratings:
        return Decimal("0.00")
    mean = Decimal(sum(ratings)) / Decimal(len(ratings))
    return mean.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
