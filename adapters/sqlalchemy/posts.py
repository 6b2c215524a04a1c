"""Style posts, hashtags, tagged listings, comments, likes and saves.

Likes and saves have the primary key (post_id, user_id) and are added with ``ON CONFLICT
DO NOTHING``, so double clicks and concurrent requests leave one row on both databases.
Counts are counted from those rows (index-only on the primary key), never stored.
Lists are keyset pages over (created_at, id).
"""

from __future__ import annotations

import builtins  # SqlPostRepository has a method named list; annotations after it use builtins.list
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    delete,
    exists,
    func,
    insert,
    select,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.base import Base, UtcDateTime, dialect_insert, rowcount
from adapters.sqlalchemy.paging import keyset_page
from adapters.sqlalchemy.social import FollowRow
from application.ports.posts import PostCounts, PostFilter
from application.shared.paging import After
from domain.posts import Comment, ProductTag, StylePost


class PostRow(Base):
    __tablename__ = "posts"
    __table_args__ = (
        Index("ix_posts_created_at_id", "created_at", "id"),
        Index("ix_posts_user_id_created_at_id", "user_id", "created_at", "id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    image_url: Mapped[str] = mapped_column(String(500))
    thumbnail_url: Mapped[str] = mapped_column(String(500))
    content: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


class PostHashtagRow(Base):
    __tablename__ = "post_hashtags"
    __table_args__ = (Index("ix_post_hashtags_name_post_id", "name", "post_id"),)

    post_id: Mapped[int] = mapped_column(
        ForeignKey("posts.id", ondelete="CASCADE"), primary_key=True)
    name: Mapped[str] = mapped_column(String(30), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)


class PostProductRow(Base):
    __tablename__ = "post_products"
    __table_args__ = (Index("ix_post_products_product_id_post_id", "product_id", "post_id"),)

    post_id: Mapped[int] = mapped_column(
        ForeignKey("posts.id", ondelete="CASCADE"), primary_key=True)
    product_id: Mapped[int] = mapped_column(
        ForeignKey("products.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    x: Mapped[float | None] = mapped_column(Float)
    y: Mapped[float | None] = mapped_column(Float)


class PostLikeRow(Base):
    __tablename__ = "post_likes"
    __table_args__ = (Index("ix_post_likes_user_id", "user_id"),)

    post_id: Mapped[int] = mapped_column(
        ForeignKey("posts.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


class PostSaveRow(Base):
    __tablename__ = "post_saves"
    __table_args__ = (Index("ix_post_saves_user_id_created_at", "user_id", "created_at"),)

    post_id: Mapped[int] = mapped_column(
        ForeignKey("posts.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


class CommentRow(Base):
    __tablename__ = "post_comments"
    __table_args__ = (Index("ix_post_comments_post_id_created_at_id", "post_id", "created_at",
                            "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    post_id: Mapped[int] = mapped_column(ForeignKey("posts.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    content: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)


P = PostRow


class SqlPostRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, post: StylePost) -> StylePost:
        post.id = (await self.add_many([post]))[0]
        return post

    async def add_many(self, posts: list[StylePost]) -> list[int]:
        ids: list[int] = []
        for post in posts:
            row = PostRow(user_id=post.user_id, image_url=post.image_url,
                          thumbnail_url=post.thumbnail_url, content=post.content,
                          created_at=post.created_at)
            self.session.add(row)
            await self.session.flush()
            ids.append(row.id)
        hashtags = [{"post_id": pid, "name": name, "position": i}
                    for pid, post in zip(ids, posts, strict=True)
                    for i, name in enumerate(post.hashtags)]
        tags = [{"post_id": pid, "product_id": t.product_id, "position": i, "x": t.x, "y": t.y}
                for pid, post in zip(ids, posts, strict=True) for i, t in enumerate(post.tags)]
        if hashtags:
            await self.session.execute(insert(PostHashtagRow), hashtags)
        if tags:
            await self.session.execute(insert(PostProductRow), tags)
        return ids

    async def get(self, post_id: int) -> StylePost | None:
        row = await self.session.get(PostRow, post_id)
        return None if row is None else (await self._posts([row]))[0]

    async def delete(self, post_id: int) -> None:
        await self.session.execute(delete(PostRow).where(P.id == post_id))

    async def list(self, query: PostFilter, after: After | None, limit: int
                   ) -> list[StylePost]:
        statement = keyset_page(select(PostRow).where(*_conditions(query)), P.created_at,
                                P.id, limit, after)
        return await self._posts((await self.session.scalars(statement)).all())

    async def trending(self, since: datetime, limit: int) -> builtins.list[StylePost]:
        likes = (select(PostLikeRow.post_id, func.count().label("n"))
                 .group_by(PostLikeRow.post_id).subquery())
        statement = (select(PostRow).outerjoin(likes, likes.c.post_id == P.id)
                     .where(P.created_at >= since)
                     .order_by(func.coalesce(likes.c.n, 0).desc(), P.created_at.desc(),
                               P.id.desc())
                     .limit(limit))
        return await self._posts((await self.session.scalars(statement)).all())

    async def counts(self, post_ids: builtins.list[int]) -> dict[int, PostCounts]:
        if not post_ids:
            return {}
        found: dict[int, dict[str, int]] = defaultdict(dict)
        for name, table in (("likes", PostLikeRow), ("saves", PostSaveRow),
                            ("comments", CommentRow)):
            rows = await self.session.execute(
                select(table.post_id, func.count()).where(table.post_id.in_(post_ids))
                .group_by(table.post_id))
            for post_id, count in rows.all():
                found[post_id][name] = count
        return {pid: PostCounts(**found.get(pid, {})) for pid in post_ids}

    async def count_by_author(self, user_id: int) -> int:
        query = select(func.count()).select_from(PostRow).where(P.user_id == user_id)
        return int(await self.session.scalar(query) or 0)

    async def _posts(self, rows: Sequence[PostRow]) -> builtins.list[StylePost]:
        ids = [row.id for row in rows]
        hashtags: dict[int, list[str]] = defaultdict(list)
        tags: dict[int, list[ProductTag]] = defaultdict(list)
        if ids:
            for post_id, name in (await self.session.execute(
                    select(PostHashtagRow.post_id, PostHashtagRow.name)
                    .where(PostHashtagRow.post_id.in_(ids))
                    .order_by(PostHashtagRow.post_id, PostHashtagRow.position))).all():
                hashtags[post_id].append(name)
            for tag in (await self.session.scalars(
                    select(PostProductRow).where(PostProductRow.post_id.in_(ids))
                    .order_by(PostProductRow.post_id, PostProductRow.position))).all():
                tags[tag.post_id].append(ProductTag(tag.product_id, tag.x, tag.y))
        return [StylePost(id=row.id, user_id=row.user_id, image_url=row.image_url,
                          thumbnail_url=row.thumbnail_url, content=row.content,
                          created_at=row.created_at, hashtags=tuple(hashtags[row.id]),
                          tags=tuple(tags[row.id])) for row in rows]


def _conditions(query: PostFilter) -> list[Any]:
    conditions: list[Any] = []
    if query.author_id is not None:
        conditions.append(P.user_id == query.author_id)
    if query.followed_by is not None:
        conditions.append(P.user_id.in_(select(FollowRow.following_id)
                                        .where(FollowRow.follower_id == query.followed_by)))
    if query.hashtag is not None:
        conditions.append(exists().where(PostHashtagRow.post_id == P.id,
                                         PostHashtagRow.name == query.hashtag))
    if query.saved_by is not None:
        conditions.append(exists().where(PostSaveRow.post_id == P.id,
                                         PostSaveRow.user_id == query.saved_by))
    if query.product_id is not None:
        conditions.append(exists().where(PostProductRow.post_id == P.id,
                                         PostProductRow.product_id == query.product_id))
    return conditions


class SqlReactionRepository:
    """Likes (``PostLikeRow``) or saves (``PostSaveRow``)."""

    def __init__(self, session: AsyncSession, table: type[PostLikeRow] | type[PostSaveRow]
                 ) -> None:
        self.session = session
        self.table = table

    async def add(self, post_id: int, user_id: int, now: datetime) -> bool:
        statement = (dialect_insert(self.session, self.table)
                     .values(post_id=post_id, user_id=user_id, created_at=now)
                     .on_conflict_do_nothing(index_elements=["post_id", "user_id"])
                     .returning(self.table.post_id))
        return await self.session.scalar(statement) is not None

    async def remove(self, post_id: int, user_id: int) -> bool:
        result = await self.session.execute(delete(self.table).where(
            self.table.post_id == post_id, self.table.user_id == user_id))
        return bool(rowcount(result))

    async def of_user(self, user_id: int, post_ids: list[int]) -> set[int]:
        if not post_ids:
            return set()
        found = await self.session.scalars(select(self.table.post_id).where(
            self.table.user_id == user_id, self.table.post_id.in_(post_ids)))
        return set(found.all())

    async def add_many(self, rows: list[tuple[int, int, datetime]]) -> None:
        if rows:
            await self.session.execute(insert(self.table), [
                {"post_id": p, "user_id": u, "created_at": at} for p, u, at in rows])


C = CommentRow


class SqlCommentRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, comment: Comment) -> Comment:
        row = CommentRow(post_id=comment.post_id, user_id=comment.user_id,
                         content=comment.content, created_at=comment.created_at)
        self.session.add(row)
        await self.session.flush()
        comment.id = row.id
        return comment

    async def add_many(self, comments: list[Comment]) -> None:
        if comments:
            await self.session.execute(insert(CommentRow), [
                {"post_id": c.post_id, "user_id": c.user_id, "content": c.content,
                 "created_at": c.created_at} for c in comments])

    async def get(self, comment_id: int) -> Comment | None:
        row = await self.session.get(CommentRow, comment_id)
        return None if row is None else _comment(row)

    async def delete(self, comment_id: int) -> None:
        await self.session.execute(delete(CommentRow).where(C.id == comment_id))

    async def list(self, post_id: int, after: After | None, limit: int
                   ) -> list[Comment]:
        statement = keyset_page(select(CommentRow).where(C.post_id == post_id), C.created_at,
                                C.id, limit, after, descending=False)
        return [_comment(row) for row in (await self.session.scalars(statement)).all()]


def _comment(row: CommentRow) -> Comment:
    return Comment(id=row.id, post_id=row.post_id, user_id=row.user_id, content=row.content,
                   created_at=row.created_at)
