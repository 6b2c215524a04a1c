"""BlogService on the in-memory fakes: pages, slugs, drafts, commits (cursors: test_paging)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from application.blog import BlogService
from domain.accounts import Role
from domain.blog import BlogContent, BlogPost
from domain.errors import Conflict, NotAuthenticated, NotFound, ValidationError
from entrypoints.container import Container
from tests.fakes import FakeUnitOfWork, FixedClock
from tests.support import a_user

pytestmark = pytest.mark.unit

MAYA, THEO, BOSS = a_user("maya", id=1), a_user("theo", id=2), a_user("boss", Role.ADMIN, id=3)


@pytest.fixture(autouse=True)
def ticking(clock: FixedClock) -> None:
    """Every reading of the clock is a second later, so posts have distinct times."""
    clock.step = timedelta(seconds=1)


@pytest.fixture(autouse=True)
async def people(uow: FakeUnitOfWork) -> None:
    async with uow:
        for user in (MAYA, THEO, BOSS):
            await uow.users.add(replace(user))
        await uow.commit()
    uow.commits = 0


@pytest.fixture
def service(container: Container) -> BlogService:
    return container.blogs()


def text(title: str, **fields: object) -> BlogContent:
    return BlogContent(title=title, content="Enough words to count.", **fields)  # type: ignore


async def test_create_commits_and_names_the_author(service: BlogService,
                                                   uow: FakeUnitOfWork) -> None:
    created = await service.create(MAYA, text("Thrift Store Finds", published=True))
    assert created.post.slug == "thrift-store-finds"
    assert created.author.username == "maya"
    assert uow.commits == 1


async def test_create_refuses_visitors_and_bad_input_before_touching_storage(
        service: BlogService, uow: FakeUnitOfWork) -> None:
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
        service: BlogService, uow: FakeUnitOfWork) -> None:
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
        service: BlogService, uow: FakeUnitOfWork) -> None:
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
