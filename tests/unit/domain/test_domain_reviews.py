"""Reviews and the unpaid-order timer: properties over many inputs."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import Conflict, Forbidden, ValidationError
from domain.order_rules import UNPAID_LIMIT, UNPAID_STATUSES, OrderStatus
from domain.reviews import (
    REVIEW_WINDOW,
    ReviewedOrder,
    average_rating,
    publish_due,
    visible_to,
    write_review,
)
from tests.support import NOW, an_order

pytestmark = pytest.mark.unit

DONE = ReviewedOrder(1, buyer_id=10, seller_id=20, status=OrderStatus.COMPLETED,
                     completed_at=NOW)
offsets = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=40))


@given(st.lists(st.integers(1, 5), min_size=1, max_size=50))
def test_average_rating_lies_between_the_extremes(ratings: list[int]) -> None:
    mean = average_rating(ratings)
    assert min(ratings) <= mean <= max(ratings)
    assert mean == mean.quantize(Decimal("0.01"))


def test_no_ratings_average_zero() -> None:
    assert average_rating([]) == Decimal("0.00")


@given(st.integers(-3, 9), offsets)
def test_only_1_to_5_stars_within_the_window(stars: int, later: timedelta) -> None:
    ok = 1 <= stars <= 5 and later < REVIEW_WINDOW
    try:
        review = write_review(DONE, 10, stars, "fine", NOW + later, already_reviewed=False)
    except (ValidationError, Conflict):
        assert not ok
    else:
        assert ok and review.reviewee_id == 20 and not review.is_published


@given(st.sampled_from(list(OrderStatus)), st.integers(1, 30))
def test_only_parties_of_completed_orders_review(status: OrderStatus, who: int) -> None:
    order = ReviewedOrder(1, 10, 20, status, NOW if status is OrderStatus.COMPLETED else None)
    try:
        write_review(order, who, 5, "", NOW, already_reviewed=False)
    except Forbidden:
        assert who not in (10, 20)
    except Conflict:
        assert status is not OrderStatus.COMPLETED
    else:
        assert who in (10, 20) and status is OrderStatus.COMPLETED


@given(st.sets(st.sampled_from([10, 20]), min_size=1), offsets)
def test_double_blind_publishing(reviewers: set[int], later: timedelta) -> None:
    reviews = [write_review(DONE, who, 4, "", NOW, already_reviewed=False)
               for who in sorted(reviewers)]
    published = publish_due(reviews, NOW, NOW + later)
    due = len(reviewers) == 2 or later >= REVIEW_WINDOW
    assert bool(published) == due
    for review in reviews:
        assert visible_to(review, review.reviewer_id)
        assert visible_to(review, None) == due
    assert publish_due(reviews, NOW, NOW + later) == []  # publishing twice changes nothing


@given(offsets, st.sampled_from(list(OrderStatus)))
def test_unpaid_orders_expire_72_hours_after_placement_while_unpaid(
        later: timedelta, status: OrderStatus) -> None:
    """Pending or confirmed by the seller (neither paid): cancelled by the timer."""
    order = an_order(price="10.00", status=status, created_at=NOW)
    expired = order.cancel_if_unpaid_expired(NOW + later)
    assert expired == (status in UNPAID_STATUSES and later >= UNPAID_LIMIT)
    assert {OrderStatus.PENDING, OrderStatus.CONFIRMED} == UNPAID_STATUSES
    if expired:
        assert order.status is OrderStatus.CANCELLED
        assert order.pull_events()[0].actor_id is None
    else:
        assert order.status is status
