"""The review repository against real databases: one review per party per order, what
publishing moves (only the still hidden), whose orders wait to publish, and the rating the
published reviews make."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from application.ports import UnitOfWork
from domain.errors import Conflict
from domain.order_rules import OrderStatus
from domain.reviews import Review
from entrypoints.container import Container
from tests.support import NOW, add_listing, add_users, an_order, ids_of

pytestmark = pytest.mark.adapters

DAY = timedelta(days=1)


async def orders_between(uow: UnitOfWork, seller: int, buyer: int,
                         *statuses: tuple[OrderStatus, int]) -> list[int]:
    """One order of the buyer's per ``(status, days before NOW it reached it)``, each of its
    own listing."""
    ids = []
    for n, (status, days) in enumerate(statuses):
        listing = await add_listing(uow, seller, title=f"Coat {n}")
        async with uow:
            order = await uow.orders.add(
                an_order(listing.id or 0, buyer, seller, order_number=f"{buyer}-ORDER{n}",
                         status=status), NOW - days * DAY)
            await uow.commit()
        ids.append(order.id or 0)
    return ids


def a_review(order_id: int, by: int, about: int, rating: int = 5, comment: str = "",
             published_at: datetime | None = None) -> Review:
    return Review(order_id=order_id, reviewer_id=by, reviewee_id=about, rating=rating,
                  comment=comment, created_at=NOW, published_at=published_at)


async def test_each_party_reviews_an_order_once_and_the_table_refuses_a_second(
        container: Container) -> None:
    sam, maya = ids_of(await add_users(container.uow(), "sam", "maya"))
    first, second, _ = await orders_between(container.uow(), sam, maya,
                                            *[(OrderStatus.COMPLETED, 1)] * 3)
    async with container.uow() as uow:
        by_maya = await uow.reviews.add(a_review(first, maya, sam, 4, comment="Lovely"))
        by_sam = await uow.reviews.add(a_review(first, sam, maya, 5))
        on_second = await uow.reviews.add(a_review(second, maya, sam, 2))
        await uow.commit()
    with pytest.raises(Conflict):
        async with container.uow() as uow:
            await uow.reviews.add(a_review(first, maya, sam, 1, comment="Changed my mind"))
            await uow.commit()
    with pytest.raises(Conflict):  # 1 to 5 stars, whatever the service checked
        async with container.uow() as uow:
            await uow.reviews.add(a_review(second, sam, maya, 6))
            await uow.commit()
    async with container.uow() as uow:
        found = await uow.reviews.for_orders([first, second, 999])
        assert {order: [r.id for r in reviews] for order, reviews in found.items()} == {
            first: [by_maya.id, by_sam.id], second: [on_second.id]}
        assert (found[first][0].rating, found[first][0].comment) == (4, "Lovely")
        assert dict(await uow.reviews.for_orders([])) == {}


async def test_publishing_moves_only_hidden_reviews_and_about_user_shows_published_newest_first(
        container: Container) -> None:
    sam, maya, lee = ids_of(await add_users(container.uow(), "sam", "maya", "lee"))
    orders = await orders_between(container.uow(), sam, maya, *[(OrderStatus.COMPLETED, 1)] * 3)
    lees = await orders_between(container.uow(), sam, lee, (OrderStatus.COMPLETED, 1))
    async with container.uow() as uow:
        early, late, hidden = [(await uow.reviews.add(a_review(o, maya, sam))).id or 0
                               for o in orders]
        by_lee = (await uow.reviews.add(a_review(lees[0], lee, sam, 3))).id or 0
        about_maya = (await uow.reviews.add(a_review(orders[0], sam, maya))).id or 0
        await uow.reviews.publish([early, about_maya], NOW)
        await uow.reviews.publish([late, by_lee], NOW + 2 * DAY)
        await uow.reviews.publish([], NOW)
        await uow.commit()
    async with container.uow() as uow:
        # A second publish leaves an already published review's moment where it was.
        await uow.reviews.publish([early, late], NOW + 5 * DAY)
        await uow.commit()
    async with container.uow() as uow:
        about_sam = await uow.reviews.about_user(sam, limit=10)
        assert [r.id for r in about_sam] == [by_lee, late, early]
        assert about_sam[-1].published_at == NOW and about_sam[1].published_at == NOW + 2 * DAY
        assert [r.id for r in await uow.reviews.about_user(sam, limit=2)] == [by_lee, late]
        assert [r.id for r in await uow.reviews.about_user(maya, limit=10)] == [about_maya]
        assert hidden not in [r.id for r in about_sam]


async def test_orders_waiting_to_publish_are_completed_long_enough_with_a_hidden_review(
        container: Container) -> None:
    sam, maya = ids_of(await add_users(container.uow(), "sam", "maya"))
    waiting, both_hidden, too_recent, shipped, all_published = await orders_between(
        container.uow(), sam, maya, (OrderStatus.COMPLETED, 15), (OrderStatus.COMPLETED, 14),
        (OrderStatus.COMPLETED, 13), (OrderStatus.SHIPPED, 20), (OrderStatus.COMPLETED, 20))
    async with container.uow() as uow:
        for order in (waiting, too_recent, shipped):
            await uow.reviews.add(a_review(order, maya, sam))
        await uow.reviews.add(a_review(both_hidden, maya, sam))
        await uow.reviews.add(a_review(both_hidden, sam, maya))
        await uow.reviews.add(a_review(all_published, maya, sam, published_at=NOW))
        await uow.commit()
    async with container.uow() as uow:
        # Completed at the cutoff counts; an order with two hidden reviews is named once.
        due = await uow.reviews.unpublished_order_ids(NOW - 14 * DAY, limit=10)
        assert sorted(due) == [waiting, both_hidden]
        assert len(await uow.reviews.unpublished_order_ids(NOW - 14 * DAY, limit=1)) == 1


async def test_a_rating_is_the_half_up_mean_of_the_published_reviews_only(
        container: Container) -> None:
    sam, maya, lee = ids_of(await add_users(container.uow(), "sam", "maya", "lee"))
    orders = await orders_between(container.uow(), sam, maya, *[(OrderStatus.COMPLETED, 1)] * 4)
    async with container.uow() as uow:
        for order, stars, published in zip(orders, (5, 4, 4, 1), (NOW, NOW, NOW, None),
                                           strict=True):
            await uow.reviews.add(a_review(order, maya, sam, stars, published_at=published))
        await uow.reviews.refresh_rating(sam)
        await uow.reviews.refresh_rating(lee)  # nobody reviewed lee
        await uow.commit()
    async with container.uow() as uow:
        rated, unrated = await uow.users.get(sam), await uow.users.get(lee)
        assert rated is not None and unrated is not None
        assert (rated.rating, rated.rating_count) == (Decimal("4.33"), 3)  # not 3.50 with 1
        assert (unrated.rating, unrated.rating_count) == (Decimal("0.00"), 0)
