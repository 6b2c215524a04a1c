"""Messages, blog posts and tracking details (spec §5)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.slugs import slugify
from domain.validation import validate_blog, validate_message, validate_tracking

pytestmark = pytest.mark.unit

VALID_BLOG = {
    "title": "How to style denim",
    "content": "Denim goes with everything.",
    "slug": "how-to-style-denim",
    "excerpt": None,
    "image_url": None,
}


def blog(**changes):
    return validate_blog(**{**VALID_BLOG, **changes})


def test_message_rules():
    assert validate_message("hi") == {}
    assert validate_message("   ") == {"content": "Message cannot be empty"}
    assert validate_message(None) == {"content": "Message cannot be empty"}
    assert validate_message("x" * 2001) == {"content": "Message must be at most 2000 characters"}


def test_a_valid_blog_post():
    assert blog() == {}
    assert blog(excerpt="x" * 300, image_url="https://img.example.com/a.jpg") == {}
    assert blog(image_url="/media/blog/1.jpg") == {}
    assert blog(image_url="  ") == {}


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"title": "ab"}, "title", "Title must be at least 3 characters"),
        ({"title": "x" * 101}, "title", "Title must be less than 100 characters"),
        ({"content": "too short"}, "content", "Content must be at least 10 characters"),
        ({"content": "x" * 100_001}, "content", "Content must be at most 100000 characters"),
        (
            {"slug": "My Post"},
            "slug",
            "Slug can only contain lowercase letters, numbers, and hyphens",
        ),
        (
            {"slug": "my_post"},
            "slug",
            "Slug can only contain lowercase letters, numbers, and hyphens",
        ),
        ({"slug": "ab"}, "slug", "Slug must be at least 3 characters"),
        ({"slug": "a" * 101}, "slug", "Slug must be less than 100 characters"),
        ({"slug": "-abc"}, "slug", "Slug cannot start or end with a hyphen or repeat hyphens"),
        ({"slug": "a--b"}, "slug", "Slug cannot start or end with a hyphen or repeat hyphens"),
        ({"excerpt": "x" * 301}, "excerpt", "Excerpt must be less than 300 characters"),
        ({"image_url": "not a url"}, "imageUrl", "Image URL must be a valid URL"),
        ({"image_url": "ftp://example.com/a.jpg"}, "imageUrl", "Image URL must be a valid URL"),
        ({"image_url": "//example.com/a.jpg"}, "imageUrl", "Image URL must be a valid URL"),
        ({"image_url": "https://"}, "imageUrl", "Image URL must be a valid URL"),
        (
            {"image_url": "https://e.com/" + "a" * 2000},
            "imageUrl",
            "Image URL must be a valid URL",
        ),
    ],
)
def test_blog_messages(changes, field, message):
    assert blog(**changes) == {field: message}


def test_tracking_rules():
    assert validate_tracking("1Z999", None) == {}
    assert validate_tracking("1Z999", "https://track.example.com/1Z999") == {}
    assert validate_tracking(" ", None) == {"trackingNumber": "Tracking number is required"}
    assert validate_tracking("x" * 101, None) == {
        "trackingNumber": "Tracking number must be at most 100 characters"
    }
    assert validate_tracking("1Z", "/relative") == {
        "trackingUrl": "Tracking URL must be a valid URL"
    }


@given(st.text(min_size=3, max_size=100))
def test_a_generated_slug_passes_validation_when_long_enough(title):
    slug = slugify(title)
    errors = blog(slug=slug)
    assert ("slug" in errors) == (len(slug) < 3)
