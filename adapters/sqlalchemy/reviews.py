"""Reviews and the users' denormalised ``rating`` / ``rating_count`` they feed."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    UniqueConstraint,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime
from adapters.sqlalchemy.orders import OrderRow
from domain.order_rules import OrderStatus
from domain.reviews import Review, average_rating


class ReviewRow(Base):
    __tablename__ = "reviews"
    __table_args__ = (
        UniqueConstraint("order_id", "reviewer_id", name="uq_reviews_order_id_reviewer_id"),
        CheckConstraint("rating BETWEEN 1 AND 5", name="ck_reviews_rating_range"),
        Index("ix_reviews_reviewee_id_published_at", "reviewee_id", "published_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    order_id: Mapped[int] = mapped_column(ForeignKey("orders.id", ondelete="CASCADE"))
    reviewer_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    reviewee_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    rating: Mapped[int] = mapped_column(SmallInteger)
    comment: Mapped[str] = mapped_column(String(1000), default="")
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    published_at: Mapped[datetime | None] = mapped_column(UtcDateTime)


def _review(row: ReviewRow) -> Review:
    return Review(id=row.id, order_id=row.order_id, reviewer_id=row.reviewer_id,
                  reviewee_id=row.reviewee_id, rating=row.rating, comment=row.comment,
                  created_at=row.created_at, published_at=row.published_at)


class SqlReviewRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, review: Review) -> Review:
        row = ReviewRow(order_id=review.order_id, reviewer_id=review.reviewer_id,
                        reviewee_id=review.reviewee_id, rating=review.rating,
                        comment=review.comment, created_at=review.created_at,
                        published_at=review.published_at)
        self.session.add(row)
        await self.session.flush()
        review.id = row.id
        return review

    async def for_orders(self, order_ids: list[int]) -> dict[int, list[Review]]:
        found: dict[int, list[Review]] = defaultdict(list)
        if order_ids:
            rows = await self.session.scalars(
                select(ReviewRow).where(ReviewRow.order_id.in_(order_ids))
                .order_by(ReviewRow.id))
            for row in rows.all():
                found[row.order_id].append(_review(row))
        return found

    async def publish(self, review_ids: list[int], now: datetime) -> None:
        if review_ids:
            await self.session.execute(
                update(ReviewRow).where(ReviewRow.id.in_(review_ids),
                                        ReviewRow.published_at.is_(None))
                .values(published_at=now))

    async def about_user(self, user_id: int, limit: int) -> list[Review]:
        rows = await self.session.scalars(
            select(ReviewRow).where(ReviewRow.reviewee_id == user_id,
                                    ReviewRow.published_at.is_not(None))
            .order_by(ReviewRow.published_at.desc(), ReviewRow.id.desc()).limit(limit))
        return [_review(row) for row in rows.all()]

    async def unpublished_order_ids(self, completed_before: datetime, limit: int) -> list[int]:
        query = (select(ReviewRow.order_id).distinct()
                 .join(OrderRow, OrderRow.id == ReviewRow.order_id)
                 .where(ReviewRow.published_at.is_(None),
                        OrderRow.status == OrderStatus.COMPLETED.value,
                        OrderRow.status_changed_at <= completed_before)
                 .limit(limit))
        return list((await self.session.scalars(query)).all())

    async def refresh_rating(self, user_id: int) -> None:
        ratings = (await self.session.scalars(
            select(ReviewRow.rating).where(ReviewRow.reviewee_id == user_id,
                                           ReviewRow.published_at.is_not(None)))).all()
        await self.session.execute(
            update(UserRow).where(UserRow.id == user_id)
            .values(rating=average_rating(list(ratings)), rating_count=len(ratings)))


