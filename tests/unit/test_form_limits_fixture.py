"""tests/fixtures/form-limits.json is what the webapp's forms check before sending.

The webapp imports the file itself; this test holds it to the rules in domain/, so a limit
changed on one side fails here instead of letting the browser accept what the server
refuses (or refuse what it accepts).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from application.media import MAX_IMAGE_BYTES
from domain import contact, posts, social
from domain.catalog import MAX_LISTING_IMAGES
from domain.slugs import MAX_SLUG_LENGTH, MIN_SLUG_LENGTH
from domain.validation import accounts, content, listings

pytestmark = pytest.mark.unit

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "form-limits.json"
LIMITS = json.loads(FIXTURE.read_text(encoding="utf-8"))

DOMAIN = {
    "accounts": {
        "username": {"min": accounts.USERNAME_MIN, "max": accounts.USERNAME_MAX},
        "displayName": {"min": accounts.DISPLAY_NAME_MIN, "max": accounts.DISPLAY_NAME_MAX},
        "password": {"min": accounts.PASSWORD_MIN, "max": accounts.PASSWORD_MAX},
    },
    "contact": {
        "name": {"min": contact.NAME_MIN, "max": contact.NAME_MAX},
        "subject": {"min": contact.SUBJECT_MIN, "max": contact.SUBJECT_MAX},
        "message": {"min": contact.MESSAGE_MIN, "max": contact.MESSAGE_MAX},
    },
    "blog": {
        "title": {"min": listings.TITLE_MIN, "max": listings.TITLE_MAX},
        "slug": {"min": MIN_SLUG_LENGTH, "max": MAX_SLUG_LENGTH},
        "excerpt": {"max": content.EXCERPT_MAX},
        "imageUrl": {"max": content.IMAGE_URL_MAX},
        "content": {"min": content.BLOG_CONTENT_MIN, "max": content.BLOG_CONTENT_MAX},
    },
    "listing": {
        "title": {"min": listings.TITLE_MIN, "max": listings.TITLE_MAX},
        "description": {"min": listings.DESCRIPTION_MIN, "max": listings.DESCRIPTION_MAX},
        "brand": {"min": 1, "max": listings.BRAND_MAX},
        "images": {"min": 1, "max": MAX_LISTING_IMAGES},
    },
    "posts": {
        "content": {"max": posts.MAX_CONTENT},
        "hashtags": {"max": posts.MAX_HASHTAGS},
        "taggedProducts": {"max": posts.MAX_TAGGED_PRODUCTS},
        "comment": {"min": 1, "max": posts.MAX_COMMENT},
    },
    "photo": {"maxBytes": MAX_IMAGE_BYTES},
    "profile": {
        "bio": {"max": social.MAX_BIO},
        "height": {"max": social.MAX_HEIGHT},
        "instagramHandle": {"max": social.MAX_INSTAGRAM},
    },
}


@pytest.mark.parametrize("form", sorted(DOMAIN))
def test_the_fixture_states_the_domain_limits(form: str) -> None:
    assert LIMITS[form] == DOMAIN[form]


def test_the_fixture_has_no_form_the_domain_does_not_know() -> None:
    assert set(LIMITS) - {"about"} == set(DOMAIN)
