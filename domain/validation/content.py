"""Messages and blog posts (spec section 5).

A blog slug must use only lowercase letters, digits and hyphens (the spec's rule and
message) and must also be canonical: no leading, trailing or doubled hyphen, so that
:func:`domain.slugs.slugify` leaves it unchanged. Image URLs may be absolute http(s) URLs
or site paths such as ``/media/blog/1.jpg`` (uploaded images live there). A blank title,
slug or content is "required"; the spec's "at least N characters" is for a short one.
"""

from __future__ import annotations

from domain.slugs import MAX_SLUG_LENGTH, MIN_SLUG_LENGTH, SLUG_CHARS_RE, SLUG_RE
from domain.validation._rules import FieldErrors, clean, is_url, length_error, required_message
from domain.validation.listings import title_error

MESSAGE_MAX = 2000
BLOG_CONTENT_MIN, BLOG_CONTENT_MAX = 10, 100_000
EXCERPT_MAX = 300
IMAGE_URL_MAX = 2000


def validate_message(content: str | None) -> dict[str, str]:
    errors = FieldErrors()
    errors.add(
        "content",
        length_error(
            clean(content),
            min_len=1,
            max_len=MESSAGE_MAX,
            too_short="Message cannot be empty",
            too_long=f"Message must be at most {MESSAGE_MAX} characters",
        ),
    )
    return errors.result()


def slug_error(slug: str | None) -> str | None:
    value = clean(slug)
    if SLUG_CHARS_RE.fullmatch(value) is None:
        return "Slug can only contain lowercase letters, numbers, and hyphens"
    length = length_error(
        value,
        min_len=MIN_SLUG_LENGTH,
        max_len=MAX_SLUG_LENGTH,
        too_short="Slug must be at least 3 characters",
        too_long="Slug must be less than 100 characters",
        required=required_message("Slug"),
    )
    if length is None and SLUG_RE.fullmatch(value) is None:
        return "Slug cannot start or end with a hyphen or repeat hyphens"
    return length


def _image_url_error(image_url: str | None) -> str | None:
    value = clean(image_url)
    if not value:
        return None
    if len(value) > IMAGE_URL_MAX or not is_url(value):
        return "Image URL must be a valid URL"
    return None


def validate_blog(
    title: str | None,
    content: str | None,
    slug: str | None,
    excerpt: str | None = None,
    image_url: str | None = None,
) -> dict[str, str]:
    """All field errors of a blog post; ``excerpt`` and ``image_url`` are optional."""
    errors = FieldErrors()
    errors.add("title", title_error(title))
    errors.add(
        "content",
        length_error(
            clean(content),
            min_len=BLOG_CONTENT_MIN,
            max_len=BLOG_CONTENT_MAX,
            too_short="Content must be at least 10 characters",
            too_long="Content must be at most 100000 characters",
            required=required_message("Content"),
        ),
    )
    errors.add("slug", slug_error(slug))
    if len(clean(excerpt)) > EXCERPT_MAX:
        errors.add("excerpt", "Excerpt must be less than 300 characters")
    errors.add("imageUrl", _image_url_error(image_url))
    return errors.result()
