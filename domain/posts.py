"""Style posts, their comments and the profile fields a member edits (spec §1, §2, §3).

The spec shows no limits for posts; Rethread's (docs/social.md): a caption of at most
2000 characters, at most 10 hashtags of 1-30 letters, digits or underscores (written
``#word`` in the caption and/or sent as chips, stored lower-case without the ``#``), at
most 5 tagged listings, each with an optional hotspot (x, y as fractions 0..1 of the
image), and comments of 1 to 1000 characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from domain.errors import ValidationError
from domain.validation._rules import FieldErrors, clean, length_error

MAX_CONTENT = 2000
MAX_HASHTAGS = 10
MAX_HASHTAG_LENGTH = 30
MAX_TAGGED_PRODUCTS = 5
MAX_COMMENT = 1000

_HASHTAG_IN_TEXT = re.compile(r"(?<![\w#])#(\w{1,30})(?!\w)")
_HASHTAG = re.compile(r"\w{1,30}")


@dataclass(frozen=True)
class ProductTag:
    """A listing tagged on a post, with an optional hotspot on the image."""

    product_id: int
    x: float | None = None
    y: float | None = None

    @property
    def has_hotspot(self) -> bool:
        return self.x is not None and self.y is not None


@dataclass
class StylePost:
    user_id: int
    image_url: str
    thumbnail_url: str
    content: str
    created_at: datetime
    hashtags: tuple[str, ...] = ()
    tags: tuple[ProductTag, ...] = ()
    id: int | None = None

    def can_be_deleted_by(self, user_id: int, is_admin: bool) -> bool:
        return is_admin or user_id == self.user_id


@dataclass
class Comment:
    post_id: int
    user_id: int
    content: str
    created_at: datetime
    id: int | None = None

    def can_be_deleted_by(self, user_id: int, post_author_id: int) -> bool:
        """The comment's author, or the author of the post it is on."""
        return user_id in (self.user_id, post_author_id)


@dataclass(frozen=True)
class PostDraft:
    """What a member sends to publish a post (the image is stored separately)."""

    content: str = ""
    hashtags: list[str] = field(default_factory=list)
    tags: list[ProductTag] = field(default_factory=list)


def normalise_hashtag(text: str) -> str | None:
    """``#Vintage`` -> ``vintage``; ``None`` when it is not 1-30 word characters."""
    name = clean(text).lstrip("#").lower()
    return name if _HASHTAG.fullmatch(name) else None


def hashtags_in(content: str) -> list[str]:
    """The ``#words`` written in a caption, lower-case, in order."""
    return [match.lower() for match in _HASHTAG_IN_TEXT.findall(content)]


def post_hashtags(content: str, chips: list[str]) -> tuple[list[str], str | None]:
    """The post's hashtags (chips first, then the caption's, without repeats) and an error
    message when a chip is malformed or there are too many."""
    names: list[str] = []
    for chip in chips:
        name = normalise_hashtag(chip)
        if name is None:
            return [], (f"Hashtags can only use letters, numbers and underscores "
                        f"(at most {MAX_HASHTAG_LENGTH} characters)")
        names.append(name)
    unique = list(dict.fromkeys([*names, *hashtags_in(content)]))
    if len(unique) > MAX_HASHTAGS:
        return [], f"A post can have at most {MAX_HASHTAGS} hashtags"
    return unique, None


def _tag_errors(tags: list[ProductTag]) -> str | None:
    if len(tags) > MAX_TAGGED_PRODUCTS:
        return f"You can tag at most {MAX_TAGGED_PRODUCTS} items"
    if len({tag.product_id for tag in tags}) != len(tags):
        return "Each item can be tagged once"
    for tag in tags:
        if (tag.x is None) != (tag.y is None):
            return "A tag position needs both x and y"
        if tag.x is not None and tag.y is not None and not (0 <= tag.x <= 1 and 0 <= tag.y <= 1):
            return "Tag positions must be between 0 and 1"
    return None


def validate_draft(draft: PostDraft) -> tuple[str, list[str]]:
    """The cleaned caption and hashtags, or :class:`ValidationError` naming each field."""
    errors = FieldErrors()
    content = clean(draft.content)
    if len(content) > MAX_CONTENT:
        errors.add("content", f"Caption must be at most {MAX_CONTENT} characters")
    hashtags, hashtag_error = post_hashtags(content, draft.hashtags)
    errors.add("hashtags", hashtag_error)
    errors.add("taggedProductIds", _tag_errors(draft.tags))
    if errors:
        raise ValidationError(errors.result())
    return content, hashtags


def comment_text(content: str | None) -> str:
    """The stripped comment, or :class:`ValidationError` unless it has 1-1000 characters."""
    text = clean(content)
    error = length_error(text, min_len=1, max_len=MAX_COMMENT,
                         too_short="Comment cannot be empty",
                         too_long=f"Comment must be at most {MAX_COMMENT} characters")
    if error:
        raise ValidationError({"content": error})
    return text
