"""Style post, comment and profile rules (domain/posts.py, domain/social.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.errors import ValidationError
from domain.posts import (
    MAX_COMMENT,
    MAX_HASHTAGS,
    Comment,
    PostDraft,
    ProductTag,
    StylePost,
    comment_text,
    hashtags_in,
    normalise_hashtag,
    post_hashtags,
    validate_draft,
)
from domain.social import ProfileChanges, validate_profile
from tests.support import NOW

pytestmark = pytest.mark.unit
words = st.from_regex(r"[a-z0-9_]{1,30}", fullmatch=True)


@given(st.text(max_size=1200))
def test_comment_is_accepted_exactly_when_1_to_1000_characters_after_strip(text: str) -> None:
    stripped = text.strip()
    if 1 <= len(stripped) <= MAX_COMMENT:
        assert comment_text(text) == stripped
    else:
        with pytest.raises(ValidationError) as error:
            comment_text(text)
        assert set(error.value.errors) == {"content"}


def test_comment_messages() -> None:
    with pytest.raises(ValidationError, match="Comment cannot be empty"):
        comment_text("   ")
    with pytest.raises(ValidationError, match="at most 1000"):
        comment_text("x" * 1001)


@given(st.lists(words, max_size=MAX_HASHTAGS), st.lists(words, max_size=4))
def test_hashtags_are_lowercase_unique_chips_first(chips: list[str], written: list[str]
                                                   ) -> None:
    content = " ".join(f"#{w.upper()}" for w in written)
    names, error = post_hashtags(content, [f"#{c}" for c in chips])
    expected = list(dict.fromkeys([*chips, *(w.lower() for w in written)]))
    if len(expected) > MAX_HASHTAGS:
        assert error is not None and names == []
    else:
        assert error is None and names == expected
        assert all(normalise_hashtag(n) == n for n in names)


def test_hashtags_in_text_skip_mid_word_and_double_hash() -> None:
    assert hashtags_in("Love #Vintage and #y2k_style! mail@x#no ##no #") == ["vintage",
                                                                            "y2k_style"]
    assert normalise_hashtag("#Street Style") is None
    assert normalise_hashtag("x" * 31) is None


@given(st.lists(st.tuples(st.integers(1, 20), st.floats(-1, 2), st.floats(-1, 2)),
                max_size=7))
def test_tags_at_most_five_unique_and_inside_the_image(raw: list[tuple[int, float, float]]
                                                       ) -> None:
    tags = [ProductTag(pid, x, y) for pid, x, y in raw]
    valid = (len(tags) <= 5 and len({t.product_id for t in tags}) == len(tags)
             and all(0 <= t.x <= 1 and 0 <= t.y <= 1 for t in tags))  # type: ignore[operator]
    if valid:
        assert validate_draft(PostDraft("hi", [], tags)) == ("hi", [])
    else:
        with pytest.raises(ValidationError) as error:
            validate_draft(PostDraft("hi", [], tags))
        assert set(error.value.errors) == {"taggedProductIds"}


def test_draft_limits_and_half_positions() -> None:
    with pytest.raises(ValidationError) as error:
        validate_draft(PostDraft("x" * 2001, ["bad tag"], [ProductTag(1, 0.5, None)]))
    assert set(error.value.errors) == {"content", "hashtags", "taggedProductIds"}
    assert validate_draft(PostDraft("  #OOTD look ", ["Denim"], [ProductTag(3)])) == (
        "#OOTD look", ["denim", "ootd"])


def test_who_may_delete() -> None:
    post = StylePost(1, "/a", "/b", "", NOW, id=7)
    assert post.can_be_deleted_by(1, False) and post.can_be_deleted_by(2, True)
    assert not post.can_be_deleted_by(2, False)
    comment = Comment(7, 3, "nice", NOW)
    assert comment.can_be_deleted_by(3, 1) and comment.can_be_deleted_by(1, 1)
    assert not comment.can_be_deleted_by(2, 1)


@given(st.text(max_size=60), st.text(max_size=600), st.text(max_size=30))
def test_profile_fields_are_checked_and_stripped(name: str, bio: str, height: str) -> None:
    changes = ProfileChanges(display_name=name, bio=bio, height=height)
    ok = (2 <= len(name.strip()) <= 50 and len(bio.strip()) <= 500
          and len(height.strip()) <= 20)
    if ok:
        clean = validate_profile(changes)
        assert (clean.display_name, clean.bio, clean.height) == (
            name.strip(), bio.strip(), height.strip())
    else:
        with pytest.raises(ValidationError):
            validate_profile(changes)


def test_instagram_handle_and_kept_fields() -> None:
    assert validate_profile(ProfileChanges(instagram_handle=" @maya.styles ")
                            ).instagram_handle == "maya.styles"
    assert validate_profile(ProfileChanges(instagram_handle="")).instagram_handle == ""
    assert validate_profile(ProfileChanges()).display_name is None
    with pytest.raises(ValidationError) as error:
        validate_profile(ProfileChanges(instagram_handle="no spaces", display_name="A"))
    assert set(error.value.errors) == {"instagramHandle", "displayName"}
