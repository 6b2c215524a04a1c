"""A user as every area's responses show them; the email only to themself or an admin."""

from __future__ import annotations

from datetime import datetime

from domain.accounts import User
from entrypoints.http.schemas import CamelStruct


class UserOut(CamelStruct):
    id: int
    username: str
    display_name: str
    avatar_url: str | None
    bio: str | None
    height: str | None
    instagram_handle: str | None
    verified: bool
    rating: float
    rating_count: int
    role: str
    created_at: datetime
    email: str | None = None
    #: Public (a trust mark on profiles, "Verified email"); the address itself is not.
    email_verified: bool = False
    #: Only for the user themself or an admin, like the email.
    two_factor_enabled: bool | None = None
    #: The member closed the account: what is left is a "Deleted member" (issue 41).
    deleted: bool = False


def user_out(user: User, viewer: User | None) -> UserOut:
    """Public fields for everyone; the email only for the user themself or an admin."""
    assert user.id is not None
    can_see_email = viewer is not None and (viewer.id == user.id or viewer.is_admin)
    return UserOut(
        id=user.id, username=user.username, display_name=user.display_name,
        avatar_url=user.avatar_url, bio=user.bio, height=user.height,
        instagram_handle=user.instagram_handle, verified=user.verified,
        rating=float(user.rating), rating_count=user.rating_count, role=user.role.value,
        created_at=user.created_at, email=user.email if can_see_email else None,
        email_verified=user.email_verified,
        two_factor_enabled=user.two_factor_enabled if can_see_email else None,
        deleted=user.is_closed,
    )
