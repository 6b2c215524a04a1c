"""The BlogPost aggregate: visibility, permissions, publish/unpublish, content cleaning."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.blog import BlogContent, BlogPost, image_url_allowed
from domain.errors import Forbidden
from domain.slugs import slugify
from tests.support import NOW

pytestmark = pytest.mark.unit

ids = st.integers(min_value=1, max_value=10_000)
maybe_ids = st.none() | ids


def a_post(owner: int = 1, *, published: bool = False) -> BlogPost:
    return BlogPost(user_id=owner, title="Denim care", slug="denim-care",
                    content="Wash cold, dry flat.", created_at=NOW, updated_at=NOW,
                    published=published)


@given(owner=ids, viewer=maybe_ids)
def test_a_published_post_is_visible_to_everyone(owner: int, viewer: int | None) -> None:
    assert a_post(owner, published=True).can_view(viewer)


@given(owner=ids, viewer=maybe_ids)
def test_a_draft_is_visible_only_to_its_owner(owner: int, viewer: int | None) -> None:
    assert a_post(owner).can_view(viewer) is (viewer == owner)


@given(owner=ids, editor=maybe_ids, published=st.booleans())
def test_only_the_owner_edits(owner: int, editor: int | None, published: bool) -> None:
    post = a_post(owner, published=published)
    assert post.can_edit(editor) is (editor == owner)
    if editor != owner:
        with pytest.raises(Forbidden, match=r"You do not have permission to edit this blog post\."):
            post.revise(editor or 0, BlogContent("New title", "New content here"), NOW)


@given(owner=ids, actor=maybe_ids, is_admin=st.booleans())
def test_the_owner_or_an_admin_deletes(owner: int, actor: int | None, is_admin: bool) -> None:
    assert a_post(owner).can_delete(actor, is_admin=is_admin) is (is_admin or actor == owner)


@given(moves=st.lists(st.booleans(), max_size=12))
def test_publish_and_unpublish_land_in_the_last_requested_state(moves: list[bool]) -> None:
    post = a_post()
    now = NOW
    for publish in moves:
        before = (post.published, post.updated_at)
        now += timedelta(minutes=1)
        post.publish(now) if publish else post.unpublish(now)
        assert post.published is publish
        changed = before[0] is not publish
        assert post.updated_at == (now if changed else before[1]), "no-op moves keep the time"
    assert post.published is (moves[-1] if moves else False)


def test_revise_with_published_none_keeps_the_state() -> None:
    post = a_post(published=True)
    post.revise(1, BlogContent("New title", "Plenty of content", "new-title", published=None),
                NOW + timedelta(hours=1))
    assert post.published is True
    assert post.title == "New title"
    assert post.updated_at == NOW + timedelta(hours=1)


@given(title=st.text(max_size=120), slug=st.text(max_size=20))
def test_cleaning_is_idempotent_and_fills_the_slug_from_the_title(title: str, slug: str) -> None:
    cleaned = BlogContent(title, "content", slug).cleaned()
    assert cleaned.cleaned() == cleaned
    if not slug.strip():
        assert cleaned.slug == slugify(title.strip())
        assert cleaned.slug_from_title


def test_a_slug_made_from_a_bad_title_is_not_reported_twice() -> None:
    errors = BlogContent("!", "Long enough content").cleaned().errors()
    assert errors == {"title": "Title must be at least 3 characters"}
    chosen = BlogContent("!", "Long enough content", "x").cleaned().errors()
    assert set(chosen) == {"title", "slug"}


@given(scheme=st.from_regex(r"[a-zA-Z][a-zA-Z0-9+.-]{0,10}", fullmatch=True),
       rest=st.text(max_size=30))
def test_only_http_schemes_pass_as_image_urls(scheme: str, rest: str) -> None:
    url = f"{scheme}:{rest}"
    assert image_url_allowed(url) is url.lower().startswith(("http://", "https://"))


@pytest.mark.parametrize(("url", "allowed"), [
    ("", True), (None, True), ("/media/blog/a.jpg", True), ("https://x.example/a.png", True),
    ("/api/users/1", False), ("/media/../api", False), ("/media\\x", False),
    ("javascript:alert(1)", False), (" JAVASCRIPT:alert(1)", False), ("//evil.example", False),
])
def test_image_url_examples(url: str | None, allowed: bool) -> None:
    assert image_url_allowed(url) is allowed


def test_content_errors_include_the_stricter_image_rule() -> None:
    content = BlogContent("Denim care", "Wash cold, dry flat.", image_url="/api/users/1")
    assert content.cleaned().errors() == {"imageUrl": "Image URL must be a valid URL"}
    fine = BlogContent("Denim care", "Wash cold, dry flat.", image_url="/media/blog/a.jpg")
    assert fine.cleaned().errors() == {}


@pytest.mark.parametrize("published", [True, False])
def test_revise_sets_the_requested_state(published: bool) -> None:
    post = a_post(published=not published)
    later = NOW + timedelta(days=1)
    post.revise(1, BlogContent("Title", "Some content", "title", published=published), later)
    assert (post.published, post.updated_at) == (published, later)


def test_a_stranger_cannot_delete_but_an_admin_can() -> None:
    post = a_post(owner=1)
    with pytest.raises(Forbidden, match="delete"):
        post.ensure_can_delete(2)
    post.ensure_can_delete(2, is_admin=True)
    post.ensure_can_delete(1)
