"""Blog posts (spec sections 3, 4 and 5): who may see and change a post, and its two states.

A post is a draft or published. A draft is visible only to its author; a published post to
everyone. Only the author edits a post; the author or an administrator deletes it.
Publishing and unpublishing are idempotent moves that touch ``updated_at``.

Image URLs are stricter than the form rule (which accepts any absolute http(s) URL or site
path): a site path must point into ``/media/`` (uploaded files), so a post never links an
API route or a ``javascript:`` URL as its picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from domain.errors import Forbidden
from domain.slugs import slugify
from domain.validation import validate_blog

MEDIA_PREFIX = "/media/"
EDIT_FORBIDDEN = "You do not have permission to edit this blog post."
DELETE_FORBIDDEN = "You do not have permission to delete this blog post."
INVALID_IMAGE_URL = "Image URL must be a valid URL"


@dataclass(frozen=True)
class BlogAuthor:
    id: int
    username: str
    display_name: str
    avatar_url: str | None = None


@dataclass(frozen=True)
class BlogContent:
    """What the author writes; ``slug`` empty means "make one from the title"."""

    title: str
    content: str
    slug: str = ""
    excerpt: str | None = None
    image_url: str | None = None
    published: bool | None = False  # None on an edit: keep the post's current state
    slug_from_title: bool = False

    def cleaned(self) -> BlogContent:
        """Stripped text; an empty slug becomes the title's slug; empty optionals become None."""
        title, slug = self.title.strip(), self.slug.strip()
        return BlogContent(
            title=title,
            content=self.content.strip(),
            slug=slug or slugify(title),
            excerpt=(self.excerpt or "").strip() or None,
            image_url=(self.image_url or "").strip() or None,
            published=self.published,
            slug_from_title=self.slug_from_title or not slug,
        )

    def errors(self) -> dict[str, str]:
        """Spec §5 field messages plus Rethread's stricter image rule.

        A slug made from a bad title is not reported twice: the title's message is enough.
        """
        errors = validate_blog(self.title, self.content, self.slug, self.excerpt, self.image_url)
        if self.slug_from_title and "title" in errors:
            errors.pop("slug", None)
        if "imageUrl" not in errors and not image_url_allowed(self.image_url):
            errors["imageUrl"] = INVALID_IMAGE_URL
        return errors


def image_url_allowed(url: str | None) -> bool:
    """Empty, an absolute http(s) URL, or a path under /media/ without '..' or backslashes."""
    value = (url or "").strip()
    if not value:
        return True
    if value.startswith("/"):
        return value.startswith(MEDIA_PREFIX) and ".." not in value and "\\" not in value
    return value.lower().startswith(("http://", "https://"))


@dataclass
class BlogPost:
    user_id: int
    title: str
    slug: str
    content: str
    created_at: datetime
    updated_at: datetime
    excerpt: str | None = None
    image_url: str | None = None
    published: bool = False
    id: int | None = None

    @classmethod
    def write(cls, author_id: int, content: BlogContent, now: datetime) -> BlogPost:
        """A new post from already-cleaned, valid content."""
        return cls(
            user_id=author_id, title=content.title, slug=content.slug, content=content.content,
            excerpt=content.excerpt, image_url=content.image_url,
            published=bool(content.published), created_at=now, updated_at=now,
        )

    def can_view(self, viewer_id: int | None) -> bool:
        return self.published or (viewer_id is not None and viewer_id == self.user_id)

    def can_edit(self, user_id: int | None) -> bool:
        return user_id is not None and user_id == self.user_id

    def can_delete(self, user_id: int | None, *, is_admin: bool = False) -> bool:
        return is_admin or self.can_edit(user_id)

    def ensure_can_edit(self, user_id: int | None) -> None:
        if not self.can_edit(user_id):
            raise Forbidden(EDIT_FORBIDDEN)

    def ensure_can_delete(self, user_id: int | None, *, is_admin: bool = False) -> None:
        if not self.can_delete(user_id, is_admin=is_admin):
            raise Forbidden(DELETE_FORBIDDEN)

    def revise(self, editor_id: int, content: BlogContent, now: datetime) -> None:
        """Replace the text (author only); ``published`` None leaves the state as it is."""
        self.ensure_can_edit(editor_id)
        self.title, self.slug, self.content = content.title, content.slug, content.content
        self.excerpt, self.image_url = content.excerpt, content.image_url
        if content.published is True:
            self.publish(now)
        elif content.published is False:
            self.unpublish(now)
        self.updated_at = now

    def publish(self, now: datetime) -> None:
        if not self.published:
            self.published = True
            self.updated_at = now

    def unpublish(self, now: datetime) -> None:
        if self.published:
            self.published = False
            self.updated_at = now
