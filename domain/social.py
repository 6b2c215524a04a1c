"""Profile fields a member edits on their own profile (spec §2 Profile, §3 User).

Display names follow the sign-up rule (2-50 characters; a blank one is "required", as
tests/fixtures/form-messages.json words it for both sides). The rest are Rethread's
(docs/social.md): a bio of at most 500 characters, a height of at most 20 (free text such
as ``5'7"`` or ``170 cm``), an Instagram handle of 1-30 letters, digits, dots or
underscores, typed with or without the ``@``. An empty bio, height or handle clears it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from domain.errors import ValidationError
from domain.validation._rules import FieldErrors, clean, length_error, required_message
from domain.validation.accounts import DISPLAY_NAME_MAX, DISPLAY_NAME_MIN

MAX_BIO = 500
MAX_HEIGHT = 20
MAX_INSTAGRAM = 30
_INSTAGRAM = re.compile(r"[A-Za-z0-9._]{1,30}", re.ASCII)


@dataclass(frozen=True)
class ProfileChanges:
    """``None`` keeps a field as it is."""

    display_name: str | None = None
    bio: str | None = None
    height: str | None = None
    instagram_handle: str | None = None


@dataclass(frozen=True)
class CleanProfile:
    """Validated changes: ``None`` keeps a field, ``""`` clears an optional one."""

    display_name: str | None
    bio: str | None
    height: str | None
    instagram_handle: str | None


def _optional(value: str | None) -> str | None:
    return None if value is None else clean(value)


def validate_profile(changes: ProfileChanges) -> CleanProfile:
    errors = FieldErrors()
    name = _optional(changes.display_name)
    if name is not None:
        errors.add("displayName", length_error(
            name, min_len=DISPLAY_NAME_MIN, max_len=DISPLAY_NAME_MAX,
            too_short="Display name must be at least 2 characters",
            too_long="Display name must be at most 50 characters",
            required=required_message("Display name")))
    bio, height = _optional(changes.bio), _optional(changes.height)
    if bio is not None and len(bio) > MAX_BIO:
        errors.add("bio", f"Bio must be at most {MAX_BIO} characters")
    if height is not None and len(height) > MAX_HEIGHT:
        errors.add("height", f"Height must be at most {MAX_HEIGHT} characters")
    handle = _optional(changes.instagram_handle)
    if handle is not None:
        handle = handle.removeprefix("@")
        if handle and _INSTAGRAM.fullmatch(handle) is None:
            errors.add("instagramHandle", "Instagram handle can only contain letters, "
                                          "numbers, dots and underscores (at most 30)")
    if errors:
        raise ValidationError(errors.result())
    return CleanProfile(name, bio, height, handle)
