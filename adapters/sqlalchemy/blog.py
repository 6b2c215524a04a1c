"""Blog posts: the table and the repository behind the blog port.

Lists are keyset pages ordered by (created_at DESC, id DESC); the published list is served
by the index (published, created_at, id), an author's list by (user_id, created_at).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    ColumnElement,
    ForeignKey,
    Index,
    Integer,
    Select,
    String,
    Text,
    and_,
    delete,
    exists,
    or_,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from adapters.sqlalchemy.accounts import UserRow
from adapters.sqlalchemy.base import Base, UtcDateTime
from adapters.sqlalchemy.paging import keyset_page
from application.ports.blog import AuthoredPost, BlogQuery
from application.shared.paging import After
from domain.blog import BlogAuthor, BlogPost
from domain.errors import Conflict

SLUG_TAKEN = "That slug is already in use"


class BlogPostRow(Base):
    __tablename__ = "blog_posts"
    __table_args__ = (
        Index("ix_blog_posts_published_created_at_id", "published", "created_at", "id"),
        Index("ix_blog_posts_user_id_created_at", "user_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    title: Mapped[str] = mapped_column(String(100))
    slug: Mapped[str] = mapped_column(String(100), unique=True)
    excerpt: Mapped[str | None] = mapped_column(String(300))
    content: Mapped[str] = mapped_column(Text)
    image_url: Mapped[str | None] = mapped_column(String(2000))
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime)
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime)


_POST_FIELDS = ("user_id", "title", "slug", "excerpt", "content", "image_url", "published",
                "created_at", "updated_at")


def _post(row: BlogPostRow) -> BlogPost:
    return BlogPost(id=row.id, **{name: getattr(row, name) for name in _POST_FIELDS})


def _authored(row: BlogPostRow, user: UserRow) -> AuthoredPost:
    author = BlogAuthor(user.id, user.username, user.display_name, user.avatar_url)
    return AuthoredPost(_post(row), author)


def _visible(query: BlogQuery) -> ColumnElement[bool]:
    shown: ColumnElement[bool] = BlogPostRow.published.is_(True)
    if query.drafts_of is not None:
        shown = or_(shown, BlogPostRow.user_id == query.drafts_of)
    if query.author_id is not None:
        shown = and_(BlogPostRow.user_id == query.author_id, shown)
    return shown


class SqlBlogRepository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    def _with_author(self) -> Select[BlogPostRow, UserRow]:
        return select(BlogPostRow, UserRow).join(UserRow, UserRow.id == BlogPostRow.user_id)

    async def _flush(self) -> None:
        """The unique slug index settles a race that the service's check could not."""
        try:
            await self.session.flush()
        except IntegrityError as error:
            raise Conflict(SLUG_TAKEN) from error

    async def _one(self, condition: ColumnElement[bool]) -> AuthoredPost | None:
        found = (await self.session.execute(self._with_author().where(condition))).first()
        return None if found is None else _authored(*found)

    async def add(self, post: BlogPost) -> BlogPost:
        """Insert in a savepoint: a taken slug is refused without ending the transaction,
        so the service can try the next number."""
        row = BlogPostRow(**{name: getattr(post, name) for name in _POST_FIELDS})
        try:
            async with self.session.begin_nested():
                self.session.add(row)
        except IntegrityError as error:
            raise Conflict(SLUG_TAKEN) from error
        post.id = row.id
        return post

    async def get(self, post_id: int) -> AuthoredPost | None:
        return await self._one(BlogPostRow.id == post_id)

    async def get_by_slug(self, slug: str) -> AuthoredPost | None:
        return await self._one(BlogPostRow.slug == slug)

    async def slug_taken(self, slug: str, *, except_id: int | None = None) -> bool:
        condition = BlogPostRow.slug == slug
        if except_id is not None:
            condition = and_(condition, BlogPostRow.id != except_id)
        return bool(await self.session.scalar(exists().where(condition).select()))

    async def save(self, post: BlogPost) -> None:
        row = await self.session.get(BlogPostRow, post.id)
        if row is None:
            raise LookupError(f"blog post {post.id} vanished")
        for name in _POST_FIELDS:
            setattr(row, name, getattr(post, name))
        await self._flush()

    async def delete(self, post_id: int) -> None:
        await self.session.execute(delete(BlogPostRow).where(BlogPostRow.id == post_id))

    async def page(self, query: BlogQuery, limit: int,
                   after: After | None = None) -> list[AuthoredPost]:
        statement = keyset_page(self._with_author().where(_visible(query)),
                                BlogPostRow.created_at, BlogPostRow.id, limit, after)
        return [_authored(*found) for found in (await self.session.execute(statement)).all()]
