"""BlogService with in-memory fakes of its ports: cursors, limits, slugs, drafts, commits."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Self

import pytest
from hypothesis import given
from hypothesis import strategies as st

from application.blog import BlogService, decode_cursor, encode_cursor, page_limit
from application.ports.blog import AuthoredPost, BlogQuery, PageAfter
from domain.accounts import Role, User
from domain.blog import BlogAuthor, BlogContent, BlogPost
from domain.errors import Conflict, NotAuthenticated, NotFound, ValidationError

pytestmark = pytest.mark.unit

START = datetime(2025, 1, 5, 12, 0, tzinfo=UTC)


class StepClock:
    def __init__(self) -> None:
        self.current = START

    def now(self) -> datetime:
        self.current += timedelta(seconds=1)
        return self.current


class FakeBlogs:
    def __init__(self, authors: dict[int, BlogAuthor]) -> None:
        self.rows: dict[int, BlogPost] = {}
        self.authors = authors

    def _authored(self, post: BlogPost) -> AuthoredPost:
        return AuthoredPost(replace(post), self.authors[post.user_id])

    async def add(self, post: BlogPost) -> BlogPost:
        post.id = len(self.rows) + 1
        self.rows[post.id] = replace(post)
        return post

    async def get(self, post_id: int) -> AuthoredPost | None:
        post = self.rows.get(post_id)
        return None if post is None else self._authored(post)

    async def get_by_slug(self, slug: str) -> AuthoredPost | None:
        return next((self._authored(p) for p in self.rows.values() if p.slug == slug), None)

    async def slug_taken(self, slug: str, *, except_id: int | None = None) -> bool:
        return any(p.slug == slug and p.id != except_id for p in self.rows.values())

    async def save(self, post: BlogPost) -> None:
        assert post.id is not None
        self.rows[post.id] = replace(post)

    async def delete(self, post_id: int) -> None:
        self.rows.pop(post_id, None)

    async def page(self, query: BlogQuery, limit: int,
                   after: PageAfter | None = None) -> list[AuthoredPost]:
        def shown(p: BlogPost) -> bool:
            visible = p.published or p.user_id == query.drafts_of
            return visible and query.author_id in (None, p.user_id)

        posts = sorted((p for p in self.rows.values() if shown(p)),
                       key=lambda p: (p.created_at, p.id), reverse=True)
        if after is not None:
            posts = [p for p in posts if (p.created_at, p.id) < (after.created_at, after.id)]
        return [self._authored(p) for p in posts[:limit]]


class FakeUsers:
    def __init__(self, users: list[User]) -> None:
        self.by_id = {u.id: u for u in users}

    async def get(self, user_id: int) -> User | None:
        return self.by_id.get(user_id)


class FakeUow:
    def __init__(self, users: list[User]) -> None:
        self.users = FakeUsers(users)
        authors = {u.id: BlogAuthor(u.id, u.username, u.display_name) for u in users
                   if u.id is not None}
        self.blogs = FakeBlogs(authors)
        self.commits = 0

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> None:
        return None

    async def commit(self) -> None:
        self.commits += 1


def person(user_id: int, name: str, role: Role = Role.USER) -> User:
    return User(id=user_id, username=name, display_name=name.title(),
                email=f"{name}@example.com", password_hash="x", created_at=START, role=role)


MAYA, THEO, BOSS = person(1, "maya"), person(2, "theo"), person(3, "boss", Role.ADMIN)


@pytest.fixture
def uow() -> FakeUow:
    return FakeUow([MAYA, THEO, BOSS])


@pytest.fixture
def service(uow: FakeUow) -> BlogService:
    return BlogService(uow, StepClock())  # type: ignore[arg-type]


def text(title: str, **fields: object) -> BlogContent:
    return BlogContent(title=title, content="Enough words to count.", **fields)  # type: ignore


@given(seconds=st.integers(0, 10**9), micro=st.integers(0, 999_999),
       post_id=st.integers(1, 2**31 - 1))
def test_cursors_round_trip(seconds: int, micro: int, post_id: int) -> None:
    after = PageAfter(START + timedelta(seconds=seconds, microseconds=micro), post_id)
    assert decode_cursor(encode_cursor(after)) == after


def test_cursors_naming_an_id_no_database_holds_are_validation_errors() -> None:
    for post_id in (0, -1, 2**31, 2**63):
        with pytest.raises(ValidationError):
            decode_cursor(encode_cursor(PageAfter(START, post_id)))


@pytest.mark.parametrize("cursor", ["x", "bm9wZQ", "MjAyNS0wMS0wNXwx", "!!", "MjAyNXxhYmM"])
def test_tampered_cursors_are_validation_errors(cursor: str) -> None:
    with pytest.raises(ValidationError):
        decode_cursor(cursor)


def test_page_limit_defaults_caps_and_refuses() -> None:
    assert (page_limit(None), page_limit(7), page_limit(51)) == (12, 7, 50)
    with pytest.raises(ValidationError):
        page_limit(0)


async def test_create_commits_and_names_the_author(service: BlogService, uow: FakeUow) -> None:
    created = await service.create(MAYA, text("Thrift Store Finds", published=True))
    assert created.post.slug == "thrift-store-finds"
    assert created.author.username == "maya"
    assert uow.commits == 1


async def test_create_refuses_visitors_and_bad_input_before_touching_storage(
        service: BlogService, uow: FakeUow) -> None:
    with pytest.raises(NotAuthenticated, match=r"You must be logged in to publish a blog post\."):
        await service.create(None, text("Thrift Store Finds"))
    with pytest.raises(ValidationError):
        await service.create(MAYA, BlogContent(title="x", content="y"))
    assert uow.blogs.rows == {}
    assert uow.commits == 0


async def test_generated_slugs_are_numbered_but_chosen_ones_conflict(
        service: BlogService) -> None:
    first = await service.create(MAYA, text("Care Guide"))
    second = await service.create(THEO, text("Care Guide"))
    assert (first.post.slug, second.post.slug) == ("care-guide", "care-guide-2")
    with pytest.raises(Conflict, match="That slug is already in use"):
        await service.create(THEO, text("Anything", slug="care-guide"))


async def test_a_numbered_slug_still_fits_in_100_characters(service: BlogService) -> None:
    title = "a" * 60 + " " + "b" * 38
    await service.create(MAYA, text(title))
    second = await service.create(MAYA, text(title))
    assert len(second.post.slug) <= 100
    assert second.post.slug.endswith("-2")


async def test_drafts_are_not_found_for_others_and_admins_can_delete_them(
        service: BlogService, uow: FakeUow) -> None:
    draft = await service.create(MAYA, text("Private thoughts"))
    assert draft.post.id is not None
    for viewer in (None, THEO, BOSS):
        with pytest.raises(NotFound):
            await service.get(draft.post.id, viewer)
    with pytest.raises(NotFound):
        await service.update(draft.post.id, THEO, text("Stolen"))
    await service.delete(draft.post.id, BOSS)
    assert uow.blogs.rows == {}


async def test_pages_walk_every_post_once(service: BlogService) -> None:
    for number in range(5):
        await service.create(MAYA, text(f"Post {number}", published=True))
    await service.create(MAYA, text("Draft"))
    titles, cursor = [], None
    while True:
        page = await service.list_posts(None, limit=2, cursor=cursor)
        titles += [item.post.title for item in page.items]
        if page.next_cursor is None:
            break
        cursor = page.next_cursor
    assert titles == [f"Post {n}" for n in reversed(range(5))]
    mine = await service.list_user_posts(1, MAYA, include_unpublished=True)
    assert mine.items[0].post.title == "Draft"
    theirs = await service.list_user_posts(1, THEO, include_unpublished=True)
    assert "Draft" not in [item.post.title for item in theirs.items]


async def test_a_slug_taken_between_check_and_insert_gets_the_next_number(
        service: BlogService, uow: FakeUow) -> None:
    """The race the unique index settles: the check said free, the insert is refused."""
    stolen = {"care-guide", "care-guide-2"}
    real_add = uow.blogs.add

    async def racing_add(post: BlogPost) -> BlogPost:
        if post.slug in stolen:
            stolen.discard(post.slug)
            raise Conflict("That slug is already in use")
        return await real_add(post)

    uow.blogs.add = racing_add  # type: ignore[method-assign]
    created = await service.create(MAYA, text("Care Guide"))
    assert created.post.slug == "care-guide-3"
    with pytest.raises(Conflict, match="That slug is already in use"):
        stolen.add("chosen")
        await service.create(MAYA, text("Anything", slug="chosen"))
